// Creating users: used by `npm run user:create`, the demo seed and tests. Validates everything
// first and changes nothing on bad input (a UserInputError with a message fit for a person).
import { sql, type RawBuilder } from 'kysely'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '#core/accounts.ts'
import { hashPassword } from '#core/password.server.ts'
import { PERMISSIONS, isPermission, type Permission } from '#core/permissions.ts'
import type { Executor } from '../client.server.ts'

export class UserInputError extends Error {
  override name = 'UserInputError'
}

// Django's rule for usernames: letters, digits and @ . + - _
const USERNAME_PATTERN = /^[A-Za-z0-9@.+_-]+$/
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/

export interface CreateUserInput {
  username: string
  password: string
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
  const passwordHash = await hashPassword(v.password)

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
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}

/** A user's name as people see it, in SQL: first and last name, or the username (see displayName). */
export function userDisplayName(alias: string): RawBuilder<string> {
  const ref = (column: string) => sql.ref(`${alias}.${column}`)
  return sql<string>`coalesce(nullif(btrim(concat_ws(' ', ${ref('first_name')}, ${ref('last_name')})), ''), ${ref('username')})`
}
