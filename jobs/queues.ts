// Queue names and their payloads. Every handler parses its payload with these schemas first.
import { z } from 'zod'

export const QUEUES = {
  alertAggregation: 'alert-aggregation',
} as const

export const PAYLOADS = {
  [QUEUES.alertAggregation]: z.object({}).passthrough(),
} satisfies Record<(typeof QUEUES)[keyof typeof QUEUES], z.ZodType>

/** Alert counts are recomputed every 5 minutes. */
export const ALERT_AGGREGATION_CRON = '*/5 * * * *'
