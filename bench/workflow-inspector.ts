// The workflow inspector's figures (issue 10 target), runnable alone:  npx tsx bench/workflow-inspector.ts [--n=200]
// At 1,000,000 service sheets (bench/seed-service-sheets.ts) with one history row each for the step
// that brought them into their state (seeded here with insert … select, once), what the inspector's
// loader reads (readInspector: counts per state, actor choices, the list page) for:
// - page 1 and the last page of every state (a state's total is its kept count, migration 0015),
//   page 1,000 and the middle page of the biggest state (the middle is the deepest offset a pager
//   can ask for: the list engine reads from the nearer end), p95 < 100 ms;
// - stuck longer than 7 days (any state that is not final), page 1, and one actor's records, page 1;
// - one record's history (its modal's reads).
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { inspectedRecord, workflowHistory } from '#db/queries/workflow-inspector.ts'
import { inspectedWorkflow, statesOf } from '#workflows/registry.ts'
import { readInspector } from '../app/routes/manage-workflows/data.server.ts'
import { seedServiceSheets } from './seed-service-sheets.ts'
import { argN, isMain, runAlone } from './alone.ts'
import { percentile, timeMs } from './stats.ts'

export interface InspectorBenchRow {
  name: string
  figure: string
  limit: string
  ok: boolean
}

const LIMIT_MS = 100

/** One history row per bench sheet, for the step into its state (once: sheets past the last one with history). */
export async function seedSheetEvents(db: Executor, log: (line: string) => void = () => undefined): Promise<void> {
  const reviewers = (await sql<{ id: number }>`select id from users where username in ('reviewer1', 'reviewer2', 'reviewer3') order by username`.execute(db)).rows.map((r) => r.id)
  const tech = (await sql<{ id: number }>`select id from users where username = 'tech'`.execute(db)).rows[0]?.id ?? null
  const result = await sql`
    insert into workflow_events (entity, entity_id, from_state, event, to_state, actor_id, at)
    select 'service_sheet', s.id,
           case s.status when 'level_1_review' then 'submitted' when 'level_2_review' then 'level_1_review' when 'level_3_review' then 'level_2_review' else 'level_3_review' end,
           case s.status when 'level_1_review' then 'SUBMIT' else 'APPROVE' end,
           s.status,
           case s.status when 'level_1_review' then ${tech}::bigint when 'level_2_review' then ${reviewers[0] ?? null}::bigint
                         when 'level_3_review' then ${reviewers[1] ?? null}::bigint else ${reviewers[2] ?? null}::bigint end,
           s.state_since
    from service_sheets s
    where s.id > (select coalesce(max(entity_id), 0) from workflow_events where entity = 'service_sheet')`.execute(db)
  const added = Number(result.numAffectedRows ?? 0)
  if (added > 0) {
    log(`  workflow_events: ${added.toLocaleString('en-US')} history rows added`)
    await sql`vacuum (analyze) workflow_events`.execute(db)
  }
}

async function p95Of(n: number, run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(20, n); i++) await run() // warm-up
  const samples: number[] = []
  for (let i = 0; i < n; i++) samples.push(await timeMs(run))
  return percentile(samples, 95)
}

export async function benchWorkflowInspector(db: Executor, options: { n?: number; log?: (line: string) => void } = {}): Promise<InspectorBenchRow[]> {
  const n = options.n ?? 200
  const log = options.log ?? (() => undefined)
  const seeded = await seedServiceSheets(db, { log })
  if (seeded.inserted > 0) log(`  service sheets: ${seeded.inserted.toLocaleString('en-US')} added in ${seeded.seconds.toFixed(0)} s`)
  await seedSheetEvents(db, log)

  const rows: InspectorBenchRow[] = []
  const row = (name: string, p95: number) => rows.push({ name, figure: `p95 ${p95.toFixed(2)} ms (n=${n})`, limit: `< ${LIMIT_MS} ms`, ok: p95 < LIMIT_MS })
  const read = (query: string) => () => readInspector(db, new URLSearchParams(query), new Date())
  const sheets = inspectedWorkflow('service-sheets')!
  const first = await readInspector(db, new URLSearchParams('workflow=service-sheets'), new Date())
  const counts = first.workflows.find((w) => w.key === 'service-sheets')!.states
  const total = counts.reduce((sum, s) => sum + s.count, 0)
  log(`inspector at ${total.toLocaleString('en-US')} service sheets: ${counts.map((s) => `${s.state} ${s.count.toLocaleString('en-US')}`).join(', ')}`)

  for (const state of statesOf(sheets)) {
    const count = counts.find((s) => s.state === state)!.count
    if (count === 0) continue
    const last = Math.ceil(count / 10)
    row(`inspector: ${state} (${count.toLocaleString('en-US')}), page 1`, await p95Of(n, read(`workflow=service-sheets&state=${state}`)))
    if (last > 1) row(`inspector: ${state}, last page (${last.toLocaleString('en-US')})`, await p95Of(n, read(`workflow=service-sheets&state=${state}&current_page=${last}`)))
  }
  const biggest = [...counts].sort((a, b) => b.count - a.count)[0]!
  if (biggest.count > 10_000) row(`inspector: ${biggest.state}, page 1,000`, await p95Of(n, read(`workflow=service-sheets&state=${biggest.state}&current_page=1000`)))
  const middle = Math.ceil(biggest.count / 20)
  row(`inspector: ${biggest.state}, middle page (${middle.toLocaleString('en-US')})`, await p95Of(n, read(`workflow=service-sheets&state=${biggest.state}&current_page=${middle}`)))
  row('inspector: all states, page 1 (longest in its state first)', await p95Of(n, read('workflow=service-sheets')))
  row('inspector: stuck longer than 7 days, page 1', await p95Of(n, read('workflow=service-sheets&stuck=7')))
  row('inspector: level_2_review by actor reviewer1, page 1', await p95Of(n, read('workflow=service-sheets&state=level_2_review&actor=reviewer1')))
  const id = Number((await sql<{ id: string }>`select max(id) as id from service_sheets`.execute(db)).rows[0]!.id)
  row('inspector: one record and its history', await p95Of(n, () => Promise.all([inspectedRecord(db, sheets.records, id), workflowHistory(db, sheets.entity, id)])))
  for (const r of rows) log(`${r.name}: ${r.figure}`)
  return rows
}

// Alone: its own database `bench_inspector` (bench/alone.ts).
if (isMain(import.meta.url)) {
  const n = argN(200)
  await runAlone('bench_inspector', async (db) => {
    return benchWorkflowInspector(db, { n, log: (line) => console.error(line) })
  })
}
