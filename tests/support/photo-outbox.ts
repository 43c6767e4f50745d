// Photos and forms in the outbox, for the browser tests (issue 22): photo files, what the device
// keeps, what the server serves, and the storage check form opened while there is signal.
import { createHash, randomBytes } from 'node:crypto'
import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { AppServer } from './app-server.ts'
import { signIn } from './browser.ts'

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A photo: PNG's first bytes, then random ones (no two alike). */
export function photo(name: string, bytes = 64 * 1024) {
  const buffer = Buffer.concat([PNG_SIGNATURE, randomBytes(bytes - PNG_SIGNATURE.length)])
  return { name, mimeType: 'image/png', buffer }
}
export const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex')
export const waiting = (page: Page) => page.locator('.top-bar .waiting-to-send')

export async function storageOf(app: AppServer, company: string) {
  return app.db
    .selectFrom('storages as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.id'])
    .where('c.company_name', '=', company)
    .where('s.active', '=', true)
    .orderBy('s.name')
    .executeTakeFirstOrThrow()
}

/** The photos as the app serves them to their author: each one's hash. */
export async function servedHashes(page: Page, blobIds: readonly string[]): Promise<string[]> {
  const hashes: string[] = []
  for (const blob_id of blobIds) {
    const answer = await page.request.get(`/images/${blob_id}`)
    expect(answer.status()).toBe(200)
    hashes.push(sha256(await answer.body()))
  }
  return hashes.sort()
}

/** Every record of one store of the device's IndexedDB `offline-drafts`, as the page reads it ([] before the store exists). */
export function deviceRecords<T = unknown>(page: Page, store: 'photos' | 'forms' | 'formDrafts'): Promise<T[]> {
  return page.evaluate(
    (store) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('offline-drafts')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains(store)) {
            db.close() // the app's newer version must not wait for this connection
            return resolve([])
          }
          const all = db.transaction(store).objectStore(store).getAll()
          all.onsuccess = () => {
            db.close()
            resolve(all.result as T[])
          }
        }
      }),
    store,
  )
}

/** How many photos the device keeps. */
export const keptPhotos = async (page: Page) => (await deviceRecords(page, 'photos')).length

/** A page of a new context signed in as `username`, once the service worker answers for it (it does with no signal). */
export async function signedInWithWorker(context: BrowserContext, username = 'tech'): Promise<Page> {
  const page = await context.newPage()
  await signIn(page, username)
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true)
  return page
}

export const setActive = (app: AppServer, company: string, active: boolean) => app.db.updateTable('companies').set({ active }).where('company_name', '=', company).execute()

export const checksWith = (app: AppServer, notes: string) => app.db.selectFrom('storage_checks').select('id').where('notes', '=', notes).execute()
export const checkImages = async (app: AppServer, notes: string) =>
  (await app.db.selectFrom('storage_checks as c').innerJoin('storage_check_images as i', 'i.storage_check_id', 'c.id').select('i.blob_id').where('c.notes', '=', notes).execute()).map((r) => r.blob_id)

/** The storage check form of a tech, opened while there is signal, its storage chosen. */
export async function checkFormOnline(app: AppServer, context: BrowserContext, signedIn = false) {
  let page: Page
  if (signedIn) {
    page = await context.newPage()
    await page.goto('/')
  } else page = await signedInWithWorker(context)
  const storage = await storageOf(app, 'Aberdeen Acres')
  const learnt = page.waitForResponse((r) => r.url().includes('/__manifest?'))
  await page.goto(`/storage-check-form?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`)
  await learnt
  await page.getByLabel('Date Inspected').waitFor()
  return page
}

export async function fillCheck(page: Page, notes: string) {
  await page.getByLabel('Date Inspected').fill('2026-11-20')
  await page.getByLabel('Variety').selectOption('Russet - Fryer')
  await page.getByLabel('Cellar Fill Status').selectOption('3/4 Full')
  await page.getByLabel('Setpoint (°F)').fill('45')
  await page.getByLabel('Humidity (%)').fill('95')
  await page.getByLabel('Runtime (hours)').fill('12')
  await page.getByLabel('Notes').fill(notes)
}

/** A customer service sheet's own fields (the place already chosen), its detailed notes `notes`. */
export async function fillServiceSheet(page: Page, notes: string) {
  await page.getByLabel('Requested By').fill('Ann')
  await page.getByLabel('Fan', { exact: true }).check()
  await page.getByLabel('Travel Hours').fill('1')
  await page.getByLabel('Labor Hours').fill('2')
  await page.getByLabel('Call Description').fill('Fan 2 stopped')
  await page.getByLabel('Detailed Notes').fill(notes)
}

/**
 * Chooses `count` photos of `bytes` each in the file field labelled `label`, made in the page (PNG's
 * first bytes, then random ones) and handed to the field as a picker would; resolves with each
 * one's SHA-256 (hex), as made.
 */
export async function choosePhotosInPage(page: Page, label: string, count: number, bytes: number): Promise<string[]> {
  const id = await page.getByLabel(label).getAttribute('id')
  return page.evaluate(
    async ({ id, count, bytes }) => {
      const transfer = new DataTransfer()
      const hashes: string[] = []
      for (let i = 0; i < count; i++) {
        const data = new Uint8Array(bytes)
        for (let at = 0; at < bytes; at += 65_536) crypto.getRandomValues(data.subarray(at, Math.min(bytes, at + 65_536)))
        data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        transfer.items.add(new File([data], `photo-${i + 1}.png`, { type: 'image/png' }))
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data))
        hashes.push(Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join(''))
      }
      const input = document.getElementById(id!) as HTMLInputElement
      input.files = transfer.files
      input.dispatchEvent(new Event('change', { bubbles: true }))
      return hashes
    },
    { id, count, bytes },
  )
}
