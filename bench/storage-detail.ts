// The storage detail page's figure (issue 10 target), runnable alone:  npx tsx bench/storage-detail.ts [--n=100]
// One storage with 10 seasons of history (500 checks, 200 service sheets, 50 pre-treats, 100
// call-ins, 50 photos, a chemical line per pre-treat; seeded once by bin/demo/storage-history.ts),
// and each tab of /view-storage/{id}
// fetched over HTTP from the app as `npm start` runs it, signed in as the demo admin (who sees
// every tab): loader and server render, the session look-up included. p95 < 100 ms per tab.
// Each request alternates with one of a light page of the same app (the /checks section menu), so
// the figure can be read against what the machine gives any page at that moment.
import type { Executor } from '#db/client.server.ts'
import { buildIfStale } from '../bin/build.ts'
import { timePages } from './http-load.ts'
import { seedChemicalLines, seedStorageHistory } from '../bin/demo/storage-history.ts'
import { argN, isMain, runAlone, type BenchRow } from './alone.ts'

export const BENCH_STORAGE = 'Bench History Cellar'
const LIMIT_P95_MS = 100
/** the storage: 10 seasons, 500 checks, 200 sheets, 50 pre-treats (and calls, photos) */
export const BENCH_HISTORY = { seasons: 10, checks: 500, calls: 100, sheets: 200, pretreats: 50, photoEvery: 10 }
/** a light page of the same app, measured beside each tab */
const REFERENCE = '/checks'

/** The bench storage (made once, with its history, beside the first demo grower's storages). */
export async function benchStorage(db: Executor, log: (line: string) => void = () => undefined): Promise<{ id: number; lastSeason: number }> {
  const lastSeason = 2025
  const found = await db.selectFrom('storages').select('id').where('name', '=', BENCH_STORAGE).executeTakeFirst()
  if (found) {
    await seedChemicalLines(db, found.id)
    return { id: found.id, lastSeason }
  }
  log(`seeding ${BENCH_STORAGE}: ${BENCH_HISTORY.seasons} seasons, ${BENCH_HISTORY.checks} checks, ${BENCH_HISTORY.sheets} sheets, ${BENCH_HISTORY.pretreats} pre-treats…`)
  const company = await db.selectFrom('storages').select('company_id').orderBy('id').executeTakeFirstOrThrow()
  const tech = await db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirstOrThrow()
  const applicator = await db.selectFrom('applicators').select('id').orderBy('id').executeTakeFirstOrThrow()
  const { id } = await db
    .insertInto('storages')
    .values({
      company_id: company.company_id,
      name: BENCH_STORAGE,
      type: 'Straightwall',
      gps_lat: '43.5',
      gps_lng: '-112.0',
      duct_count: 14,
      duct_size_inches: '30',
      duct_spacing_inches: '8',
      door_type: 'Fresh Air',
      door_count: 2,
      length_feet: '300',
      width_feet: '120',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await seedStorageHistory(db, id, { userId: tech.id, applicatorId: applicator.id }, { ...BENCH_HISTORY, lastSeason })
  return { id, lastSeason }
}

export async function benchStorageDetail(db: Executor, options: { databaseUrl: string; n?: number; log?: (line: string) => void }): Promise<BenchRow[]> {
  const n = options.n ?? 100
  const log = options.log ?? (() => undefined)
  const { id, lastSeason } = await benchStorage(db, log)
  const pages: [string, string][] = [
    ['Equipment', ''],
    ['Storage Checks (page 1 of 50)', '?tab=checks'],
    ['Service Calls (page 1 of 20)', '?tab=service'],
    ['Pre Treats', '?tab=pretreats'],
    ['Timeline, all 10 seasons, page 1 (newest 100 entries)', '?tab=timeline'],
    ['Timeline, all 10 seasons, page 6', '?tab=timeline&page=6'],
    ['Timeline, one season', `?tab=timeline&season=${lastSeason - 4}`],
    ['Conditions chart, newest season', '?tab=conditions'],
    ['Chemical ledger, newest season', '?tab=ledger'],
    ['Chemical ledger, a season five back', `?tab=ledger&season=${lastSeason - 5}`],
  ]
  const timed = pages.map(([label, search]) => ({ name: `storage detail: ${label}`, path: `/view-storage/${id}${search}`, who: 'admin' }))
  return timePages(options.databaseUrl, timed, { reference: REFERENCE, n, limitMs: LIMIT_P95_MS, log })
}

// Alone: its own database `bench_storage_detail` (bench/alone.ts).
if (isMain(import.meta.url)) {
  const n = argN(100)
  await runAlone('bench_storage_detail', async (db, databaseUrl) => {
    buildIfStale()
    return benchStorageDetail(db, { databaseUrl, n, log: (line) => console.error(line) })
  })
}
