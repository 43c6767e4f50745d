// The sign-in throttle reads the last 15 minutes of tries (docs/decisions/0012); older rows only
// grow the table (a guessing flood writes one row a try). A day is kept for whoever looks into
// one. Deleting by age gives the same result however often it runs.
import type { Executor } from '#db/client.server.ts'
import { forgetSignInAttempts } from '#db/queries/sign-in-attempts.ts'

export const KEEP_SIGN_IN_ATTEMPTS_HOURS = 24

export function cleanUpSignInAttempts(db: Executor): Promise<number> {
  return forgetSignInAttempts(db, KEEP_SIGN_IN_ATTEMPTS_HOURS)
}
