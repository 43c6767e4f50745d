// Counts what the alerts bell shows and stores it in alert_counts. Recomputes from scratch each
// time, so running it twice (pg-boss delivers at least once) gives the same result.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import type { AlertType } from '#core/enums.ts'
import { countChecksDue } from '#db/queries/storage-checks.ts'
import { countPretreatsWaiting } from '#db/queries/pretreat-workflow.ts'

/** An upload still pending after this long is counted as a pending import that never completed. */
export const STALE_UPLOAD_MINUTES = 15

export async function aggregateAlerts(db: Executor): Promise<Record<AlertType, number>> {
  const reviews = await db
    .selectFrom('service_reviews')
    .select(['review_level', sql<number>`count(*)::int`.as('n')])
    .where('status', '=', 'open')
    .groupBy('review_level')
    .execute()
  const uploads = await db
    .selectFrom('upload_sessions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('status', '=', 'pending')
    .where('created_at', '<', sql<Date>`now() - make_interval(mins => ${STALE_UPLOAD_MINUTES})`)
    .executeTakeFirstOrThrow()
  const pretreats = await countPretreatsWaiting(db)
  const level = (n: number) => reviews.find((r) => Number(r.review_level) === n)?.n ?? 0
  const counts: Record<AlertType, number> = {
    level_1_reviews: level(1),
    level_2_reviews: level(2),
    level_3_reviews: level(3),
    pending_aws_imports: uploads.n,
    storage_checks_due: await countChecksDue(db),
    pretreats_to_assign: pretreats.toAssign,
    pretreats_to_review: pretreats.toReview,
  }
  await db
    .insertInto('alert_counts')
    .values(Object.entries(counts).map(([type, count]) => ({ type: type as AlertType, count, computed_at: sql<Date>`now()` })))
    .onConflict((oc) => oc.column('type').doUpdateSet({ count: (eb) => eb.ref('excluded.count'), computed_at: sql<Date>`now()` }))
    .execute()
  return counts
}
