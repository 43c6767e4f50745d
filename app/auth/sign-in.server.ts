// Sign-in through remix-auth's FormStrategy, throttled per username and address, per address, and
// with a growing delay per username (docs/decisions/0012-sign-in-throttle.md).
import { setTimeout as sleep } from 'node:timers/promises'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { Executor } from '#db/client.server.ts'
import { findUserToSignIn, recordAttemptIfAdmitted, settleAttempt, type FailureCounts } from '#db/queries/sign-in-attempts.ts'
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '#core/accounts.ts'
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from '#core/password.server.ts'
import { replacePasswordHash } from '#db/queries/users.ts'
import { clientIp } from './session.server.ts'

/** Every number of the sign-in rule, in one place. */
export const SIGN_IN_RULE = {
  usernameMaxLength: USERNAME_MAX_LENGTH,
  passwordMaxLength: PASSWORD_MAX_LENGTH,
  /** failures older than this are forgotten */
  windowMinutes: 15,
  /** hard limits: the next try is refused until the oldest failure leaves the window */
  maxFailuresPerUsernameAndAddress: 5,
  maxFailuresPerAddress: 30,
  /** per username from any address: this many failures cost nothing, then each try waits, never refused */
  failuresBeforeDelay: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 10_000,
} as const

export const LOGIN_FAILED = 'Login failed. Please try again.'
export const LOGIN_THROTTLED = `Too many failed sign-in attempts. Please wait ${SIGN_IN_RULE.windowMinutes} minutes and try again.`

export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** How long a try waits before its password is checked, given the username's failures from anywhere. */
export function delayBeforeCheckMs(failuresOfUsername: number): number {
  const beyond = failuresOfUsername - SIGN_IN_RULE.failuresBeforeDelay
  if (beyond < 0) return 0
  return Math.min(SIGN_IN_RULE.firstDelayMs * 2 ** beyond, SIGN_IN_RULE.maxDelayMs)
}

/** The hard limits; the per-username delay never refuses. */
function withinLimits(counts: FailureCounts): boolean {
  return counts.ofUsernameAtAddress < SIGN_IN_RULE.maxFailuresPerUsernameAndAddress && counts.ofAddress < SIGN_IN_RULE.maxFailuresPerAddress
}

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/

/** The form's username and password, bounded before anything is stored or hashed. */
function readCredentials(form: FormData): { username: string; password: string } {
  const username = String(form.get('username') ?? '').trim()
  const password = String(form.get('password') ?? '')
  if (!username || !password) throw new SignInError('Username and password are required.', 400)
  if (username.length > SIGN_IN_RULE.usernameMaxLength) throw new SignInError(`Username must be at most ${SIGN_IN_RULE.usernameMaxLength} characters.`, 400)
  if (password.length > SIGN_IN_RULE.passwordMaxLength) throw new SignInError(`Password must be at most ${SIGN_IN_RULE.passwordMaxLength} characters.`, 400)
  if (CONTROL_CHARACTER.test(username)) throw new SignInError('Username must not contain control characters.', 400)
  return { username, password }
}

export interface SignInOptions {
  /** how a try waits out its delay (tests watch it; the app sleeps) */
  wait?: (ms: number) => Promise<unknown>
}

function authenticatorFor(db: Executor, { wait = sleep }: SignInOptions): Authenticator<number> {
  const authenticator = new Authenticator<number>()
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const { username, password } = readCredentials(form)
      const usernameKey = username.toLowerCase()
      const attempt = await recordAttemptIfAdmitted(db, { usernameKey, ip: clientIp(request), windowMinutes: SIGN_IN_RULE.windowMinutes }, withinLimits)
      if (!attempt) throw new SignInError(LOGIN_THROTTLED, 429)
      // The wait holds no database connection: the try is already recorded, and counted by the others.
      const delayMs = delayBeforeCheckMs(attempt.counts.ofUsername)
      if (delayMs > 0) await wait(delayMs)
      let userId: number | undefined
      let storedHash = ''
      try {
        const user = await findUserToSignIn(db, usernameKey)
        storedHash = user?.password_hash ?? ''
        const ok = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstNothing(password)
        if (ok) userId = user?.id
      } finally {
        await settleAttempt(db, attempt.id, userId !== undefined)
      }
      // an imported Django hash becomes the app's scrypt at its first sign-in (decision 0032)
      if (userId !== undefined && needsRehash(storedHash)) await replacePasswordHash(db, userId, storedHash, await hashPassword(password))
      if (userId === undefined) throw new SignInError(LOGIN_FAILED, 401)
      return userId
    }),
    'form',
  )
  return authenticator
}

/** The id of the user the login form names, or a SignInError with the text to show. */
export async function authenticate(db: Executor, request: Request, options: SignInOptions = {}): Promise<number> {
  return authenticatorFor(db, options).authenticate('form', request)
}
