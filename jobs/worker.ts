// Starts the queues' workers and schedules. Used in-process by `npm start` and alone by
// `npm run worker` (so more machines can take the load: pg-boss hands each job to one worker).
import type PgBoss from 'pg-boss'
import type { Executor } from '#db/client.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { aggregateAlerts } from './alert-aggregation.job.ts'
import { cleanUpBlobs } from './blob-cleanup.job.ts'
import { ALERT_AGGREGATION_CRON, BLOB_CLEANUP_CRON, PAYLOADS, QUEUES, SIGN_IN_ATTEMPTS_CLEANUP_CRON } from './queues.ts'
import { cleanUpSignInAttempts } from './sign-in-attempts-cleanup.job.ts'

export async function startWorkers(boss: PgBoss, db: Executor, store: () => BlobStore = getBlobStore): Promise<void> {
  await boss.start()
  for (const name of Object.values(QUEUES)) await boss.createQueue(name)

  await boss.work(QUEUES.alertAggregation, async (jobs) => {
    for (const job of jobs) {
      PAYLOADS[QUEUES.alertAggregation].parse(job.data ?? {})
      await aggregateAlerts(db)
    }
  })
  await boss.schedule(QUEUES.alertAggregation, ALERT_AGGREGATION_CRON, {}, { singletonKey: 'alerts' })
  // Fresh counts at start-up rather than up to five minutes later; one per minute at most.
  await boss.send(QUEUES.alertAggregation, {}, { singletonKey: 'alerts-startup', singletonMinutes: 1 })

  await boss.work(QUEUES.blobCleanup, async (jobs) => {
    for (const job of jobs) {
      PAYLOADS[QUEUES.blobCleanup].parse(job.data ?? {})
      const result = await cleanUpBlobs(db, store())
      if (result.expiredSessions + result.abortedUploads + result.removedBlobs + result.failures > 0) console.log('[blob-cleanup]', result)
    }
  })
  await boss.schedule(QUEUES.blobCleanup, BLOB_CLEANUP_CRON, {}, { singletonKey: 'blob-cleanup' })

  await boss.work(QUEUES.signInAttemptsCleanup, async (jobs) => {
    for (const job of jobs) {
      PAYLOADS[QUEUES.signInAttemptsCleanup].parse(job.data ?? {})
      await cleanUpSignInAttempts(db)
    }
  })
  await boss.schedule(QUEUES.signInAttemptsCleanup, SIGN_IN_ATTEMPTS_CLEANUP_CRON, {}, { singletonKey: 'sign-in-attempts-cleanup' })
}
