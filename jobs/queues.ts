// Queue names and their payloads. Every handler parses its payload with these schemas first.
import { z } from 'zod'

export const QUEUES = {
  alertAggregation: 'alert-aggregation',
  blobCleanup: 'blob-cleanup',
  signInAttemptsCleanup: 'sign-in-attempts-cleanup',
  commandRunsCleanup: 'command-runs-cleanup',
  renderPdf: 'render-pdf',
  /** HTML posted to /api/convert/: a queue of its own, so the app's own PDFs never wait behind it */
  renderPostedPdf: 'render-posted-pdf',
  convertDocx: 'convert-docx',
  extractText: 'extract-text',
  growerReport: 'grower-report',
} as const

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]

const uuid = z.string().uuid()

export const PAYLOADS = {
  [QUEUES.alertAggregation]: z.object({}).passthrough(),
  [QUEUES.blobCleanup]: z.object({}).passthrough(),
  [QUEUES.signInAttemptsCleanup]: z.object({}).passthrough(),
  [QUEUES.commandRunsCleanup]: z.object({}).passthrough(),
  /** the document_conversions row (kind 'html') whose HTML blob is printed */
  [QUEUES.renderPdf]: z.object({ conversionId: uuid }),
  /** the document_conversions row (kind 'html', posted: it expires) whose HTML blob is printed */
  [QUEUES.renderPostedPdf]: z.object({ conversionId: uuid }),
  /** the document_conversions row (kind 'docx') to convert */
  [QUEUES.convertDocx]: z.object({ conversionId: uuid }),
  /** a PDF blob whose text goes into the drive entries it stands for */
  [QUEUES.extractText]: z.object({ pdfBlobId: uuid }),
  /** the grower_reports row to send */
  [QUEUES.growerReport]: z.object({ reportId: z.number().int().positive() }),
} satisfies Record<QueueName, z.ZodType>

export interface JobOptions {
  /** pg-boss fails a job still running after this long (a backstop: the handler's own timeout comes first) */
  expireInSeconds?: number
  retryLimit?: number
  retryDelay?: number
  retryBackoff?: boolean
}

/** Documents: 60 s for a conversion (CONVERSION_TIMEOUT_SECONDS) plus a margin, two retries. */
export const JOB_OPTIONS: Partial<Record<QueueName, JobOptions>> = {
  [QUEUES.renderPdf]: { expireInSeconds: 75, retryLimit: 2, retryDelay: 2 },
  [QUEUES.renderPostedPdf]: { expireInSeconds: 75, retryLimit: 2, retryDelay: 2 },
  [QUEUES.convertDocx]: { expireInSeconds: 75, retryLimit: 2, retryDelay: 2 },
  [QUEUES.extractText]: { expireInSeconds: 75, retryLimit: 2, retryDelay: 2 },
  /** a report waits for its PDF (up to 60 s a run) and for a mail server that is down: tried for about a day, backing off */
  [QUEUES.growerReport]: { expireInSeconds: 120, retryLimit: 12, retryDelay: 30, retryBackoff: true },
}

/** Alert counts are recomputed every 5 minutes. */
export const ALERT_AGGREGATION_CRON = '*/5 * * * *'
/** Unattached files and unfinished uploads are looked for every hour (at 17 past, away from the alerts). */
export const BLOB_CLEANUP_CRON = '17 * * * *'
/** Old sign-in tries are forgotten once a day (at 03:41, a quiet hour). */
export const SIGN_IN_ATTEMPTS_CLEANUP_CRON = '41 3 * * *'
/** Commands' answers past a season are forgotten once a day (at 03:53). */
export const COMMAND_RUNS_CLEANUP_CRON = '53 3 * * *'
