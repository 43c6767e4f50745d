// What the workflow inspector (/manage-workflows) reads besides its list: the records per state,
// one record's state and its history. Every read is one indexed look-up: the counts are rows of
// workflow_state_counts (or row_counts for records stored in one state), a record is its primary
// key, its history the (entity, entity_id, at) index of workflow_events.
import { sql, type SqlBool, type Expression } from 'kysely'
import type { Executor } from '../client.server.ts'
import { userDisplayName } from './users.ts'

/** Where a workflow's records are (workflows/registry.ts names one per workflow). */
export interface WorkflowRecordSource {
  table: 'service_sheets' | 'call_ins' | 'pretreats'
  /**
   * The column that holds a record's state, with state_since beside it and its counts kept in
   * workflow_state_counts (migration 0015). Absent when records are stored only in one state
   * (`storedState`, since `created_at`): their count is the table's row_counts entry.
   */
  statusColumn?: 'status'
  storedState?: string
  /** what names a record to a person, e.g. 'Sheet #' + service_sheet_number */
  numberColumn: 'service_sheet_number' | 'id' | 'pre_treat_number'
  numberPrefix: string
  /** the grower company each record belongs to, if any */
  companyColumn: 'company_id' | null
}

export interface CountedWorkflow {
  entity: string
  records: WorkflowRecordSource
}

/** Records per state of each workflow, by entity (a state without records is absent). */
export async function workflowStateCounts(db: Executor, workflows: readonly CountedWorkflow[]): Promise<Record<string, Record<string, number>>> {
  const counts: Record<string, Record<string, number>> = Object.fromEntries(workflows.map((w) => [w.entity, {}]))
  const tracked = workflows.filter((w) => w.records.statusColumn).map((w) => w.entity)
  const single = workflows.filter((w) => !w.records.statusColumn)
  const [rows, tables] = await Promise.all([
    tracked.length
      ? db
          .selectFrom('workflow_state_counts')
          .select(['entity', 'state', 'n'])
          .where('entity', 'in', tracked)
          .where(sql<SqlBool>`n > 0`)
          .execute()
      : [],
    single.length
      ? db
          .selectFrom('row_counts')
          .select(['table_name', 'n'])
          .where(
            'table_name',
            'in',
            single.map((w) => w.records.table),
          )
          .execute()
      : [],
  ])
  for (const r of rows) counts[r.entity]![r.state] = Number(r.n)
  for (const w of single) {
    const n = Number(tables.find((t) => t.table_name === w.records.table)?.n ?? 0)
    if (n > 0) counts[w.entity]![w.records.storedState!] = n
  }
  return counts
}

/** The column a record's state-entering time is in. */
export function sinceColumn(records: WorkflowRecordSource): 'state_since' | 'created_at' {
  return records.statusColumn ? 'state_since' : 'created_at'
}

export interface InspectedRecord {
  id: number
  number: string
  company_name: string | null
  state: string
  state_since: Date
}

/** One record's name, company, state and since when, or undefined. */
export async function inspectedRecord(db: Executor, records: WorkflowRecordSource, id: number): Promise<InspectedRecord | undefined> {
  const t = sql.table(records.table)
  const state = records.statusColumn ? sql`r.${sql.ref(records.statusColumn)}` : sql`${records.storedState!}::text`
  const company = records.companyColumn ? sql`(select company_name from companies where id = r.${sql.ref(records.companyColumn)})` : sql`null::text`
  const result = await sql<InspectedRecord>`
    select r.id, ${records.numberPrefix} || r.${sql.ref(records.numberColumn)}::text as number, ${company} as company_name,
           ${state} as state, r.${sql.ref(sinceColumn(records))} as state_since
    from ${t} as r where r.id = ${id}`.execute(db)
  const row = result.rows[0]
  return row ? { ...row, id: Number(row.id) } : undefined
}

export interface HistoryRow {
  id: number
  from_state: string
  event: string
  to_state: string
  actor: string | null
  at: Date
}

/** A record's every transition, oldest first. */
export async function workflowHistory(db: Executor, entity: string, id: number): Promise<HistoryRow[]> {
  const rows = await db
    .selectFrom('workflow_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.id', 'e.from_state', 'e.event', 'e.to_state', userDisplayName('u').as('actor'), 'e.at'])
    .where('e.entity', '=', entity)
    .where('e.entity_id', '=', id)
    .orderBy('e.at')
    .orderBy('e.id')
    .execute()
  return rows.map((r) => ({ ...r, id: Number(r.id) }))
}

/** The user a username names (case ignored), for the actor filter. */
export async function userIdByUsername(db: Executor, username: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst()
  return row ? Number(row.id) : undefined
}

/** Usernames for the actor filter's suggestions: the active users (at most `limit`). */
export async function actorChoices(db: Executor, limit = 200): Promise<string[]> {
  const rows = await db.selectFrom('users').select('username').where('is_active', '=', true).orderBy('username').limit(limit).execute()
  return rows.map((r) => r.username)
}

/** The condition "`actorId` took a step in the record's history", on the record alias `r` (index workflow_events_actor_idx). */
export function tookStep(entity: string, actorId: number): Expression<SqlBool> {
  return sql<SqlBool>`r.id in (select e.entity_id from workflow_events e where e.entity = ${entity} and e.actor_id = ${actorId})`
}
