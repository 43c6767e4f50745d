// The outbox with photos, beyond one form (issue 22, decision 0059): ten large photos whose upload
// a closed tab cut short, and the top bar's list of what waits — a refused form back in its page,
// Discard asked first.
import { describe, expect, it } from 'vitest'
import { notSentText } from '#app/offline/form-outbox.ts'
import { DISCARD_QUESTION, SEND_NOW_UNREACHABLE_TEXT } from '#app/offline/waiting-to-send.tsx'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn } from '../support/browser.ts'
import { goOffline, goOnline } from '../support/offline.ts'
import {
  checkFormOnline,
  checkImages,
  checksWith,
  choosePhotosInPage,
  deviceRecords,
  fillCheck,
  fillServiceSheet,
  keptPhotos,
  photo,
  setActive,
  signedInWithWorker,
  storageOf,
} from '../support/photo-outbox.ts'

const suite = useBrowserSuite()

describe('a service sheet with ten 4 MB photos taken offline', () => {
  it('the tab closed halfway through their upload: reopened, all ten reach the server once each, byte for byte, and the sheet is saved once', async () => {
    const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
    const page = await signedInWithWorker(context)
    const storage = await storageOf(suite.app, 'Aberdeen Acres')
    const learnt = page.waitForResponse((r) => r.url().includes('/__manifest?'))
    await page.goto(`/service-form?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`)
    await learnt
    await page.getByLabel('Sheet Number').waitFor()
    const notes = `Ten photos from the fan room ${Date.now()}`
    await goOffline(context)
    await fillServiceSheet(page, notes)
    // made in the page, as a camera would hand them over (40 MB through the test protocol would cost more than the test)
    const made = await choosePhotosInPage(page, 'Images', 10, 4 * 1024 * 1024)
    await expect.poll(() => page.getByText('Saved on this device', { exact: true }).count(), { timeout: 30_000 }).toBe(10)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Waiting to send' }).waitFor()
    await page.close()

    // back online, each part slowed down: the tab is closed once three photos are up
    const since = new Date()
    await context.route('**/blobs/p/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400))
      await route.continue().catch(() => undefined)
    })
    await goOnline(context)
    const first = await context.newPage()
    await first.goto('/')
    const uploadedSince = async () =>
      Number(
        (
          await suite.app.db
            .selectFrom('blobs')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('area', '=', 'service')
            .where('created_at', '>=', since)
            .executeTakeFirstOrThrow()
        ).n,
      )
    await expect.poll(uploadedSince, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(3)
    await first.close()
    const halfway = await uploadedSince()
    expect(halfway).toBeLessThan(10)

    await context.unroute('**/blobs/p/**')
    const reopened = await context.newPage()
    await reopened.goto('/')
    const sheetImages = async () =>
      (await suite.app.db.selectFrom('service_sheets as s').innerJoin('service_sheet_images as i', 'i.service_sheet_id', 's.id').select('i.blob_id').where('s.notes', '=', notes).execute()).map(
        (r) => r.blob_id,
      )
    await expect.poll(() => sheetImages().then((ids) => ids.length), { timeout: 60_000, interval: 250 }).toBe(10)
    expect(await suite.app.db.selectFrom('service_sheets').select('id').where('notes', '=', notes).execute()).toHaveLength(1)
    // the server's hash of what it stored (computed from the stored bytes at completion) for each:
    // the two-photo test downloads and compares the bytes themselves
    const expected = [...made].sort()
    const storedHashes = await suite.app.db
      .selectFrom('blobs')
      .select('sha256')
      .where('id', 'in', await sheetImages())
      .execute()
    expect(storedHashes.map((b) => b.sha256).sort()).toEqual(expected)
    // each photo reached the server once: no second blob of the same bytes
    const stored = await suite.app.db.selectFrom('blobs').select('sha256').where('sha256', 'in', expected).execute()
    expect(stored.map((b) => b.sha256).sort()).toEqual(expected)
    await expect.poll(() => keptPhotos(reopened), { timeout: 10_000 }).toBe(0)
    await context.close()
  })
})

describe('the top bar’s list of what waits', () => {
  it('a form the server refused says why, goes back to its form with its values, its photo and the message, and sent again is saved once; Discard asks first', async () => {
    const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
    const page = await checkFormOnline(suite.app, context)
    const notes = `Refused then sent ${Date.now()}`
    await goOffline(context)
    await fillCheck(page, notes)
    await page.getByLabel('Images').setInputFiles([photo('pile.png')])
    await page.getByText('Saved on this device', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Submit' }).click()
    const queuedDialog = page.getByRole('dialog', { name: 'Waiting to send' })
    if (await queuedDialog.isVisible().catch(() => false)) await queuedDialog.getByRole('button', { name: 'OK' }).click()

    // the owner made inactive meanwhile: the server refuses the check as it stands
    await setActive(suite.app, 'Aberdeen Acres', false)
    await goOnline(context)
    await page.goto('/')
    const bar = page.locator('.top-bar')
    await expect.poll(() => bar.locator('.outbox__error').count(), { timeout: 20_000, interval: 250 }).toBe(1)
    await bar.getByText('1 waiting to send', { exact: true }).click()
    const entry = bar.locator('.outbox__item')
    const why = (await entry.locator('.outbox__error').innerText()).replace(/^Not sent: /, '')
    expect(why.length).toBeGreaterThan(5)
    expect(await entry.innerText()).toContain('Storage Check Form')
    expect(await entry.innerText()).toContain('1 photo')
    // which record it is: the storage and the date inspected
    expect(await entry.innerText()).toMatch(/Aberdeen Acres · .+ · 2026-11-20/)
    expect(await checksWith(suite.app, notes)).toEqual([])

    // the owner is active again: the form, opened from the list, has its values, its photo and the server's words
    await setActive(suite.app, 'Aberdeen Acres', true)
    await entry.getByRole('link', { name: 'Open' }).click()
    await page.getByText(notSentText(why)).waitFor()
    expect(await page.getByLabel('Notes').inputValue()).toBe(notes)
    expect(await page.getByLabel('Setpoint (°F)').inputValue()).toBe('45')
    await page.getByText('Uploaded', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => checksWith(suite.app, notes).then((rows) => rows.length), { timeout: 20_000, interval: 250 }).toBe(1)
    expect(await checkImages(suite.app, notes)).toHaveLength(1)
    await expect.poll(() => bar.locator('.waiting-to-send').count(), { timeout: 10_000 }).toBe(0)

    // another one, discarded: asked first, then gone with its photo
    const second = await checkFormOnline(suite.app, context, true)
    await goOffline(context)
    await fillCheck(second, `Discarded ${Date.now()}`)
    await second.getByLabel('Images').setInputFiles([photo('gone.png')])
    await second.getByText('Saved on this device', { exact: true }).waitFor()
    await second.getByRole('button', { name: 'Submit' }).click()
    await second.getByRole('dialog', { name: 'Waiting to send' }).getByRole('button', { name: 'OK' }).click()
    const secondBar = second.locator('.top-bar')
    await secondBar.getByText('1 waiting to send', { exact: true }).click()
    // Send now with no signal says so
    await secondBar.getByRole('button', { name: 'Send now' }).click()
    await secondBar.getByText(SEND_NOW_UNREACHABLE_TEXT).waitFor()
    await secondBar.getByRole('button', { name: 'Discard…' }).click()
    await secondBar.getByText(DISCARD_QUESTION).waitFor()
    await secondBar.getByRole('button', { name: 'Keep' }).click()
    expect(await secondBar.locator('.outbox__item').count()).toBe(1)
    await secondBar.getByRole('button', { name: 'Discard…' }).click()
    await secondBar.getByRole('button', { name: 'Discard', exact: true }).click()
    await expect.poll(() => secondBar.locator('.waiting-to-send').count(), { timeout: 5_000 }).toBe(0)
    expect(await keptPhotos(second)).toBe(0)
    // nor does it come back as a draft of the form (clicking OK above was no edit)
    await second.waitForTimeout(700)
    expect(await deviceRecords(second, 'formDrafts')).toEqual([])
    await context.close()
  })
})

describe('a shared phone', () => {
  it('a session that expires with a check waiting: neither a visitor nor another user sees it or sends it; its user signs in again and it is sent', async () => {
    const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
    const page = await checkFormOnline(suite.app, context)
    const notes = `Waiting for its own user ${Date.now()}`
    await goOffline(context)
    await fillCheck(page, notes)
    await page.getByLabel('Images').setInputFiles([photo('pile.png')])
    await page.getByText('Saved on this device', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Waiting to send' }).waitFor()

    // the session ends on the server while the phone is in the cellar
    const tech = await suite.app.db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirstOrThrow()
    await suite.app.db.deleteFrom('sessions').where('user_id', '=', tech.id).execute()
    await goOnline(context)
    await page.goto('/storage-check-form')
    await page.waitForURL((url) => url.pathname === '/login')
    expect(await page.locator('.waiting-to-send').count()).toBe(0)

    // another user on the same phone: nothing of the tech's, and nothing sent for them
    await signIn(page, 'office', '/')
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor()
    await page.waitForTimeout(1_000)
    expect(await page.locator('.waiting-to-send').count()).toBe(0)
    expect(await page.getByText(notes).count()).toBe(0)
    expect(await checksWith(suite.app, notes)).toEqual([])

    // the tech again: sent, once, with its photo
    await signIn(page, 'tech', '/')
    await expect.poll(() => checksWith(suite.app, notes).then((rows) => rows.length), { timeout: 20_000, interval: 250 }).toBe(1)
    expect(await checkImages(suite.app, notes)).toHaveLength(1)
    await expect.poll(() => page.locator('.waiting-to-send').count(), { timeout: 10_000 }).toBe(0)
    await context.close()
  })
})

describe('photos left behind', () => {
  it('a photo no waiting form and no draft names goes a week after it was kept; one a draft names, or a newer one, stays', async () => {
    const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
    const page = await checkFormOnline(suite.app, context)
    const tech = await suite.app.db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirstOrThrow()
    const weekAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000).toISOString()
    await page.evaluate(
      ({ userId, weekAgo }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('offline-drafts')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            const tx = db.transaction(['photos', 'formDrafts'], 'readwrite')
            const photo = (localId: string, keptAt: string) => ({
              key: `${userId}:${localId}`,
              userId,
              localId,
              area: 'storage_checks',
              name: `${localId}.png`,
              size: 1,
              sha256: '0',
              file: new Blob(['x']),
              keptAt,
            })
            tx.objectStore('photos').put(photo('left-behind', weekAgo))
            tx.objectStore('photos').put(photo('in-a-draft', weekAgo))
            tx.objectStore('photos').put(photo('just-taken', new Date().toISOString()))
            tx.objectStore('formDrafts').put({ key: `${userId}:/elsewhere#form`, userId, draftKey: '/elsewhere#form', fields: [['images_local', 'in-a-draft']], submissionId: 'x', savedAt: weekAgo })
            tx.oncomplete = () => {
              db.close()
              resolve()
            }
          }
        }),
      { userId: tech.id, weekAgo },
    )
    expect(await keptPhotos(page)).toBe(3)
    await page.goto('/') // a page load sweeps
    await expect.poll(() => keptPhotos(page), { timeout: 10_000 }).toBe(2)
    const left = (await deviceRecords<{ localId: string }>(page, 'photos')).map((p) => p.localId).sort()
    expect(left).toEqual(['in-a-draft', 'just-taken'])
    await context.close()
  })
})
