// Moving users from the old Django system (`npm run users:import -- file.json`, bin/users-import.ts;
// docs/decisions/0032-user-import-and-password-hashes.md). Reads a `dumpdata` of auth.user,
// auth.group and auth.permission (and contenttypes.contenttype when it is there), with or without
// --natural-foreign / --natural-primary, and writes it in one transaction:
// - users are matched by username (case ignored): one already here is left as it is, so running
//   the import again changes nothing (and never undoes a password re-hashed since);
// - passwords stay Django's pbkdf2_sha256 hashes until the first sign-in re-hashes them with scrypt;
//   any other kind (argon2, bcrypt, md5, an unusable "!…") refuses the whole import, naming each
//   user, unless skipRefused is set: then those users are left out and named;
// - permissions keep their names: `api.<codename>` for app_label api; names the app does not know
//   (auth.add_user, admin.view_logentry…) are reported and skipped;
// - groups are matched by name, made when missing, and get the known permissions they lack.
import { sql } from 'kysely'
import { USERNAME_MAX_LENGTH } from '#core/accounts.ts'
import { hasControlCharacters } from '#core/formats.ts'
import { djangoHashProblem } from '#core/password.server.ts'
import { PERMISSIONS, isPermission, type Permission } from '#core/permissions.ts'
import { USERNAME_PATTERN } from '#core/schemas/user.ts'
import { inTransaction, type Executor } from '../client.server.ts'
import { UserInputError } from './users.ts'

/** A reference to another entry: its pk, or its natural key (a list of strings). */
type Ref = number | string | readonly unknown[]

interface DumpEntry {
  model: string
  pk?: unknown
  fields: Record<string, unknown>
}

export interface DjangoUser {
  username: string
  password: string
  first_name: string
  last_name: string
  email: string
  is_staff: boolean
  is_superuser: boolean
  is_active: boolean
  groups: string[]
  permissions: Permission[]
}

export interface DjangoDump {
  users: DjangoUser[]
  groups: { name: string; permissions: Permission[] }[]
  /** permission names found in the file that the app does not know */
  unknownPermissions: string[]
  /** entries of other models, by model, left alone */
  otherModels: Record<string, number>
}

const DUMP_SHAPE = 'a Django dumpdata (a JSON array of {"model", "pk", "fields"} objects)'

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.trim().slice(0, max) : '')
const flag = (value: unknown): boolean => value === true
const keyOf = (ref: unknown): string => JSON.stringify(ref)

/**
 * Reads the file's text as a Django dump. Throws UserInputError, saying what is wrong and where,
 * for text that is not JSON, not a dump, or users that cannot be taken over as they are.
 */
export function readDjangoDump(source: string, { skipRefused = false }: { skipRefused?: boolean } = {}): DjangoDump & { refused: string[] } {
  let parsed: unknown
  try {
    parsed = JSON.parse(source)
  } catch (error) {
    throw new UserInputError(`The file is not JSON (${(error as Error).message}); expected ${DUMP_SHAPE}.`)
  }
  if (!Array.isArray(parsed)) throw new UserInputError(`The file is JSON but not ${DUMP_SHAPE}.`)
  const entries: DumpEntry[] = parsed.map((entry, i) => {
    const e = entry as Partial<DumpEntry> | null
    if (!e || typeof e !== 'object' || typeof e.model !== 'string' || !e.fields || typeof e.fields !== 'object') {
      throw new UserInputError(`Entry ${i + 1} is not a dumpdata entry (it needs "model" and "fields"); expected ${DUMP_SHAPE}.`)
    }
    return e as DumpEntry
  })
  const ofModel = (model: string) => entries.filter((e) => e.model.toLowerCase() === model)

  // content types by pk (a dump without natural keys names a permission's app through them)
  const contentTypes = new Map<string, string>()
  for (const e of ofModel('contenttypes.contenttype')) contentTypes.set(keyOf(e.pk), text(e.fields.app_label, 100))

  // permissions, by pk and by natural key [codename, app_label, model]
  const permissionNames = new Map<string, string>()
  for (const e of ofModel('auth.permission')) {
    const codename = text(e.fields.codename, 100)
    const type = e.fields.content_type
    const appLabel = Array.isArray(type) ? text(type[0], 100) : (contentTypes.get(keyOf(type)) ?? 'api')
    const name = `${appLabel}.${codename}`
    if (e.pk !== undefined) permissionNames.set(keyOf(e.pk), name)
    if (Array.isArray(type)) permissionNames.set(keyOf([codename, ...type]), name)
  }
  const unknown = new Set<string>()
  const permissionsOf = (refs: unknown, owner: string): Permission[] => {
    const found: Permission[] = []
    for (const ref of Array.isArray(refs) ? (refs as Ref[]) : []) {
      // a natural key names the permission itself; a pk needs its auth.permission entry
      const name = permissionNames.get(keyOf(ref)) ?? (Array.isArray(ref) ? `${text(ref[1], 100)}.${text(ref[0], 100)}` : null)
      if (name === null) throw new UserInputError(`${owner} refers to permission ${keyOf(ref)}, which the file does not hold (dump auth.permission too, or use --natural-foreign).`)
      if (isPermission(name)) found.push(name)
      else unknown.add(name)
    }
    return [...new Set(found)]
  }

  const groupNames = new Map<string, string>()
  const groups = ofModel('auth.group').map((e) => {
    const name = text(e.fields.name, 150)
    if (!name || hasControlCharacters(name)) throw new UserInputError(`A group (pk ${keyOf(e.pk)}) has no usable name.`)
    if (e.pk !== undefined) groupNames.set(keyOf(e.pk), name)
    groupNames.set(keyOf([name]), name)
    return { name, permissions: permissionsOf(e.fields.permissions, `Group "${name}"`) }
  })

  const refused: string[] = []
  const seen = new Map<string, string>()
  const users: DjangoUser[] = []
  for (const e of ofModel('auth.user')) {
    const f = e.fields
    const username = typeof f.username === 'string' ? f.username : ''
    const label = username ? `User "${username}"` : `The user with pk ${keyOf(e.pk)}`
    if (!username || username.length > USERNAME_MAX_LENGTH || !USERNAME_PATTERN.test(username)) {
      refused.push(`${label}: the username must be 1 to ${USERNAME_MAX_LENGTH} letters, digits or @ . + - _ characters`)
      continue
    }
    const twin = seen.get(username.toLowerCase())
    if (twin) {
      refused.push(`${label}: the same username as "${twin}" once case is ignored (sign-in ignores case here)`)
      continue
    }
    seen.set(username.toLowerCase(), username)
    const password = typeof f.password === 'string' ? f.password : ''
    const problem = djangoHashProblem(password)
    if (problem) {
      refused.push(`${label} ${problem}`)
      continue
    }
    const groupsOfUser = (Array.isArray(f.groups) ? (f.groups as Ref[]) : []).map((ref) => {
      const name = groupNames.get(keyOf(ref))
      if (!name) throw new UserInputError(`${label} is in group ${keyOf(ref)}, which the file does not hold (dump auth.group too).`)
      return name
    })
    users.push({
      username,
      password,
      first_name: text(f.first_name, 150),
      last_name: text(f.last_name, 150),
      email: text(f.email, 254),
      is_staff: flag(f.is_staff),
      is_superuser: flag(f.is_superuser),
      is_active: f.is_active === undefined ? true : flag(f.is_active),
      groups: [...new Set(groupsOfUser)],
      permissions: permissionsOf(f.user_permissions, label),
    })
  }
  if (refused.length && !skipRefused) {
    throw new UserInputError(
      `Nothing was imported: ${refused.length} user${refused.length > 1 ? 's' : ''} cannot be taken over as they are:\n  ${refused.join('\n  ')}\n(Run again with --skip-refused to import the others and leave these out.)`,
    )
  }
  if (users.length === 0 && groups.length === 0 && refused.length === 0) throw new UserInputError(`The file holds no auth.user or auth.group entries: nothing to import.`)

  const otherModels: Record<string, number> = {}
  for (const e of entries) {
    if (!['auth.user', 'auth.group', 'auth.permission', 'contenttypes.contenttype'].includes(e.model.toLowerCase())) otherModels[e.model] = (otherModels[e.model] ?? 0) + 1
  }
  return { users, groups, unknownPermissions: [...unknown].sort(), otherModels, refused }
}

export interface ImportResult {
  usersAdded: string[]
  /** usernames already here (case ignored): left as they are */
  usersKept: string[]
  groupsAdded: string[]
}

/** Writes the dump in one transaction; idempotent by username and group name. */
export async function importDjangoUsers(db: Executor, dump: DjangoDump): Promise<ImportResult> {
  const work = async (trx: Executor): Promise<ImportResult> => {
    const known = [...new Set([...dump.groups.flatMap((g) => g.permissions), ...dump.users.flatMap((u) => u.permissions)])]
    if (known.length) {
      await trx
        .insertInto('permissions')
        .values(known.map((codename) => ({ codename, name: PERMISSIONS[codename] })))
        .onConflict((oc) => oc.column('codename').doNothing())
        .execute()
    }
    const groupsAdded: string[] = []
    const groupIds = new Map<string, number>()
    for (const group of dump.groups) {
      const added = await trx
        .insertInto('groups')
        .values({ name: group.name })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('id')
        .executeTakeFirst()
      if (added) groupsAdded.push(group.name)
      const id = added?.id ?? (await trx.selectFrom('groups').select('id').where('name', '=', group.name).executeTakeFirstOrThrow()).id
      groupIds.set(group.name, id)
      if (group.permissions.length) {
        await trx
          .insertInto('group_permissions')
          .values(group.permissions.map((codename) => ({ group_id: id, codename })))
          .onConflict((oc) => oc.columns(['group_id', 'codename']).doNothing())
          .execute()
      }
    }
    const usersAdded: string[] = []
    const usersKept: string[] = []
    for (const user of dump.users) {
      const here = await trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', user.username.toLowerCase())
        .executeTakeFirst()
      if (here) {
        usersKept.push(user.username)
        continue
      }
      const { id } = await trx
        .insertInto('users')
        .values({
          username: user.username,
          password_hash: user.password,
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          is_staff: user.is_staff,
          is_superuser: user.is_superuser,
          is_active: user.is_active,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      usersAdded.push(user.username)
      if (user.permissions.length)
        await trx
          .insertInto('user_permissions')
          .values(user.permissions.map((codename) => ({ user_id: id, codename })))
          .execute()
      const groups = user.groups.map((name) => groupIds.get(name)!)
      if (groups.length)
        await trx
          .insertInto('user_groups')
          .values(groups.map((group_id) => ({ user_id: id, group_id })))
          .execute()
    }
    return { usersAdded, usersKept, groupsAdded }
  }
  return inTransaction(db, work)
}
