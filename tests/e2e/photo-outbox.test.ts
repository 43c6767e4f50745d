// Photos taken with no signal (issue 22, decision 0059): kept on the device at once, the form
// submitted offline waits in the outbox with them, and whichever page is open once the server
// answers uploads them (resuming where a closed tab stopped) and sends the form — one record, each
// photo once, byte for byte.
import { createHash, randomBytes } from 'node:crypto'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ON_DEVICE_HINT } from '#app/components/upload/file-upload.tsx'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn } from '../support/browser.ts'
import { goOffline, goOnline } from '../support/offline.ts'

const suite = useBrowserSuite()

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A photo: PNG's first bytes, then random ones (no two alike). */
function photo(name: string, bytes = 64 * 1024) {
  const buffer = Buffer.concat([PNG_SIGNATURE, randomBytes(bytes - PNG_SIGNATURE.length)])
  return { name, mimeType: 'image/png', buffer }
}
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const waiting = (page: Page) => page.locator('.top-bar .waiting-to-send')

async function storageOf(company: string) {
  return suite.app.db
    .selectFrom('storages as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.id'])
    .where('c.company_name', '=', company)
    .where('s.active', '=', true)
    .orderBy('s.name')
    .executeTakeFirstOrThrow()
}

/** The check's photos as the app serves them to their author: each one's hash. */
async function servedHashes(page: Page, checkNotes: string): Promise<string[]> {
  const images = await suite.app.db
    .selectFrom('storage_checks as c')
    .innerJoin('storage_check_images as i', 'i.storage_check_id', 'c.id')
    .select('i.blob_id')
    .where('c.notes', '=', checkNotes)
    .execute()
  const hashes: string[] = []
  for (const { blob_id } of images) {
    const answer = await page.request.get(`/images/${blob_id}`)
    expect(answer.status()).toBe(200)
    hashes.push(sha256(await answer.body()))
  }
  return hashes.sort()
}

/** How many photos the device keeps (IndexedDB `offline-drafts`, store `photos`). */
const keptPhotos = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('offline-drafts')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('photos')) return resolve(0)
          const count = db.transaction('photos').objectStore('photos').count()
          count.onsuccess = () => {
            db.close()
            resolve(count.result)
          }
        }
      }),
  )

const checksWith = (notes: string) => suite.app.db.selectFrom('storage_checks').select('id').where('notes', '=', notes).execute()

/** The storage check form of a tech, opened while there is signal, its storage chosen. */
async function checkFormOnline(context: BrowserContext) {
  const page = await context.newPage()
  await signIn(page, 'tech')
  // the service worker answers for the app's pages once there is no signal
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true)
  const storage = await storageOf('Aberdeen Acres')
  const learnt = page.waitForResponse((r) => r.url().includes('/__manifest?'))
  await page.goto(`/storage-check-form?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`)
  await learnt
  await page.getByLabel('Date Inspected').waitFor()
  return page
}

async function fillCheck(page: Page, notes: string) {
  await page.getByLabel('Date Inspected').fill('2026-11-20')
  await page.getByLabel('Variety').selectOption('Russet - Fryer')
  await page.getByLabel('Cellar Fill Status').selectOption('3/4 Full')
  await page.getByLabel('Setpoint (°F)').fill('45')
  await page.getByLabel('Humidity (%)').fill('95')
  await page.getByLabel('Runtime (hours)').fill('12')
  await page.getByLabel('Notes').fill(notes)
}

describe('a storage check with two photos, all offline', () => {
  it('is kept with its photos through another page, a reload and a closed tab; reopened online, it is saved once with both photos, byte for byte', async () => {
    const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
    const page = await checkFormOnline(context)
    const notes = `Checked in the cellar ${Date.now()}`
    await goOffline(context)
    await fillCheck(page, notes)
    const photos = [photo('pile-1.png'), photo('pile-2.png')]
    await page.getByLabel('Images').setInputFiles(photos)
    await expect.poll(() => page.getByText('Saved on this device', { exact: true }).count(), { timeout: 10_000 }).toBe(2)
    await page.getByText(ON_DEVICE_HINT).waitFor()
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Waiting to send' }).waitFor()
    await expect.poll(() => waiting(page).textContent()).toMatch(/^1 waiting to send/)

    // another page, a reload, then the tab closed — all with no signal
    await page.goto('/')
    await page.reload()
    await page.close()
    expect(await checksWith(notes)).toEqual([])

    await goOnline(context)
    const later = await context.newPage()
    await later.goto('/')
    await expect.poll(() => checksWith(notes).then((rows) => rows.length), { timeout: 20_000, interval: 250 }).toBe(1)
    expect(await servedHashes(later, notes)).toEqual(photos.map((p) => sha256(p.buffer)).sort())
    await expect.poll(() => waiting(later).count(), { timeout: 10_000 }).toBe(0)
    // nothing of it is left on the device
    expect(await keptPhotos(later)).toBe(0)
    await context.close()
  })
})
