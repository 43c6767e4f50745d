// Starts the queues' workers and schedules. Used in-process by `npm start` and alone by
// `npm run worker` (so more machines can take the load: pg-boss hands each job to one worker).
import type PgBoss from 'pg-boss'
import { config } from '#core/config.server.ts'
import { errorFields, log } from '#core/log.server.ts'
import { jobRuns, watchQueues } from '#core/metrics.server.ts'
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { aggregateAlerts } from './alert-aggregation.job.ts'
import { cleanUpBlobs } from './blob-cleanup.job.ts'
import { documentPool, type ChromiumPool } from './documents/chromium-pool.server.ts'
import { runConversion } from './documents/convert.job.ts'
import { extractText } from './documents/extract-text.job.ts'
import { sendGrowerReport } from './grower-report.job.ts'
import { cleanUpCommandRuns } from './command-runs-cleanup.job.ts'
import { ALERT_AGGREGATION_CRON, BLOB_CLEANUP_CRON, COMMAND_RUNS_CLEANUP_CRON, PAYLOADS, QUEUES, SIGN_IN_ATTEMPTS_CLEANUP_CRON } from './queues.ts'
import { cleanUpSignInAttempts } from './sign-in-attempts-cleanup.job.ts'

/** The process's warm Chromium, from the settings (launched by the first document job). */
const defaultPool = () =>
  documentPool(() => ({
    executablePath: config().CHROMIUM_PATH,
    size: config().DOCUMENT_PAGES,
    postedSize: config().CONVERT_HTML_JOBS,
    memoryLimitBytes: config().DOCUMENT_MEMORY_MB * 1024 * 1024,
  }))

type Handler = (jobs: PgBoss.Job<unknown>[]) => Promise<unknown>

/** A handler that writes one log line per run: its queue, job, outcome and duration (not its payload). */
function logged(queue: string, handler: Handler): Handler {
  return async (jobs) => {
    const started = performance.now()
    const line = () => ({ msg: 'job', queue, job_id: jobs.length === 1 ? jobs[0]!.id : jobs.map((j) => j.id), duration_ms: Math.round((performance.now() - started) * 10) / 10 })
    try {
      const result = await handler(jobs)
      log().info({ ...line(), status: 'done' })
      jobRuns().observe({ queue, status: 'done' }, (performance.now() - started) / 1000)
      return result
    } catch (error) {
      // pg-boss retries it (or gives up after its retry limit): a warning, not yet an error
      log().warn({ ...line(), status: 'failed', ...errorFields(error) })
      jobRuns().observe({ queue, status: 'failed' }, (performance.now() - started) / 1000)
      throw error
    }
  }
}

export async function startWorkers(boss: PgBoss, db: Executor, store: () => BlobStore = getBlobStore, pool: () => ChromiumPool = defaultPool): Promise<void> {
  // boss.work with its handler logged
  const work = ((queue: string, ...rest: unknown[]) => {
    const handler = rest.pop() as Handler
    return (boss.work as (...args: unknown[]) => Promise<string>)(queue, ...rest, logged(queue, handler))
  }) as typeof boss.work
  await boss.start()
  // the queues' depth at each scrape of this process's metrics
  watchQueues(async () => {
    const { rows } = await sql<{ queue: string; state: string; jobs: number }>`
      select name as queue, state::text as state, count(*)::int as jobs from pgboss.job where state in ('created', 'retry', 'active') group by name, state`.execute(db)
    return rows
  })
  for (const name of Object.values(QUEUES)) await boss.createQueue(name)

  await work(QUEUES.alertAggregation, async (jobs) => {
    for (const job of jobs) {
      PAYLOADS[QUEUES.alertAggregation].parse(job.data ?? {})
      await aggregateAlerts(db)
    }
  })
  await boss.schedule(QUEUES.alertAggregation, ALERT_AGGREGATION_CRON, {}, { singletonKey: 'alerts' })
  // Fresh counts at start-up rather than up to five minutes later; one per minute at most.
  await boss.send(QUEUES.alertAggregation, {}, { singletonKey: 'alerts-startup', singletonMinutes: 1 })

  await work(QUEUES.blobCleanup, async (jobs) => {
    for (const job of jobs) {
      PAYLOADS[QUEUES.blobCleanup].parse(job.data ?? {})
      const result = await cleanUpBlobs(db, store())
      if (result.expiredSessions + result.abortedUploads + result.removedBlobs + result.expiredConversions + result.failures > 0) log().info({ msg: 'blob clean-up', ...result })
    }
  })
  await boss.schedule(QUEUES.blobCleanup, BLOB_CLEANUP_CRON, {}, { singletonKey: 'blob-cleanup' })

  await work(QUEUES.signInAttemptsCleanup, async (jobs) => {
    for (const job of jobs) {
      PAYLOADS[QUEUES.signInAttemptsCleanup].parse(job.data ?? {})
      await cleanUpSignInAttempts(db)
    }
  })
  await boss.schedule(QUEUES.signInAttemptsCleanup, SIGN_IN_ATTEMPTS_CLEANUP_CRON, {}, { singletonKey: 'sign-in-attempts-cleanup' })

  await work(QUEUES.commandRunsCleanup, async (jobs) => {
    for (const job of jobs) {
      PAYLOADS[QUEUES.commandRunsCleanup].parse(job.data ?? {})
      await cleanUpCommandRuns(db)
    }
  })
  await boss.schedule(QUEUES.commandRunsCleanup, COMMAND_RUNS_CLEANUP_CRON, {}, { singletonKey: 'command-runs-cleanup' })

  // Documents: one pg-boss worker per Chromium page, so the pool's pages are all used; a short
  // polling interval because a person is waiting for the PDF. Posted HTML has its own queue and
  // workers (CONVERT_HTML_JOBS), rendered in the pool's slots of its own: however much is posted,
  // the app's own PDFs are taken by their own workers at once (docs/decisions/0080).
  const documentWork = { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 0.5 } as const
  const workConversions = async (queue: typeof QUEUES.renderPdf | typeof QUEUES.convertDocx | typeof QUEUES.renderPostedPdf, workers: number) => {
    for (let i = 0; i < workers; i++) {
      await work(queue, documentWork, async ([job]) => {
        const { conversionId } = PAYLOADS[queue].parse(job!.data)
        await runConversion(db, store(), pool(), conversionId, {
          timeoutMs: config().CONVERSION_TIMEOUT_SECONDS * 1000,
          lastAttempt: job!.retryCount >= job!.retryLimit,
        })
      })
    }
  }
  await workConversions(QUEUES.renderPdf, config().DOCUMENT_PAGES)
  await workConversions(QUEUES.convertDocx, config().DOCUMENT_PAGES)
  await workConversions(QUEUES.renderPostedPdf, config().CONVERT_HTML_JOBS)
  await work(QUEUES.extractText, documentWork, async ([job]) => {
    const { pdfBlobId } = PAYLOADS[QUEUES.extractText].parse(job!.data)
    await extractText(db, store(), pdfBlobId)
  })

  // The grower's reports: one at a time is plenty; a run waits up to a minute for the report's PDF.
  await work(QUEUES.growerReport, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => {
    const { reportId } = PAYLOADS[QUEUES.growerReport].parse(job!.data)
    await sendGrowerReport(db, store(), reportId, { waitMs: 60_000 })
  })
}
