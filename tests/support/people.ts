// People for db tests: a user inserted with the columns a test cares about (the password is never
// used; a user who signs in is tests/support/records.ts makeUser),
// an applicator with its own new user, and the users admin's form as it is sent.
import { randomUUID } from 'node:crypto'
import type { Insertable } from 'kysely'
import type { UserInput } from '#core/schemas/user.ts'
import type { Executor } from '#db/client.server.ts'
import type { UsersTable } from '#db/schema.ts'

/** A new user's id. */
export async function insertUser(db: Executor, username: string, fields: Omit<Partial<Insertable<UsersTable>>, 'username'> = {}): Promise<number> {
  return (
    await db
      .insertInto('users')
      .values({ username, password_hash: 'x', ...fields })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
}

/** A new applicator's id: `licence` on a new user `username`. */
export async function insertApplicator(db: Executor, username: string, licence: { license: string; expiration: string }, user: Parameters<typeof insertUser>[2] = {}): Promise<number> {
  const user_id = await insertUser(db, username, user)
  return (
    await db
      .insertInto('applicators')
      .values({ user_id, ...licence })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
}

/** The users admin's form as sent: a new active user with no rights and a long password, `over` over it. */
export function userForm(over: Partial<UserInput> = {}): UserInput {
  return {
    submission_id: randomUUID(),
    username: `user${Math.floor(Math.random() * 1e9)}`,
    first_name: '',
    last_name: '',
    email: '',
    company: '',
    is_staff: false,
    is_superuser: false,
    is_active: true,
    permissions: [],
    groups: [],
    password: 'a-long-password',
    ...over,
  }
}
