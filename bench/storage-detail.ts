// The storage detail page's figure (issue 10 target), runnable alone:  npx tsx bench/storage-detail.ts [--n=100]
// One storage with 10 seasons of history (500 checks, 200 service sheets, 50 pre-treats, 100
// call-ins, 50 photos, a chemical line per pre-treat; seeded once by bin/demo/storage-history.ts),
// and each tab of /view-storage/{id}
// fetched over HTTP from the app as `npm start` runs it, signed in as the demo admin (who sees
// every tab): loader and server render, the session look-up included. p95 < 100 ms per tab.
// Each request alternates with one of a light page of the same app (the /checks section menu), so
// the figure can be read against what the machine gives any page at that moment.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Executor } from '#db/client.server.ts'
import { buildIfStale } from '../bin/build.ts'
import { httpSession } from '../tests/support/http-session.ts'
import { startApp, timePageBeside } from './http-load.ts'
import { seedChemicalLines, seedStorageHistory } from '../bin/demo/storage-history.ts'
import { argN, isMain, runAlone } from './alone.ts'

export interface StorageDetailBenchRow {
  name: string
  figure: string
  limit: string
  ok: boolean
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
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

export async function benchStorageDetail(db: Executor, options: { databaseUrl: string; n?: number; log?: (line: string) => void }): Promise<StorageDetailBenchRow[]> {
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
  const app = await startApp(ROOT, options.databaseUrl)
  const rows: StorageDetailBenchRow[] = []
  try {
    const session = await httpSession(app.url, 'admin')
    for (const [label, search] of pages) {
      const { p95, figure } = await timePageBeside(session, `/view-storage/${id}${search}`, REFERENCE, n)
      rows.push({
        name: `storage detail: ${label}`,
        figure,
        limit: `< ${LIMIT_P95_MS} ms`,
        ok: p95 < LIMIT_P95_MS,
      })
      log(`${rows.at(-1)!.name}: ${rows.at(-1)!.figure}`)
    }
  } finally {
    await app.stop()
  }
  return rows
}

// Alone: its own database `bench_storage_detail` (bench/alone.ts).
if (isMain(import.meta.url)) {
  const n = argN(100)
  await runAlone('bench_storage_detail', async (db, databaseUrl) => {
    buildIfStale()
    return benchStorageDetail(db, { databaseUrl, n, log: (line) => console.error(line) })
  })
}
