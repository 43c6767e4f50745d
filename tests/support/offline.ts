// What the browser tests of the sheet with no signal share (tests/e2e/pretreat-offline.test.ts,
// offline-sessions.test.ts, sheet-outbox.test.ts): the network switched off for a context, the
// service worker's cache and the drafts in IndexedDB read from the page, and sheets ready to submit.
import { sql } from 'kysely'
import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { PAGES_CACHE } from '#app/offline/sw/protocol.ts'
import type { AppServer } from './app-server.ts'

/** No network for the page and its service worker; navigator.onLine and the online/offline events follow. */
export const goOffline = (context: BrowserContext) => context.setOffline(true)
export const goOnline = (context: BrowserContext) => context.setOffline(false)

/**
 * A page Chromium loaded under offline emulation reads navigator.onLine as true and hears no
 * 'online' when the emulation ends; a real network change sends it, so a test does.
 */
export const announceOnline = (page: Page) =>
  page
    .evaluate(() => window.dispatchEvent(new Event('online')))
    // a page that is reloading itself meanwhile (a stale tab, decision 0081) starts again online
    .catch((error: unknown) => {
      if (!String(error).includes('Execution context was destroyed')) throw error
    })

export async function userApplicatorId(db: AppServer['db'], username: string): Promise<number> {
  const row = await db.selectFrom('applicators as a').innerJoin('users as u', 'u.id', 'a.user_id').select('a.id').where('u.username', '=', username).executeTakeFirstOrThrow()
  return row.id
}

/** Whether the service worker controls the page and holds `path` in its per-user cache. */
export const isCached = (page: Page, path: string) =>
  page.evaluate(async ([p, name]) => navigator.serviceWorker.controller !== null && (await (await caches.open(name)).match(new URL(p, location.origin).href)) !== undefined, [
    path,
    PAGES_CACHE,
  ] as const)

export async function waitUntilCached(page: Page, path: string): Promise<void> {
  await expect.poll(() => isCached(page, path), { timeout: 30_000, interval: 200 }).toBe(true)
}

/** Everything a submit needs but the two fields the tests type (batch numbers, sampled by), and the final checklist unless told. */
export async function fillAllButTwo(db: AppServer['db'], id: number, options: { checklist?: boolean } = {}): Promise<void> {
  const truck = await db.selectFrom('trucks').select('id').where('active', '=', true).orderBy('id').executeTakeFirstOrThrow()
  const creator = await db.selectFrom('pretreats').select('created_by').where('id', '=', id).executeTakeFirstOrThrow()
  await db
    .updateTable('pretreats')
    .set({
      requested_by: creator.created_by,
      pile_front: 'Dry',
      pile_middle: 'Dry',
      pile_back: 'Damp',
      sprouting: 'None',
      pile_comments: 'Firm pile',
      temps1_front: '45',
      temps1_middle: '46',
      temps1_back: '45',
      temps2_front: '44',
      temps2_middle: '45',
      temps2_back: '44',
      set_point: '45',
      ducts_open: 'All Open',
      ducts_condition: 'Dry',
      storage_temp_front: '45',
      storage_temp_middle: '45',
      storage_temp_back: '46',
      bypass_door: 'Closed',
      coils_covered: true,
      cell_covered: true,
      env_temp: '30',
      weather: 'Clear',
      wind_speed: '5',
      wind_direction: 'NW',
      env_comments: 'Calm',
      truck_id: truck.id,
      application_date: sql<string>`current_date`,
      start_time: '08:00',
      stop_time: '09:30',
    })
    .where('id', '=', id)
    .execute()
  await db.updateTable('pretreat_chemicals').set({ quantity_used: '16.6' }).where('pretreat_id', '=', id).execute()
  if (options.checklist === false) return
  await db
    .insertInto('final_checklists')
    .values({
      pretreat_id: id,
      inverter: true,
      wires: true,
      coils: true,
      residue: true,
      covers: true,
      fan_direction: true,
      system_run: true,
      purge: false,
      panel: true,
      instructions: true,
      tools: true,
      lights: true,
      storage: true,
      barrel_temp: '70',
    })
    .execute()
}

export const field = (page: Page, name: string) => page.locator(`#pretreat-sheet [name="${name}"]`)

/** One yes/no item of the final checklist, by its legend ('fan_direction' → 'Fan Direction'). */
export const checklistItem = (page: Page, item: string) => page.getByRole('group', { name: item === 'system_run' ? /^System Run/ : new RegExp(`^${item.replace('_', ' ')}$`, 'i') })
export const statusLine = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })

/** The drafts this device holds (IndexedDB `offline-drafts`), as the page reads them. */
export function storedDrafts(page: Page): Promise<{ userId: number; draftKey: string; values: Record<string, string>; syncedAt: string | null }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('offline-drafts')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('drafts')) return resolve([])
          const all = db.transaction('drafts').objectStore('drafts').getAll()
          all.onsuccess = () => resolve(all.result)
        }
        open.onerror = () => resolve([])
      }),
  )
}

/** The draft this device holds for the sheet has `name` = `value` (written on every change). */
export async function waitForDraft(page: Page, sheetId: number, name: string, value: string): Promise<void> {
  const draftValue = async () => (await storedDrafts(page)).find((d) => d.draftKey === `pretreat:${sheetId}`)?.values[name] ?? null
  await expect.poll(draftValue, { timeout: 10_000, interval: 100 }).toBe(value)
}

export async function sheetColumn(db: AppServer['db'], id: number, name: 'batch_numbers' | 'sampled_by' | 'status'): Promise<string> {
  const row = await db.selectFrom('pretreats').select(['batch_numbers', 'sampled_by', 'status']).where('id', '=', id).executeTakeFirstOrThrow()
  return row[name]
}
