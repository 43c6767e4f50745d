// Sign-in attempts: the throttle's memory. It lives in PostgreSQL so that every app process on
// every machine counts the same attempts (docs/decisions/0012-sign-in-throttle.md).
import { sql } from 'kysely'
import type { Executor } from '../client.server.ts'

/** Failures in the window, an attempt still being checked counted as one. */
export interface FailureCounts {
  ofUsernameAtAddress: number
  ofAddress: number
  ofUsername: number
}

export interface RecordedAttempt {
  id: number
  /** the failures counted before this try */
  counts: FailureCounts
}

// Two-key advisory locks have their own key space; pg-boss and the demo seed use one-key locks.
const ADDRESS_LOCK = sql`hashtext('sign-in address')`
const USERNAME_LOCK = sql`hashtext('sign-in username')`

/**
 * Counts the failures of the last `windowMinutes` and, if `admit` agrees, records this try as
 * being checked (succeeded null) — in one short transaction holding the address's and then the
 * username's advisory lock (always in that order, so two tries never wait on each other in a
 * cycle). Tries sent in parallel are thus counted one after the other, each seeing the ones before
 * it; the slow password check runs after the commit, without a connection.
 */
export async function recordAttemptIfAdmitted(
  db: Executor,
  attempt: { usernameKey: string; ip: string; windowMinutes: number },
  admit: (counts: FailureCounts) => boolean,
): Promise<RecordedAttempt | null> {
  const { usernameKey, ip, windowMinutes } = attempt
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${ip}))`.execute(trx)
    await sql`select pg_advisory_xact_lock(${USERNAME_LOCK}, hashtext(${usernameKey}))`.execute(trx)
    const counts = await trx
      .selectFrom('login_attempts')
      .select([
        sql<number>`count(*) filter (where username_key = ${usernameKey} and ip = ${ip})::int`.as('ofUsernameAtAddress'),
        sql<number>`count(*) filter (where ip = ${ip})::int`.as('ofAddress'),
        sql<number>`count(*) filter (where username_key = ${usernameKey})::int`.as('ofUsername'),
      ])
      .where(sql<boolean>`succeeded is not true`)
      .where('at', '>', sql<Date>`now() - make_interval(mins => ${windowMinutes})`)
      .where((eb) => eb.or([eb('username_key', '=', usernameKey), eb('ip', '=', ip)]))
      .executeTakeFirstOrThrow()
    if (!admit(counts)) return null
    const { id } = await trx.insertInto('login_attempts').values({ username_key: usernameKey, ip, succeeded: null }).returning('id').executeTakeFirstOrThrow()
    return { id, counts }
  })
}

/** The outcome of a recorded try's password check. */
export async function settleAttempt(db: Executor, id: number, succeeded: boolean): Promise<void> {
  await db.updateTable('login_attempts').set({ succeeded }).where('id', '=', id).execute()
}

/** The active user a sign-in names (usernames are unique ignoring case), with the stored hash. */
export async function findUserToSignIn(db: Executor, usernameKey: string): Promise<{ id: number; password_hash: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where(sql`lower(username)`, '=', usernameKey)
    .where('is_active', '=', true)
    .executeTakeFirst()
}

/** Forgets the tries recorded before `hours` ago (the throttle only looks at the last minutes). */
export async function forgetSignInAttempts(db: Executor, hours: number): Promise<number> {
  const result = await db
    .deleteFrom('login_attempts')
    .where('at', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
