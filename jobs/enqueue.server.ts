// Sending a job from any process (HTTP or worker) inside the caller's transaction: the job exists
// exactly when the change that asks for it commits. pg-boss's own insert statement is run through
// the Kysely executor (a pool or a transaction), so no PgBoss instance is needed to send.
import { createRequire } from 'node:module'
import { CompiledQuery, sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { JOB_OPTIONS, PAYLOADS, type JobOptions, type QueueName } from './queues.ts'

const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as { insertJob(schema: string): string }
const INSERT_JOB = plans.insertJob('pgboss')

let queuesReady = false
/** pg-boss makes its tables when a worker first starts; until then (WORKERS=off, a fresh database) nothing can be queued. */
async function jobTableExists(db: Executor): Promise<boolean> {
  if (!queuesReady) queuesReady = (await sql<{ ok: boolean }>`select to_regclass('pgboss.job') is not null as ok`.execute(db)).rows[0]!.ok
  return queuesReady
}

/**
 * Queues one job (its payload checked first). The queue must exist (the workers create their
 * queues at start); sending to a queue that does not exist yet inserts nothing, like pg-boss. Callers
 * that need the work done keep their own record of it (a pending conversion is queued again later).
 */
export async function enqueue<Q extends QueueName>(db: Executor, queue: Q, payload: unknown): Promise<void> {
  const data = PAYLOADS[queue].parse(payload)
  if (!(await jobTableExists(db))) return
  const options: JobOptions = JOB_OPTIONS[queue] ?? {}
  // the parameters of pg-boss 10's insertJob, in its order (node_modules/pg-boss/src/manager.js createJob)
  const values = [
    null, // id
    queue,
    JSON.stringify(data),
    null, // priority
    null, // startAfter
    null, // singletonKey
    null, // singletonSeconds
    0, // singletonOffset
    null, // deadLetter
    options.expireInSeconds ?? null,
    null, // expireInDefault
    null, // keepUntil
    null, // keepUntilDefault
    options.retryLimit ?? null,
    null, // retryLimitDefault
    options.retryDelay ?? null,
    null, // retryDelayDefault
    options.retryBackoff ?? null,
    null, // retryBackoffDefault
  ]
  await db.executeQuery(CompiledQuery.raw(INSERT_JOB, values))
}
