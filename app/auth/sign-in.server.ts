// Sign-in through remix-auth's FormStrategy, throttled per username and per address.
import { sql } from 'kysely'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { Executor } from '#db/client.server.ts'
import { verifyAgainstNothing, verifyPassword } from '#core/password.server.ts'
import { clientIp } from './session.server.ts'

export const LOGIN_FAILED = 'Login failed. Please try again.'
export const LOGIN_THROTTLED = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.'
export const THROTTLE_WINDOW_MINUTES = 15
export const MAX_FAILURES_PER_USERNAME = 5
export const MAX_FAILURES_PER_ADDRESS = 30

export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

const usernameKey = (username: string) => username.trim().toLowerCase()

async function isThrottled(db: Executor, username: string, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('login_attempts')
    .select([
      sql<number>`count(*) filter (where username_key = ${usernameKey(username)})::int`.as('by_user'),
      sql<number>`count(*) filter (where ip = ${ip})::int`.as('by_ip'),
    ])
    .where('succeeded', '=', false)
    .where('at', '>', sql<Date>`now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})`)
    .where((eb) => eb.or([eb('username_key', '=', usernameKey(username)), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow()
  return row.by_user >= MAX_FAILURES_PER_USERNAME || (ip !== '' && row.by_ip >= MAX_FAILURES_PER_ADDRESS)
}

function authenticatorFor(db: Executor): Authenticator<number> {
  const authenticator = new Authenticator<number>()
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const username = String(form.get('username') ?? '').trim()
      const password = String(form.get('password') ?? '')
      if (!username || !password) throw new SignInError('Username and password are required.', 400)
      const ip = clientIp(request)
      if (await isThrottled(db, username, ip)) throw new SignInError(LOGIN_THROTTLED, 429)
      const user = await db
        .selectFrom('users')
        .select(['id', 'password_hash'])
        .where(sql`lower(username)`, '=', usernameKey(username))
        .where('is_active', '=', true)
        .executeTakeFirst()
      const ok = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstNothing(password)
      await db.insertInto('login_attempts').values({ username_key: usernameKey(username), ip, succeeded: ok }).execute()
      if (!ok || !user) throw new SignInError(LOGIN_FAILED, 401)
      return user.id
    }),
    'form',
  )
  return authenticator
}

/** The id of the user the login form names, or a SignInError with the text to show. */
export async function authenticate(db: Executor, request: Request): Promise<number> {
  return authenticatorFor(db).authenticate('form', request)
}
