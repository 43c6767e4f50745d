// Two past seasons of storage checks (with readings) and pre-treats (some with a restart) at one
// demo storage, so its detail page has a Conditions chart, a Pre Treats list and a Timeline worth
// looking at (/view-storage/{id} of Home Place Cellar). No call-ins or sheets: the demo's own are
// counted elsewhere. Safe to run again: the storage's seeded checks say it is done.
import { seasonOf } from '#core/season.ts'
import type { Executor } from '#db/client.server.ts'
import { SEEDED_CHECK_NOTE, seedStorageHistory } from '../../bench/seed-storage-history.ts'

export const HISTORY_STORAGE = 'Home Place Cellar'

/** Returns how many storage checks it added (0 when the history is there already). */
export async function seedDemoStorageHistory(db: Executor, today: Date): Promise<number> {
  const storage = await db.selectFrom('storages').select('id').where('name', '=', HISTORY_STORAGE).orderBy('id').executeTakeFirst()
  const tech = await db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirst()
  const applicator = await db.selectFrom('applicators').select('id').orderBy('id').executeTakeFirst()
  if (!storage || !tech || !applicator) return 0
  const done = await db.selectFrom('storage_checks').select('id').where('storage_id', '=', storage.id).where('notes', '=', SEEDED_CHECK_NOTE).executeTakeFirst()
  if (done) return 0
  const checks = 40
  await seedStorageHistory(db, storage.id, { userId: tech.id, applicatorId: applicator.id }, { seasons: 2, lastSeason: seasonOf(today).year - 1, checks, calls: 0, sheets: 0, pretreats: 4, photoEvery: 0 })
  return checks
}
