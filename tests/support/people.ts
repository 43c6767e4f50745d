// People for db tests: a user with the columns a test cares about (the password is never used),
// and an applicator with its own new user.
import type { Insertable } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import type { UsersTable } from '#db/schema.ts'

/** A new user's id. */
export async function makeUser(db: Executor, username: string, fields: Omit<Partial<Insertable<UsersTable>>, 'username'> = {}): Promise<number> {
  return (
    await db
      .insertInto('users')
      .values({ username, password_hash: 'x', ...fields })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
}

/** A new applicator's id: `licence` on a new user `username`. */
export async function makeApplicator(db: Executor, username: string, licence: { license: string; expiration: string }, user: Parameters<typeof makeUser>[2] = {}): Promise<number> {
  const user_id = await makeUser(db, username, user)
  return (
    await db
      .insertInto('applicators')
      .values({ user_id, ...licence })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
}
