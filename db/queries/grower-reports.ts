// The grower's reports (migration 0036, decision 0065): asked for, claimed by the job that sends
// them, and what became of each; the contacts they go to.
import { sql } from 'kysely'
import type { Executor } from '../client.server.ts'
import type { GrowerReportsTable } from '../schema.ts'
import { userDisplayName } from './users.ts'

/** A claim older than this is taken to be a job that died while sending: the report may be claimed again. */
export const STALE_CLAIM_MINUTES = 10

export interface ReportRequest {
  pretreat_id: number
  reason: GrowerReportsTable['reason']
  requested_by: number | null
  submission_id?: string | null
}

/** A new report row; null when this pre-treat's completion report already exists (a completion retried asks once). */
export async function insertGrowerReport(trx: Executor, request: ReportRequest): Promise<number | null> {
  const row = await trx
    .insertInto('grower_reports')
    .values({ ...request, submission_id: request.submission_id ?? null })
    .onConflict((oc) => oc.column('pretreat_id').where('reason', '=', 'completed').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
}

export async function setReportConversion(trx: Executor, id: number, conversionId: string): Promise<void> {
  await trx.updateTable('grower_reports').set({ conversion_id: conversionId }).where('id', '=', id).execute()
}

/**
 * Takes the report for one run of the job: queued or failed (a retry), or claimed so long ago that
 * its job died. Null when it is sent, being sent, or has no one to go to: that run does nothing.
 */
export async function claimGrowerReport(db: Executor, id: number) {
  return db
    .updateTable('grower_reports')
    .set({ status: 'sending', claimed_at: sql`now()`, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', 'in', ['queued', 'failed']), eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', sql<Date>`now() - ${STALE_CLAIM_MINUTES} * interval '1 minute'`)])]))
    .returning(['id', 'pretreat_id', 'reason', 'conversion_id', 'attempts'])
    .executeTakeFirst()
}

export type ReportOutcome =
  | { status: 'sent'; recipients: string; transport: 'smtp' | 'file'; message_id: string; eml_file: string; error: string }
  | { status: 'no-recipients' }
  | { status: 'failed'; error: string }
  /** handed back to the queue (its PDF is not made yet) */
  | { status: 'queued' }

export async function settleGrowerReport(db: Executor, id: number, outcome: ReportOutcome): Promise<void> {
  await db
    .updateTable('grower_reports')
    .set({ ...outcome, sent_at: outcome.status === 'sent' ? sql`now()` : null, claimed_at: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute()
}

/** What the message says of its pre-treat: the record's facts and where to send it. */
export async function reportSubject(db: Executor, pretreatId: number) {
  return db
    .selectFrom('pretreats as p')
    .innerJoin('storages as s', 's.id', 'p.storage_id')
    .innerJoin('companies as g', (join) => join.on(sql`g.id`, '=', sql`coalesce(s.grower_id, p.company_id)`))
    .select(['p.id', 'p.pre_treat_number', 'p.application_date', 's.name as storage_name', 'g.id as grower_id', 'g.company_name as grower_name'])
    .where('p.id', '=', pretreatId)
    .executeTakeFirst()
}

/** The grower's active contacts marked to receive reports, with an address. */
export async function reportRecipients(db: Executor, growerId: number): Promise<{ name: string; email: string }[]> {
  return db
    .selectFrom('contacts')
    .select(['name', 'email'])
    .where('company_id', '=', growerId)
    .where('receives_reports', '=', true)
    .where('active', '=', true)
    .where('email', '<>', '')
    .orderBy('name')
    .orderBy('id')
    .execute()
}

const REPORT_COLUMNS = ['r.id', 'r.pretreat_id', 'r.reason', 'r.requested_at', 'r.status', 'r.attempts', 'r.sent_at', 'r.recipients', 'r.transport', 'r.eml_file', 'r.error'] as const

/** A pre-treat's reports, oldest first, with who asked for a resend. */
export async function reportsOfPretreat(db: Executor, pretreatId: number) {
  return db
    .selectFrom('grower_reports as r')
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .select([...REPORT_COLUMNS, sql<string | null>`case when u.id is null then null else ${userDisplayName('u')} end`.as('requested_by_name')])
    .where('r.pretreat_id', '=', pretreatId)
    .orderBy('r.requested_at')
    .orderBy('r.id')
    .execute()
}

export type GrowerReportRow = Awaited<ReturnType<typeof reportsOfPretreat>>[number]

export async function reportById(db: Executor, id: number) {
  return db.selectFrom('grower_reports').select(['id', 'pretreat_id', 'status', 'transport', 'eml_file']).where('id', '=', id).executeTakeFirst()
}
