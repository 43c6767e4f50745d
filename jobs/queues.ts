// Queue names and their payloads. Every handler parses its payload with these schemas first.
import { z } from 'zod'

export const QUEUES = {
  alertAggregation: 'alert-aggregation',
  blobCleanup: 'blob-cleanup',
  signInAttemptsCleanup: 'sign-in-attempts-cleanup',
} as const

export const PAYLOADS = {
  [QUEUES.alertAggregation]: z.object({}).passthrough(),
  [QUEUES.blobCleanup]: z.object({}).passthrough(),
  [QUEUES.signInAttemptsCleanup]: z.object({}).passthrough(),
} satisfies Record<(typeof QUEUES)[keyof typeof QUEUES], z.ZodType>

/** Alert counts are recomputed every 5 minutes. */
export const ALERT_AGGREGATION_CRON = '*/5 * * * *'
/** Unattached files and unfinished uploads are looked for every hour (at 17 past, away from the alerts). */
export const BLOB_CLEANUP_CRON = '17 * * * *'
/** Old sign-in tries are forgotten once a day (at 03:41, a quiet hour). */
export const SIGN_IN_ATTEMPTS_CLEANUP_CRON = '41 3 * * *'
