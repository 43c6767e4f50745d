// The inspector's list of one workflow's records, made from its registry entry (workflows/
// registry.ts), so a new workflow needs no list of its own. Rows: the record's number, company,
// state, since when, and who took its latest step. Sorted by how long a record has been in its
// state (longest first) on the (status, state_since, id) index, or by number; the company (part of
// its name) and the number filter through the list engine; state, stuck and actor are the scope.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely'
import { defineList, type ListEngine, type ListOptions } from '#app/lists/list-engine.server.ts'
import type { Executor } from '#db/client.server.ts'
import { sinceColumn, tookStep } from '#db/queries/workflow-inspector.ts'
import { userDisplayName } from '#db/queries/users.ts'
import { INSPECTED_WORKFLOWS, type InspectedWorkflow } from '#workflows/registry.ts'

export interface InspectorRow {
  id: number
  number: string
  company_name: string | null
  state: string
  state_since: Date
  last_actor: string | null
}

export type InspectorListKey = 'state_since' | 'number' | 'company'

function inspectorList(workflow: InspectedWorkflow): ListEngine<InspectorRow, InspectorListKey> {
  const r = workflow.records
  const since = `r.${sinceColumn(r)}`
  const state = r.statusColumn ? sql<string>`r.${sql.ref(r.statusColumn)}` : sql<string>`${r.storedState!}::text`
  const lastActor = sql<string | null>`(select ${userDisplayName('u')} from workflow_events e left join users u on u.id = e.actor_id
    where e.entity = ${workflow.entity} and e.entity_id = r.id order by e.at desc, e.id desc limit 1)`
  const numeric = r.numberColumn !== 'pre_treat_number'
  return defineList({
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is the workflow's, named at run time
    from: (db: Executor) => (db as unknown as Kysely<any>).selectFrom(`${r.table} as r`),
    joins: (qb) => (r.companyColumn ? qb.leftJoin('companies as co', 'co.id', `r.${r.companyColumn}`) : qb),
    select: (qb) =>
      qb.select([
        'r.id',
        sql<string>`${r.numberPrefix} || r.${sql.ref(r.numberColumn)}::text`.as('number'),
        (r.companyColumn ? sql<string | null>`co.company_name` : sql<string | null>`null::text`).as('company_name'),
        state.as('state'),
        sql<Date>`${sql.ref(since)}`.as('state_since'),
        lastActor.as('last_actor'),
      ]) as never,
    primaryKey: 'r.id',
    sortable: {
      state_since: since,
      number: { expr: `r.${r.numberColumn}`, unique: r.numberColumn !== 'id' },
      company: r.companyColumn ? { expr: 'co.company_name', join: (qb) => qb.innerJoin('companies as co', 'co.id', `r.${r.companyColumn}`) } : since,
    },
    filterable: {
      ...(r.companyColumn ? { company: { kind: 'name', table: 'companies', nameColumn: 'company_name', foreignKey: `r.${r.companyColumn}` } as const } : {}),
      number: numeric ? { kind: 'number', column: `r.${r.numberColumn}` } : { kind: 'contains', column: `r.${r.numberColumn}` },
    },
    dateColumn: since,
    // longest in its state first: where something is stuck
    defaultSort: { key: 'state_since', order: 'asc' },
    rowCount: r.table,
  }) as unknown as ListEngine<InspectorRow, InspectorListKey>
}

export const INSPECTOR_LISTS: ReadonlyMap<string, ListEngine<InspectorRow, InspectorListKey>> = new Map(INSPECTED_WORKFLOWS.map((w) => [w.key, inspectorList(w)]))

export interface InspectorFilter {
  state: string | null
  /** in a state that is not final for longer than this many days */
  stuckDays: number | null
  actorId: number | null
}

/** The scope of the list for the inspector's own filters (the record alias is `r`). */
export function inspectorScope(workflow: InspectedWorkflow, filter: InspectorFilter, now: Date): ListOptions['scope'] {
  const r = workflow.records
  const conditions: Expression<SqlBool>[] = []
  const states = Object.keys(workflow.machine.root.states)
  const finals = states.filter((s) => workflow.machine.root.states[s]!.type === 'final')
  if (filter.state !== null) {
    conditions.push(r.statusColumn ? sql<SqlBool>`r.${sql.ref(r.statusColumn)} = ${filter.state}` : sql<SqlBool>`${filter.state === r.storedState}`)
  }
  if (filter.stuckDays !== null) {
    const cutoff = new Date(now.getTime() - filter.stuckDays * 86_400_000)
    conditions.push(sql<SqlBool>`r.${sql.ref(sinceColumn(r))} < ${cutoff}`)
    // a finished record is not stuck; written as "not final" so that the partial index of the
    // records not in their final state (migration 0015) answers it
    if (r.statusColumn) {
      if (finals.length) conditions.push(sql<SqlBool>`r.${sql.ref(r.statusColumn)} not in (${sql.join(finals.map((f) => sql.lit(f)))})`)
    } else if (finals.includes(r.storedState!)) conditions.push(sql<SqlBool>`false`)
  }
  if (filter.actorId !== null) conditions.push(tookStep(workflow.entity, filter.actorId))
  return conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : undefined
}
