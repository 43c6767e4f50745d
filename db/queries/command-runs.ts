// The kept answers of commands (commands/command.ts runCommand; decision 0056).
import { sql } from 'kysely'
import type { Executor } from '../client.server.ts'

/** Deletes the answers kept longer than `days`; how many went. */
export async function forgetCommandRuns(db: Executor, days: number): Promise<number> {
  const result = await db
    .deleteFrom('command_runs')
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
