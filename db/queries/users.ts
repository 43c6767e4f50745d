// Creating users: used by `npm run user:create`, the demo seed and tests. Validates everything
// first and changes nothing on bad input (a UserInputError with a message fit for a person).
// Below, the users admin's look-ups and the rows of its save (its rules: commands/users.ts).
import { sql, type RawBuilder } from 'kysely'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '#core/accounts.ts'
import { hashPassword, newPasswordProblem } from '#core/password.server.ts'
import { PERMISSIONS, isPermission, type Permission } from '#core/permissions.ts'
import type { RightsGroup, RightsTarget } from '#core/user-rights.ts'
import { inTransaction, type Executor } from '../client.server.ts'

export class UserInputError extends Error {
  override name = 'UserInputError'
}

// Django's rule for usernames: letters, digits and @ . + - _
const USERNAME_PATTERN = /^[A-Za-z0-9@.+_-]+$/
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/

export interface CreateUserInput {
  username: string
  password: string
  /** a hash already made of `password` (the demo seed's users share one password: hashed once) */
  passwordHash?: string
  firstName?: string
  lastName?: string
  email?: string
  /** The user's company, matched by its exact company_name. */
  companyName?: string | null
  isStaff?: boolean
  isSuperuser?: boolean
  /** Codenames such as 'api.add_callin'; a bare 'add_callin' is read as 'api.add_callin'. */
  permissions?: readonly string[]
}

export interface CreatedUser {
  id: number
  username: string
  companyId: number | null
  permissions: Permission[]
}

function normalisePermission(codename: string): string {
  const trimmed = codename.trim()
  return trimmed.includes('.') ? trimmed : `api.${trimmed}`
}

/**
 * Checks the input without touching the database (so a CLI can fail fast); returns the cleaned
 * values. createUser calls it too, then checks the username and company against the database.
 */
export function checkUserInput(input: CreateUserInput) {
  const username = (input.username ?? '').trim()
  if (!username) throw new UserInputError('Username is required.')
  if (username.length > USERNAME_MAX_LENGTH) throw new UserInputError(`Username must be at most ${USERNAME_MAX_LENGTH} characters.`)
  if (!USERNAME_PATTERN.test(username)) throw new UserInputError('Username may contain only letters, digits and @ . + - _ characters.')
  const password = input.password ?? ''
  if (!password) throw new UserInputError('Password is required.')
  if (password.length < PASSWORD_MIN_LENGTH) throw new UserInputError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  if (password.length > PASSWORD_MAX_LENGTH) throw new UserInputError(`Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  const email = (input.email ?? '').trim()
  const weak = newPasswordProblem(password, { username, firstName: input.firstName, lastName: input.lastName, email, company: input.companyName })
  if (weak) throw new UserInputError(weak)
  if (email && !EMAIL_PATTERN.test(email)) throw new UserInputError(`"${email}" is not an e-mail address.`)
  const given = input.permissions ?? []
  const requested = given.map(normalisePermission)
  const unknown = given.filter((_, i) => !isPermission(requested[i]!))
  if (unknown.length) throw new UserInputError(`Unknown permission${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`)
  const permissions = [...new Set(requested)] as Permission[]
  const companyName = input.companyName?.trim() ? input.companyName : null
  return {
    username,
    password,
    email,
    firstName: (input.firstName ?? '').trim(),
    lastName: (input.lastName ?? '').trim(),
    companyName,
    isStaff: input.isStaff ?? false,
    isSuperuser: input.isSuperuser ?? false,
    permissions,
  }
}

async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst()
  return !!row
}

async function companyId(db: Executor, name: string | null): Promise<number | null> {
  if (name === null) return null
  const row = await db.selectFrom('companies').select('id').where('company_name', '=', name).executeTakeFirst()
  if (!row) throw new UserInputError(`No company is named "${name}".`)
  return row.id
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string }
  return e?.code === '23505' && e.constraint === constraint
}

/**
 * Creates a user with a scrypt password hash and direct permissions, in one transaction.
 * Throws UserInputError when the username is blank, malformed or taken (case-insensitively),
 * the password is missing or shorter than 8 characters, a permission is unknown, or the
 * named company does not exist.
 */
export async function createUser(db: Executor, input: CreateUserInput): Promise<CreatedUser> {
  const v = checkUserInput(input)
  // Cheap checks before the (deliberately slow) hash; repeated inside the transaction.
  if (await usernameTaken(db, v.username)) throw new UserInputError(`The username "${v.username}" is already taken.`)
  await companyId(db, v.companyName)
  const passwordHash = input.passwordHash ?? (await hashPassword(v.password))

  const work = async (trx: Executor): Promise<CreatedUser> => {
    const company = await companyId(trx, v.companyName)
    let id: number
    try {
      const row = await trx
        .insertInto('users')
        .values({
          username: v.username,
          password_hash: passwordHash,
          first_name: v.firstName,
          last_name: v.lastName,
          email: v.email,
          company_id: company,
          is_staff: v.isStaff,
          is_superuser: v.isSuperuser,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      id = row.id
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_uq')) throw new UserInputError(`The username "${v.username}" is already taken.`)
      throw error
    }
    if (v.permissions.length) {
      // The permission rows normally exist (db:migrate syncs them); make sure for a fresh database.
      await trx
        .insertInto('permissions')
        .values(v.permissions.map((codename) => ({ codename, name: PERMISSIONS[codename] })))
        .onConflict((oc) => oc.column('codename').doNothing())
        .execute()
      await trx
        .insertInto('user_permissions')
        .values(v.permissions.map((codename) => ({ user_id: id, codename })))
        .execute()
    }
    return { id, username: v.username, companyId: company, permissions: v.permissions }
  }
  return inTransaction(db, work)
}

/** A user's name as people see it, in SQL: first and last name, or the username (see displayName). */
export function userDisplayName(alias: string): RawBuilder<string> {
  const ref = (column: string) => sql.ref(`${alias}.${column}`)
  return sql<string>`coalesce(nullif(btrim(concat_ws(' ', ${ref('first_name')}, ${ref('last_name')})), ''), ${ref('username')})`
}

// ---------------------------------------------------------------- users admin (Add/Edit User)

export const isId = (id: number) => Number.isSafeInteger(id) && id > 0

/** A stored hash is replaced only if it is still the one that was checked (a password set meanwhile wins). */
export async function replacePasswordHash(db: Executor, userId: number, from: string, to: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: to }).where('id', '=', userId).where('password_hash', '=', from).execute()
}

export interface NamedChoice {
  id: number
  name: string
}

/** The groups a user can be put in, by name, each with its permissions (what giving it grants). */
export async function groupOptions(db: Executor): Promise<RightsGroup[]> {
  const rows = await db
    .selectFrom('groups as g')
    .select(['g.id', 'g.name', sql<string[]>`array(select gp.codename from group_permissions gp where gp.group_id = g.id order by gp.codename)`.as('permissions')])
    .orderBy('g.name')
    .execute()
  return rows.map((g) => ({ id: Number(g.id), name: g.name, permissions: g.permissions.filter(isPermission) }))
}

/** Everything a user holds: their own permissions and their groups' (what the session reads too). */
export async function heldPermissions(db: Executor, userId: number): Promise<Permission[]> {
  const { rows } = await sql<{ codename: string }>`
    select up.codename from user_permissions up where up.user_id = ${userId}
    union
    select gp.codename from user_groups ug join group_permissions gp on gp.group_id = ug.group_id where ug.user_id = ${userId}
    order by 1`.execute(db)
  return rows.map((r) => r.codename).filter(isPermission)
}

/** Every company by name (the service company and the growers): a user's company is one of them. */
export function companyOptions(db: Executor): Promise<NamedChoice[]> {
  return db.selectFrom('companies').select(['id', 'company_name as name']).orderBy('company_name').orderBy('id').execute()
}

/** Every username, for the Edit User picker. */
export function userOptions(db: Executor): Promise<NamedChoice[]> {
  return db.selectFrom('users').select(['id', 'username as name']).orderBy('username').execute()
}

export interface UserRecord {
  id: number
  username: string
  first_name: string
  last_name: string
  email: string
  /** the company's name, '' for none */
  company: string
  is_staff: boolean
  is_superuser: boolean
  is_active: boolean
  /** the user's own permissions (not those of their groups) */
  permissions: Permission[]
  groups: number[]
  /** everything the user holds: their own permissions and their groups' */
  holds: Permission[]
}

export async function userForEdit(db: Executor, id: number): Promise<UserRecord | undefined> {
  if (!isId(id)) return undefined
  const row = await db
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.email',
      'c.company_name',
      'u.is_staff',
      'u.is_superuser',
      'u.is_active',
      sql<string[]>`array(select up.codename from user_permissions up where up.user_id = u.id order by up.codename)`.as('permissions'),
      sql<string[]>`array(select ug.group_id from user_groups ug where ug.user_id = u.id order by ug.group_id)`.as('groups'),
    ])
    .where('u.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const { company_name, permissions, groups, ...rest } = row
  return { ...rest, company: company_name ?? '', permissions: permissions.filter(isPermission), groups: groups.map(Number), holds: await heldPermissions(db, id) }
}

/** An account's permissions, groups and everything it holds, for the delegation rule. */
export async function userRights(db: Executor, id: number): Promise<Pick<RightsTarget, 'permissions' | 'groups' | 'holds'>> {
  const [own, groups, holds] = await Promise.all([
    db.selectFrom('user_permissions').select('codename').where('user_id', '=', id).execute(),
    db.selectFrom('user_groups').select('group_id').where('user_id', '=', id).execute(),
    heldPermissions(db, id),
  ])
  return { permissions: own.map((r) => r.codename).filter(isPermission), groups: groups.map((g) => Number(g.group_id)), holds }
}

// The rows of the users admin's save (commands/users.ts, where its rules are): each checks nothing.

/** The company of this whole name, case ignored. */
export async function companyIdByName(db: Executor, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('id')
    .where(sql<string>`lower(company_name)`, '=', name.toLowerCase())
    .executeTakeFirst()
  return row?.id
}

/** Which of these groups exist. */
export async function existingGroupIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return []
  return (
    await db
      .selectFrom('groups')
      .select('id')
      .where('id', 'in', [...ids])
      .execute()
  ).map((g) => Number(g.id))
}

/** The user who has this username, case ignored. */
export async function userIdByUsername(db: Executor, username: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst()
  return row?.id
}

/** An account as the save finds it, its row locked until the save ends. */
export function userForUpdate(db: Executor, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'email', 'is_active', 'password_hash', 'is_staff', 'is_superuser'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
}

/** A user's own fields, as the users admin sets them. */
export interface UserFields {
  username: string
  first_name: string
  last_name: string
  email: string
  company_id: number | null
  is_active: boolean
  is_staff: boolean
  is_superuser: boolean
}

export async function insertUser(db: Executor, values: UserFields & { password_hash: string; submission_id: string }): Promise<number> {
  return (await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id
}

/** A new password_hash only when one is given (a blank password keeps the old one). */
export async function updateUser(db: Executor, id: number, values: UserFields & { password_hash?: string }): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute()
}

/** Signs the user out everywhere. */
export async function endSessions(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
}

/** The user's own permissions and groups become these. */
export async function replaceUserRights(db: Executor, userId: number, permissions: readonly Permission[], groups: readonly number[]): Promise<void> {
  await db.deleteFrom('user_permissions').where('user_id', '=', userId).execute()
  await db.deleteFrom('user_groups').where('user_id', '=', userId).execute()
  if (permissions.length) {
    // the permission rows normally exist (db:migrate syncs them); make sure for a fresh database
    await db
      .insertInto('permissions')
      .values(permissions.map((codename) => ({ codename, name: PERMISSIONS[codename] })))
      .onConflict((oc) => oc.column('codename').doNothing())
      .execute()
    await db
      .insertInto('user_permissions')
      .values(permissions.map((codename) => ({ user_id: userId, codename })))
      .execute()
  }
  if (groups.length)
    await db
      .insertInto('user_groups')
      .values(groups.map((group_id) => ({ user_id: userId, group_id })))
      .execute()
}

/**
 * The accounts named (case ignored) can no longer sign in, and are signed out everywhere, in one
 * transaction; none is changed when one of the names is unknown. Returns the unknown names.
 */
export async function deactivateUsers(db: Executor, usernames: readonly string[]): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    const ids = await Promise.all(usernames.map((name) => userIdByUsername(trx, name)))
    const unknown = usernames.filter((_, i) => ids[i] === undefined)
    if (unknown.length > 0) return unknown
    for (const id of ids as number[]) {
      await trx.updateTable('users').set({ is_active: false }).where('id', '=', id).execute()
      await endSessions(trx, id)
    }
    return []
  })
}
