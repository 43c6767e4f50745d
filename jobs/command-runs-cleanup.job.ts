// runCommand keeps each submission's answer with its key, so that the same submission sent again
// — a double tap, a retry, a form that waited on a device with no signal (decision 0058) — acts
// once (decision 0056). A key comes back within minutes, or after the days a phone spends out of
// signal; a season (90 days) covers that with room. Past it, a record that holds its submission id
// (its unique submission id) still stops a very late resend from making a second record: it is
// answered with that record or refused as a used key. Deleting by age gives the same result
// however often it runs.
import type { Executor } from '#db/client.server.ts'
import { forgetCommandRuns } from '#db/queries/command-runs.ts'

export const KEEP_COMMAND_RUNS_DAYS = 90

export function cleanUpCommandRuns(db: Executor): Promise<number> {
  return forgetCommandRuns(db, KEEP_COMMAND_RUNS_DAYS)
}
