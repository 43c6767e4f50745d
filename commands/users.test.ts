// The users admin's one save (Add User and Edit User's command), run as the form runs it, against
// a real database: what each rule lets through and what it refuses (with nothing saved), and that
// user:create's createUser still works beside it.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError, ForbiddenError } from '#core/errors.ts'
import { verifyPassword } from '#core/password.server.ts'
import { USER_MESSAGES, type UserInput } from '#core/schemas/user.ts'
import { RIGHTS_MESSAGES } from '#core/user-rights.ts'
import { PERMISSION_CODENAMES } from '#core/permissions.ts'
import { createUser, userForEdit } from '#db/queries/users.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { userForm } from '../tests/support/people.ts'
import { refusedFields } from '../tests/support/refusals.ts'
import { KEY_MESSAGES, runCommand, type Actor } from './command.ts'
import { saveUser as saveUserCommand } from './users.ts'

let t: TestDatabase
let root: Actor
let manager: Actor
let groupId: number

/** The form's save, keyed by its submission id (the actor's rights are read by the save itself). */
const saveUser = async (db: TestDatabase['db'], actor: Actor, form: UserInput) => (await runCommand(db, saveUserCommand, { actor, key: form.submission_id, input: form })).id

/** Who signs in: only the id and the superuser flag matter to the save. */
const actor = (id: number, is_superuser: boolean, username = `user${id}`): Actor => ({ id, username, is_superuser, permissions: [] })

beforeAll(async () => {
  t = await createTestDatabase()
  await t.db.insertInto('companies').values({ company_name: 'Snake River Farms' }).execute()
  groupId = (await t.db.insertInto('groups').values({ name: 'Reviewers' }).returning('id').executeTakeFirstOrThrow()).id
  await t.db
    .insertInto('permissions')
    .values({ codename: 'api.view_callin', name: 'Can view call-ins' })
    .onConflict((oc) => oc.doNothing())
    .execute()
  await t.db.insertInto('group_permissions').values({ group_id: groupId, codename: 'api.view_callin' }).execute()
  root = actor((await createUser(t.db, { username: 'root', password: 'root-pass-1', isSuperuser: true, isStaff: true })).id, true, 'root')
  manager = actor((await createUser(t.db, { username: 'manager', password: 'manager-pass-1', permissions: ['api.change_user', 'api.add_user'] })).id, false, 'manager')
})
afterAll(() => t.drop())

const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('adding a user', () => {
  it('saves the fields, company (case ignored), permissions and groups, with a scrypt hash', async () => {
    const id = await saveUser(t.db, root, userForm({ username: 'jbaird', first_name: 'Jill', company: 'snake river farms', permissions: ['api.view_callin'], groups: [groupId], is_staff: true }))
    expect(await userForEdit(t.db, id)).toMatchObject({
      username: 'jbaird',
      first_name: 'Jill',
      company: 'Snake River Farms',
      is_staff: true,
      is_active: true,
      permissions: ['api.view_callin'],
      groups: [groupId],
    })
    const { password_hash } = await t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()
    expect(password_hash).toMatch(/^scrypt\$/)
    expect(await verifyPassword('a-long-password', password_hash)).toBe(true)
  })

  it('makes one user of a form sent twice', async () => {
    const form = userForm({ username: 'twice' })
    const first = await saveUser(t.db, root, form)
    expect(await saveUser(t.db, root, form)).toBe(first)
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'twice').execute()).toHaveLength(1)
    const together = userForm({ username: 'together' })
    const [a, b] = await Promise.all([saveUser(t.db, root, together), saveUser(t.db, root, together)])
    expect(b).toBe(a)
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'together').execute()).toHaveLength(1)
  })

  it('keeps no password with its key, yet refuses the key sent again with another password (reload the page), setting nothing', async () => {
    const form = userForm({ username: 'keyless', password: 'first-pass-12' })
    const id = await saveUser(t.db, root, form)
    expect(await saveUser(t.db, root, form)).toBe(id) // the same form again: the same answer
    const hash = async () => (await t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash
    const again = await saveUser(t.db, root, { ...form, password: 'second-pass-12' }).catch((e: unknown) => e)
    expect(again).toBeInstanceOf(ConflictError)
    expect((again as ConflictError).message).toBe(KEY_MESSAGES.reused)
    // an edit saved without a password, its key sent again with one: refused too, not "saved"
    const edit = userForm({ user_id: id, username: 'keyless', first_name: 'Kay', password: undefined })
    await saveUser(t.db, root, edit)
    expect(await saveUser(t.db, root, { ...edit, password: 'third-pass-123' }).catch((e: unknown) => e)).toBeInstanceOf(ConflictError)
    expect(await verifyPassword('first-pass-12', await hash())).toBe(true)
  })

  it('refuses a taken username (case ignored), an unknown company or group, and flags from a non-superuser, saving nothing', async () => {
    const before = await count()
    expect(await refusedFields(saveUser(t.db, root, userForm({ username: 'JBAIRD' })))).toEqual({ username: USER_MESSAGES.usernameTaken })
    expect(await refusedFields(saveUser(t.db, root, userForm({ company: 'Nobody Farms' })))).toEqual({ company: USER_MESSAGES.company })
    expect(await refusedFields(saveUser(t.db, root, userForm({ groups: [groupId, 999_999] })))).toEqual({ groups: USER_MESSAGES.group })
    expect(await refusedFields(saveUser(t.db, manager, userForm({ is_superuser: true })))).toEqual({ is_superuser: USER_MESSAGES.flagsSuperuserOnly })
    expect(await refusedFields(saveUser(t.db, manager, userForm({ is_staff: true })))).toEqual({ is_staff: USER_MESSAGES.flagsSuperuserOnly })
    expect(await count()).toBe(before)
  })

  it('refuses a password easy to guess (repeats, the username, the company’s name and a digit), saying why; on Edit User too', async () => {
    const before = await count()
    const own = USER_MESSAGES.passwordWeak('it contains a name, username or e-mail of the account, or the company’s name.')
    expect(await refusedFields(saveUser(t.db, root, userForm({ password: 'aaaaaaaa' })))).toEqual({ password: USER_MESSAGES.passwordWeak('repeated characters like “aaa” are easy to guess.') })
    expect(await refusedFields(saveUser(t.db, root, userForm({ username: 'wheatfield-7', password: 'wheatfield-7' })))).toEqual({ password: own })
    expect(await refusedFields(saveUser(t.db, root, userForm({ password: 'Keystone Storage Services1' })))).toEqual({ password: own })
    expect(await refusedFields(saveUser(t.db, root, userForm({ company: 'Snake River Farms', password: 'snakeriverfarms1' })))).toEqual({ password: own })
    expect(await count()).toBe(before)
    const id = await saveUser(t.db, root, userForm({ username: 'guessable', password: 'first-pass-12' }))
    expect(await refusedFields(saveUser(t.db, root, userForm({ user_id: id, username: 'guessable', password: 'guessable1' })))).toEqual({ password: own })
    expect(await verifyPassword('first-pass-12', (await t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash)).toBe(true)
  })
})

describe('editing a user', () => {
  it('keeps the flags a non-superuser could not send, and refuses granting them', async () => {
    const id = await saveUser(t.db, root, userForm({ username: 'stafffer', is_staff: true }))
    // the disabled checkbox sends nothing: the flag stays
    await saveUser(t.db, manager, userForm({ user_id: id, username: 'stafffer', company: 'Snake River Farms', is_staff: false, password: undefined }))
    expect(await userForEdit(t.db, id)).toMatchObject({ company: 'Snake River Farms', is_staff: true })
    const plain = await saveUser(t.db, root, userForm({ username: 'plain' }))
    expect(await refusedFields(saveUser(t.db, manager, userForm({ user_id: plain, username: 'plain', is_superuser: true, password: undefined })))).toEqual({
      is_superuser: USER_MESSAGES.flagsSuperuserOnly,
    })
    expect(await userForEdit(t.db, plain)).toMatchObject({ is_superuser: false })
  })

  it('never lets a non-superuser change a superuser (their password least of all)', async () => {
    const error = await saveUser(t.db, manager, userForm({ user_id: root.id, username: 'root', is_superuser: true, is_staff: true, password: 'taken-over-1' })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ForbiddenError)
    const { password_hash } = await t.db.selectFrom('users').select('password_hash').where('id', '=', root.id).executeTakeFirstOrThrow()
    expect(await verifyPassword('root-pass-1', password_hash)).toBe(true)
  })

  it('refuses deactivating oneself and dropping one’s own superuser flag', async () => {
    expect(await refusedFields(saveUser(t.db, root, userForm({ user_id: root.id, username: 'root', is_superuser: true, is_staff: true, is_active: false, password: undefined })))).toEqual({
      is_active: USER_MESSAGES.selfInactive,
    })
    expect(await refusedFields(saveUser(t.db, root, userForm({ user_id: root.id, username: 'root', is_superuser: false, is_staff: true, password: undefined })))).toEqual({
      is_superuser: USER_MESSAGES.selfSuperuser,
    })
    expect(await userForEdit(t.db, root.id)).toMatchObject({ is_superuser: true, is_active: true })
  })

  it('changes one’s own username or password only with one’s current password', async () => {
    const self = actor(await saveUser(t.db, root, userForm({ username: 'selfish', password: 'selfish-pass-1' })), false, 'selfish')
    const mine = (over: Partial<UserInput>) => userForm({ user_id: self.id, username: 'selfish', password: undefined, ...over })
    expect(await refusedFields(saveUser(t.db, self, mine({ password: 'new-pass-123' })))).toEqual({ current_password: USER_MESSAGES.currentPassword })
    expect(await refusedFields(saveUser(t.db, self, mine({ username: '0x10', current_password: 'wrong-pass-1' })))).toEqual({ current_password: USER_MESSAGES.currentPassword })
    await saveUser(t.db, self, mine({ first_name: 'Sel' })) // other fields need nothing more
    await saveUser(t.db, self, mine({ password: 'new-pass-123', current_password: 'selfish-pass-1' }))
    const { username, password_hash } = await t.db.selectFrom('users').select(['username', 'password_hash']).where('id', '=', self.id).executeTakeFirstOrThrow()
    expect(username).toBe('selfish')
    expect(await verifyPassword('new-pass-123', password_hash)).toBe(true)
  })

  it('deactivating ends the user’s sessions in the same save; a blank password keeps the old one', async () => {
    const id = await saveUser(t.db, root, userForm({ username: 'leaving', password: 'leaving-pass-1' }))
    await t.db
      .insertInto('sessions')
      .values({ id: randomUUID(), user_id: id, expires_at: new Date(Date.now() + 3_600_000) })
      .execute()
    await saveUser(t.db, root, userForm({ user_id: id, username: 'leaving', is_active: false, password: undefined }))
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([])
    const { password_hash } = await t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()
    expect(await verifyPassword('leaving-pass-1', password_hash)).toBe(true)
  })

  it('replaces the permissions and groups with the form’s, and refuses a username another user has', async () => {
    const id = await saveUser(t.db, root, userForm({ username: 'perms', permissions: ['api.view_callin', 'api.add_callin'], groups: [groupId] }))
    await saveUser(t.db, root, userForm({ user_id: id, username: 'perms', permissions: ['api.view_receipt'], groups: [], password: undefined }))
    expect(await userForEdit(t.db, id)).toMatchObject({ permissions: ['api.view_receipt'], groups: [] })
    expect(await refusedFields(saveUser(t.db, root, userForm({ user_id: id, username: 'Manager', password: undefined })))).toEqual({ username: USER_MESSAGES.usernameTaken })
  })
})

describe('rights are delegated, never minted', () => {
  const permissionsOf = async (id: number) => (await userForEdit(t.db, id))!.permissions
  const hashOf = async (id: number) => (await t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash

  it('a manager grants and removes only what they hold: a permission or group they lack is refused, nothing saved', async () => {
    const id = await saveUser(t.db, root, userForm({ username: 'delegate1', permissions: ['api.view_receipt'] }))
    const edit = (over: Partial<UserInput>) => userForm({ user_id: id, username: 'delegate1', password: undefined, ...over })
    // holds change_user and add_user: granting add_user is delegation
    await saveUser(t.db, manager, edit({ permissions: ['api.view_receipt', 'api.add_user'] }))
    expect(await permissionsOf(id)).toEqual(['api.add_user', 'api.view_receipt'])
    expect(await refusedFields(saveUser(t.db, manager, edit({ permissions: ['api.view_receipt', 'api.add_user', 'api.view_user', 'api.s3_admin'] })))).toEqual({
      permissions: RIGHTS_MESSAGES.permissions(['api.s3_admin', 'api.view_user']),
    })
    // taking away what one cannot give back is refused too
    expect(await refusedFields(saveUser(t.db, manager, edit({ permissions: ['api.add_user'] })))).toEqual({ permissions: RIGHTS_MESSAGES.permissions(['api.view_receipt']) })
    expect(await refusedFields(saveUser(t.db, manager, edit({ permissions: ['api.view_receipt', 'api.add_user'], groups: [groupId] })))).toEqual({ groups: RIGHTS_MESSAGES.groups(['Reviewers']) })
    expect(await userForEdit(t.db, id)).toMatchObject({ permissions: ['api.add_user', 'api.view_receipt'], groups: [] })
  })

  it('a manager cannot grant themself anything, not even what they hold', async () => {
    const self = (over: Partial<UserInput>) => userForm({ user_id: manager.id, username: 'manager', password: undefined, ...over })
    expect(await refusedFields(saveUser(t.db, manager, self({ permissions: [...PERMISSION_CODENAMES] })))).toEqual({ permissions: RIGHTS_MESSAGES.own })
    expect(await refusedFields(saveUser(t.db, manager, self({ permissions: ['api.add_user', 'api.change_user'], groups: [groupId] })))).toEqual({ groups: RIGHTS_MESSAGES.own })
    expect(await permissionsOf(manager.id)).toEqual(['api.add_user', 'api.change_user'])
    await saveUser(t.db, manager, self({ permissions: ['api.add_user', 'api.change_user'], first_name: 'Manny' })) // the same lists: no change
  })

  it('a user who may only add users creates none with a permission they lack', async () => {
    const adder = actor((await createUser(t.db, { username: 'adder', password: 'adder-pass-1', permissions: ['api.add_user'] })).id, false, 'adder')
    const before = await count()
    expect(await refusedFields(saveUser(t.db, adder, userForm({ username: 'minted', permissions: [...PERMISSION_CODENAMES] })))).toEqual({
      permissions: RIGHTS_MESSAGES.permissions(PERMISSION_CODENAMES.filter((p) => p !== 'api.add_user').sort()),
    })
    expect(await count()).toBe(before)
    await saveUser(t.db, adder, userForm({ username: 'delegated', permissions: ['api.add_user'] }))
  })

  it('a user who may only add users puts nobody in a group holding a right they lack', async () => {
    const adder = actor((await createUser(t.db, { username: 'groupadder', password: 'adder-pass-1', permissions: ['api.add_user'] })).id, false, 'groupadder')
    const before = await count()
    expect(await refusedFields(saveUser(t.db, adder, userForm({ username: 'grouped', groups: [groupId] })))).toEqual({ groups: RIGHTS_MESSAGES.groups(['Reviewers']) })
    expect(await count()).toBe(before)
  })

  it('reads the saver’s rights from the database when it saves, not from the session that asks', async () => {
    // a session read before the manager's rights were taken away still lists them: the save refuses all the same
    const stale = { ...manager, permissions: [...PERMISSION_CODENAMES] }
    const id = await saveUser(t.db, root, userForm({ username: 'stalesession' }))
    expect(await refusedFields(saveUser(t.db, stale, userForm({ user_id: id, username: 'stalesession', permissions: ['api.s3_admin'], password: undefined })))).toEqual({
      permissions: RIGHTS_MESSAGES.permissions(['api.s3_admin']),
    })
    expect(await permissionsOf(id)).toEqual([])
  })

  it('a manager sets no password of a staff user, nor of one holding a right they lack; nothing changes', async () => {
    const staff = await saveUser(t.db, root, userForm({ username: 'staffpw', password: 'staff-pass-1', is_staff: true }))
    const richer = await saveUser(t.db, root, userForm({ username: 'richerpw', password: 'richer-pass-1', groups: [groupId] }))
    const staffHash = await hashOf(staff)
    const richerHash = await hashOf(richer)
    expect(await refusedFields(saveUser(t.db, manager, userForm({ user_id: staff, username: 'staffpw', is_staff: true, password: 'taken-over-1' })))).toEqual({
      password: RIGHTS_MESSAGES.staffPassword,
    })
    expect(await refusedFields(saveUser(t.db, manager, userForm({ user_id: richer, username: 'richerpw', groups: [groupId], password: 'taken-over-1' })))).toEqual({
      password: RIGHTS_MESSAGES.password(['api.view_callin']),
    })
    expect(await hashOf(staff)).toBe(staffHash)
    expect(await hashOf(richer)).toBe(richerHash)
    // a user holding nothing the manager lacks: allowed
    const plainUser = await saveUser(t.db, root, userForm({ username: 'plainpw', permissions: ['api.add_user'] }))
    await saveUser(t.db, manager, userForm({ user_id: plainUser, username: 'plainpw', permissions: ['api.add_user'], password: 'reset-pass-1' }))
    expect(await verifyPassword('reset-pass-1', await hashOf(plainUser))).toBe(true)
  })

  it('a manager deactivates, renames or re-addresses no staff user, nor one holding a right they lack; nothing changes', async () => {
    const staff = await saveUser(t.db, root, userForm({ username: 'staffacct', first_name: 'Stan', email: 'stan@example.com', is_staff: true }))
    const richer = await saveUser(t.db, root, userForm({ username: 'richeracct', first_name: 'Rich', email: 'rich@example.com', groups: [groupId] }))
    const asIs = { first_name: 'Stan', email: 'stan@example.com', password: undefined }
    const staffEdit = (over: Partial<UserInput>) => userForm({ user_id: staff, username: 'staffacct', is_staff: true, ...asIs, ...over })
    expect(await refusedFields(saveUser(t.db, manager, staffEdit({ is_active: false })))).toEqual({ is_active: RIGHTS_MESSAGES.staffAccount })
    expect(await refusedFields(saveUser(t.db, manager, staffEdit({ username: 'staffacct2', first_name: 'Eve', last_name: 'Stone' })))).toEqual({
      username: RIGHTS_MESSAGES.staffAccount,
      first_name: RIGHTS_MESSAGES.staffAccount,
      last_name: RIGHTS_MESSAGES.staffAccount,
    })
    expect(await refusedFields(saveUser(t.db, manager, staffEdit({ email: 'eve@example.com' })))).toEqual({ email: RIGHTS_MESSAGES.staffAccount })
    const richerEdit = (over: Partial<UserInput>) =>
      userForm({ user_id: richer, username: 'richeracct', first_name: 'Rich', email: 'rich@example.com', groups: [groupId], password: undefined, ...over })
    expect(await refusedFields(saveUser(t.db, manager, richerEdit({ is_active: false, email: 'eve@example.com' })))).toEqual({
      is_active: RIGHTS_MESSAGES.account(['api.view_callin']),
      email: RIGHTS_MESSAGES.account(['api.view_callin']),
    })
    expect(await userForEdit(t.db, staff)).toMatchObject({ username: 'staffacct', first_name: 'Stan', last_name: '', email: 'stan@example.com', is_active: true })
    expect(await userForEdit(t.db, richer)).toMatchObject({ username: 'richeracct', email: 'rich@example.com', is_active: true })
    // sent back as shown (the form's read-only fields), the rest of the account still saves
    await saveUser(t.db, manager, staffEdit({ company: 'Snake River Farms' }))
    expect(await userForEdit(t.db, staff)).toMatchObject({ company: 'Snake River Farms', first_name: 'Stan' })
  })
})
