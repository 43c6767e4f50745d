// Photos taken with no signal (issue 22, decision 0059): kept on the device at once, the form
// submitted offline waits in the outbox with them, and whichever page is open once the server
// answers uploads them and sends the form — one record, each photo once, byte for byte.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { NUMBER_WHEN_SENT } from '#app/routes/service-form/sheet-form.tsx'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { hydrated, newContext, signIn } from '../support/browser.ts'
import { goOffline, goOnline, waitUntilCached } from '../support/offline.ts'
import { checkFormOnline, checkImages, checksWith, deviceRecords, fillCheck, fillServiceSheet, photo, servedHashes, sha256, storageOf, waiting } from '../support/photo-outbox.ts'

const suite = useBrowserSuite()

/** Whether the device holds a field form's draft with `text` in it. */
const draftHolds = async (page: Page, text: string) => JSON.stringify(await deviceRecords(page, 'formDrafts')).includes(text)

describe('a field form’s draft', () => {
  it('what was typed and the photo chosen come back after a reload, offline too; sent, the draft is gone; Start over empties the form', async () => {
    const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
    const page = await checkFormOnline(suite.app, context)
    const notes = `Typed before the battery died ${Date.now()}`
    await fillCheck(page, notes)
    await page.getByLabel('Images').setInputFiles([photo('pile.png')])
    await page.getByText('Uploaded', { exact: true }).waitFor()
    // written half a second after the last change: the notes typed, then the photo kept
    await expect.poll(() => draftHolds(page, notes)).toBe(true)
    await expect.poll(() => draftHolds(page, 'images_local')).toBe(true)
    await goOffline(context)
    await page.reload()
    await page.getByText(/^Restored what you typed on this device/).waitFor()
    expect(await page.getByLabel('Notes').inputValue()).toBe(notes)
    expect(await page.getByLabel('Setpoint (°F)').inputValue()).toBe('45')
    expect(await page.getByLabel('Cellar Fill Status').inputValue()).toBe('3/4 Full')
    await page.getByText('Uploaded', { exact: true }).waitFor()

    await goOnline(context)
    await page.reload()
    await page.getByText(/^Restored what you typed on this device/).waitFor()
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => checksWith(suite.app, notes).then((rows) => rows.length), { timeout: 15_000, interval: 250 }).toBe(1)
    expect(await checkImages(suite.app, notes)).toHaveLength(1)
    await page.waitForURL((url) => !url.pathname.startsWith('/storage-check-form'))

    // the same form again: nothing to restore
    const again = await checkFormOnline(suite.app, context, true)
    await again.waitForTimeout(500)
    expect(await again.getByText(/^Restored what you typed/).count()).toBe(0)
    expect(await again.getByLabel('Notes').inputValue()).toBe('')

    // typed, then Start over: the form as new
    await again.getByLabel('Notes').fill('Not this one')
    await expect.poll(() => draftHolds(again, 'Not this one')).toBe(true)
    await again.reload()
    await again.getByText(/^Restored what you typed/).waitFor()
    await again.getByRole('button', { name: 'Start over' }).last().click()
    await again.waitForLoadState('load')
    await again.getByLabel('Notes').waitFor()
    await again.waitForTimeout(500)
    expect(await again.getByLabel('Notes').inputValue()).toBe('')
    expect(await again.getByText(/^Restored what you typed/).count()).toBe(0)
    await context.close()
  })
})

describe('a field form never opened, with no signal', () => {
  it('opens from the device, its owner and storage are chosen on the device, and the check waits and is sent with its photo; a second check from the same copy is its own', async () => {
    const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
    const page = await context.newPage()
    await signIn(page, 'tech')
    // kept ahead while there is signal: the form and the places its picker offers
    await waitUntilCached(page, '/storage-check-form')
    await waitUntilCached(page, '/api/choices')
    await goOffline(context)
    await page.goto('/storage-check-form')
    await hydrated(page)
    const storage = await storageOf(suite.app, 'Aberdeen Acres')
    await page.getByLabel('Owner', { exact: true }).fill('Aberdeen Acres')
    await page.getByLabel('Storage', { exact: true }).selectOption(String(storage.id))
    const notes = `Never opened before ${Date.now()}`
    await fillCheck(page, notes)
    await page.getByLabel('Images').setInputFiles([photo('pile.png')])
    await page.getByText('Saved on this device', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Waiting to send' }).waitFor()

    // a second check from the same copy of the page: its own submission, not the first one again
    await page.goto('/storage-check-form')
    await hydrated(page)
    await page.getByLabel('Owner', { exact: true }).fill('Aberdeen Acres')
    await page.getByLabel('Storage', { exact: true }).selectOption(String(storage.id))
    const second = `${notes} (second)`
    await fillCheck(page, second)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Waiting to send' }).waitFor()
    await expect.poll(() => page.locator('.waiting-to-send').textContent()).toMatch(/^2 waiting to send/)

    await goOnline(context)
    await page.goto('/')
    await expect.poll(() => checksWith(suite.app, notes).then((rows) => rows.length), { timeout: 20_000, interval: 250 }).toBe(1)
    await expect.poll(() => checksWith(suite.app, second).then((rows) => rows.length), { timeout: 20_000, interval: 250 }).toBe(1)
    const saved = await suite.app.db.selectFrom('storage_checks').select('storage_id').where('notes', '=', notes).executeTakeFirstOrThrow()
    expect(saved.storage_id).toBe(storage.id)
    expect(await checkImages(suite.app, notes)).toHaveLength(1)
    await context.close()
  })
})

describe('a service sheet never opened, with no signal', () => {
  it('opens from the device with its parts; customer and storage chosen there; its draft with a part line and two photos survives a reload; sent, it gets its number from the server', async () => {
    const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
    const page = await context.newPage()
    await signIn(page, 'tech')
    await waitUntilCached(page, '/service-form')
    await waitUntilCached(page, '/api/choices')
    await goOffline(context)
    await page.goto('/service-form')
    await hydrated(page)
    const storage = await storageOf(suite.app, 'Aberdeen Acres')
    await page.getByLabel('Customer', { exact: true }).fill('Aberdeen Acres')
    await page.getByLabel('Storage', { exact: true }).selectOption(String(storage.id))
    expect(await page.getByLabel('Sheet Number').inputValue()).toBe(NUMBER_WHEN_SENT)
    const notes = `Opened in the cellar ${Date.now()}`
    await fillServiceSheet(page, notes)
    await page.getByLabel('Part Number').fill('FAN-BLT-B75')
    await page.getByLabel('Quantity').fill('2')
    await page.getByRole('button', { name: 'Add Part' }).click()
    await page.getByRole('list', { name: 'Parts on this sheet' }).getByText('FAN-BLT-B75').waitFor()
    const photos = [photo('fan-before.png', 96 * 1024), photo('fan-after.png', 80 * 1024)]
    await page.getByLabel('Images').setInputFiles(photos)
    await expect.poll(() => page.getByText('Saved on this device', { exact: true }).count(), { timeout: 15_000 }).toBe(2)
    // the draft, part line and photos included, comes back after a reload with no signal
    await expect.poll(() => draftHolds(page, notes)).toBe(true)
    await expect.poll(() => draftHolds(page, 'parts[0].part_id')).toBe(true)
    await page.reload()
    await page.getByText(/^Restored what you typed on this device/).waitFor()
    await page.getByRole('list', { name: 'Parts on this sheet' }).getByText('FAN-BLT-B75').waitFor()
    expect(await page.getByLabel('Detailed Notes').inputValue()).toBe(notes)
    await expect.poll(() => page.getByText('Saved on this device', { exact: true }).count(), { timeout: 15_000 }).toBe(2)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Waiting to send' }).waitFor()

    const open = Number(
      (
        await suite.app.db
          .selectFrom('service_sheet_numbers')
          .select((eb) => eb.fn.max('number').as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    await goOnline(context)
    await page.goto('/')
    const sheetOf = () => suite.app.db.selectFrom('service_sheets').select(['id', 'service_sheet_number', 'storage_id']).where('notes', '=', notes).execute()
    await expect.poll(() => sheetOf().then((rows) => rows.length), { timeout: 20_000, interval: 250 }).toBe(1)
    const [sheet] = await sheetOf()
    expect(sheet!.storage_id).toBe(storage.id)
    expect(sheet!.service_sheet_number).toBeGreaterThan(open)
    const parts = await suite.app.db
      .selectFrom('service_sheet_parts as l')
      .innerJoin('parts as p', 'p.id', 'l.part_id')
      .select(['p.part_number', 'l.quantity'])
      .where('l.service_sheet_id', '=', sheet!.id)
      .execute()
    expect(parts.map((l) => [l.part_number, Number(l.quantity)])).toEqual([['FAN-BLT-B75', 2]])
    const images = await suite.app.db.selectFrom('service_sheet_images').select('blob_id').where('service_sheet_id', '=', sheet!.id).orderBy('position').execute()
    expect(
      await servedHashes(
        page,
        images.map((i) => i.blob_id),
      ),
    ).toEqual(photos.map((p) => sha256(p.buffer)).sort())
    await expect.poll(() => waiting(page).count()).toBe(0)
    await context.close()
  })
})
