// The application sheet's figure (issue 11 target), runnable alone:  npx tsx bench/pretreat-sheet.ts [--n=100]
// One filled sheet (in progress, every field, a final checklist) fetched over HTTP from the app as
// `npm start` runs it: /pretreats/{id} as the demo applicator who fills it (every input rendered)
// and as the assigner who reads it, loader and server render, the session look-up included.
// p95 < 100 ms, each request beside one of the home page (timePageBeside).
import type { Executor } from '#db/client.server.ts'
import { buildIfStale } from '../bin/build.ts'
import { CHECKED } from '../tests/support/sheet-forms.ts'
import { makePretreat } from '../tests/support/pretreats.ts'
import { argN, isMain, runAlone, type BenchRow } from './alone.ts'
import { timePages } from './http-load.ts'

const LIMIT_P95_MS = 100
const REFERENCE = '/'
const BENCH_NOTES = 'Bench sheet: fog through the main plenum.'

/** The bench sheet (made once): assigned to the demo applicator, in progress, every field filled, its checklist saved. */
export async function benchSheet(db: Executor): Promise<number> {
  const found = await db.selectFrom('pretreats').select('id').where('application_notes', '=', BENCH_NOTES).executeTakeFirst()
  if (found) return found.id
  const applicator = await db.selectFrom('applicators as a').innerJoin('users as u', 'u.id', 'a.user_id').select('a.id').where('u.username', '=', 'applicator').executeTakeFirstOrThrow()
  const truck = await db.selectFrom('trucks').select('id').where('active', '=', true).orderBy('id').executeTakeFirstOrThrow()
  const pt = await makePretreat(db, { stage: 'in-progress', assignTo: applicator.id, application_notes: BENCH_NOTES, quantityUsed: 16.6 })
  await db
    .updateTable('pretreats')
    .set({
      pile_front: 'Dry',
      pile_middle: 'Damp',
      pile_back: 'Dry',
      sprouting: 'Eyes Open',
      pile_comments: 'Even pile.',
      temps1_front: 45,
      temps1_middle: 46,
      temps1_back: 45.5,
      temps2_front: 44,
      temps2_middle: 45,
      temps2_back: 44.5,
      set_point: 44,
      ducts_open: 'All Open',
      ducts_condition: 'Dry',
      storage_temp_front: 44,
      storage_temp_middle: 44.5,
      storage_temp_back: 45,
      bypass_door: 'Closed',
      coils_covered: true,
      cell_covered: false,
      env_temp: 28,
      weather: 'Clear',
      wind_speed: 6,
      wind_direction: 'NW',
      env_comments: 'Calm.',
      truck_id: truck.id,
      batch_numbers: 'B-1001',
      sampled_by: 'Cody Hansen',
      application_date: '2026-11-20',
      start_time: '08:00',
      stop_time: '11:30',
    })
    .where('id', '=', pt.id)
    .execute()
  await db
    .insertInto('final_checklists')
    .values({ pretreat_id: pt.id, ...CHECKED, purge_time: 15, barrel_temp: 180 })
    .execute()
  return pt.id
}

export async function benchPretreatSheet(db: Executor, options: { databaseUrl: string; n?: number; log?: (line: string) => void }): Promise<BenchRow[]> {
  const n = options.n ?? 100
  const log = options.log ?? (() => undefined)
  const id = await benchSheet(db)
  const pages = [
    { who: 'applicator', label: 'filled by its applicator (every input)' },
    { who: 'assigner', label: 'read by the assigner' },
  ].map(({ who, label }) => ({ name: `pre-treat sheet: ${label}`, path: `/pretreats/${id}`, who }))
  return timePages(options.databaseUrl, pages, { reference: REFERENCE, n, limitMs: LIMIT_P95_MS, log })
}

// Alone: its own database `bench_pretreat_sheet` (bench/alone.ts).
if (isMain(import.meta.url)) {
  const n = argN(100)
  await runAlone('bench_pretreat_sheet', async (db, databaseUrl) => {
    buildIfStale()
    return benchPretreatSheet(db, { databaseUrl, n, log: (line) => console.error(line) })
  })
}
