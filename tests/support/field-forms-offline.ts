// Every field form through one outbox, as issue 22's "Done means" asks of each (decisions 0058–0060):
// go offline, fill it (two photos where the form takes images), submit, go to another page, reload
// with no signal, close the tab; open the app again online in two tabs at once → the record exists
// exactly once on the server, its photos byte for byte, none left on the device, and the top bar's
// count drops to 0 in both. The photos are camera-size (issue 40): what travels and is kept is
// each one's copy made on the device, at most 1,600 px, upright, its time and position kept. The restart, the receipt and a grower's notes form are first opened with
// no signal (kept ahead; another grower's notes form stands for this one's).
// The forms run in two files (tests/e2e/field-forms-offline*.test.ts): with photos and without, each well
// under the 90 s a file may take.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { QUEUED_TEXT } from '#app/offline/sheet-offline.tsx'
import { ON_DEVICE_HINT } from '#app/components/upload/file-upload.tsx'
import { CAMERA_FACTS, cameraPhoto, servedPhotos } from './camera-photo.ts'
import { hydrated, newContext } from './browser.ts'
import { fillAllButTwo, goOffline, goOnline, userApplicatorId, waitUntilCached } from './offline.ts'
import { deviceRecords, fillCheck, fillServiceSheet, keptPhotos, signedInWithWorker, storageOf, waiting } from './photo-outbox.ts'
import { makePretreat } from './pretreats.ts'
import type { BrowserSuite } from './browser-suite.ts'

interface FieldForm {
  user: string
  /** the form takes images: two are chosen */
  photos?: true
  /** never opened online: the device kept it ahead (api.my-sheets), and it is first opened with no signal */
  neverOpened?: true
  /** other pages the device must have kept ahead before the signal goes */
  ahead?: () => Promise<string[]>
  /** the form's address, opened while there is signal */
  url: () => Promise<string>
  /** fills the form with no signal; the hashes of the photos it keeps to send, if any */
  fill: (page: Page, marker: string) => Promise<string[]>
  /** what a submit with no signal shows */
  queued: (page: Page) => Promise<void>
  /** the records the server holds for `marker`, each with its photos' ids */
  records: (marker: string) => Promise<{ images: string[] }[]>
}

/** The test of each field form that takes photos (`photos`), or of each that does not, for the app of `suite`. */
export function describeEachFieldForm(suite: BrowserSuite, photos: boolean): void {
  const db = () => suite.app.db

  const twoPhotos = () => Promise.all([cameraPhoto(1), cameraPhoto(2)])
  const inOutbox = (page: Page) => page.getByRole('dialog', { name: 'Waiting to send' }).waitFor()
  const aberdeen = async () => `company=${encodeURIComponent('Aberdeen Acres')}&storage=${(await storageOf(suite.app, 'Aberdeen Acres')).id}`

  async function choosePhotos(page: Page, label: string): Promise<string[]> {
    await page.getByLabel(label).setInputFiles(await twoPhotos())
    // made ready, kept on the device, then an upload tried and given up with no signal: a few seconds on a busy machine
    await expect.poll(() => page.getByText('Saved on this device', { exact: true }).count(), { timeout: 15_000 }).toBe(2)
    await page.getByText(ON_DEVICE_HINT).first().waitFor()
    // the device keeps each photo's travelling copy: what it sends, and the server must hold
    const kept = await deviceRecords<{ sha256: string; size: number }>(page, 'photos')
    expect(kept.map((p) => p.size).every((size) => size < 500_000)).toBe(true)
    return kept.map((p) => p.sha256)
  }

  const FORMS: Record<string, FieldForm> = {
    'the call-in': {
      user: 'tech',
      url: async () => `/service-call?${await aberdeen()}`,
      fill: async (page, marker) => {
        await page.getByLabel('Requested By').fill('Dale')
        await page.getByLabel('Reason for Service').fill(marker)
        return []
      },
      queued: inOutbox,
      records: async (marker) => (await db().selectFrom('call_ins').select('id').where('description', '=', marker).execute()).map(() => ({ images: [] })),
    },
    'the customer note': {
      user: 'office',
      neverOpened: true,
      // the grower step; one grower's form (it stands for the others) and the growers' contacts, kept ahead
      url: async () => '/interaction-form',
      ahead: async () => {
        const [first] = await db()
          .selectFrom('companies')
          .select('id')
          .where('active', '=', true)
          .where('company_name', '<>', 'Keystone Storage Services')
          .orderBy('company_name')
          .orderBy('id')
          .limit(1)
          .execute()
        return [`/interaction-form/${first!.id}`, '/api/choices']
      },
      fill: async (page, marker) => {
        // a grower whose form this device never kept: chosen on the device, its contacts from the device
        await page.getByLabel('Company', { exact: true }).fill('Minidoka Growers')
        await page.getByRole('heading', { name: 'Customer Notes Form' }).waitFor()
        await page.getByText('Minidoka Growers ·').waitFor()
        await page.getByLabel('Contact').selectOption({ label: 'Sue Tolman (Owner)' })
        await page.getByLabel('Notes').fill(marker)
        return []
      },
      queued: inOutbox,
      records: async (marker) => {
        const minidoka = await db().selectFrom('companies').select('id').where('company_name', '=', 'Minidoka Growers').executeTakeFirstOrThrow()
        return (await db().selectFrom('interactions').select('id').where('notes', '=', marker).where('company_id', '=', minidoka.id).execute()).map(() => ({ images: [] }))
      },
    },
    'the restart checklist': {
      user: 'tech',
      neverOpened: true,
      url: async () => {
        const pt = await makePretreat(db(), { stage: 'to-review', application_date: '2026-11-20' })
        return `/restarts/${(await db().selectFrom('restarts').select('id').where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()).id}`
      },
      fill: async (page, marker) => {
        for (const question of ['Remote', 'Running', 'Cleaned Up']) await page.getByRole('group', { name: question, exact: true }).getByLabel('Yes').check()
        await page.getByLabel('Comments').fill(marker)
        return []
      },
      queued: inOutbox,
      records: async (marker) => (await db().selectFrom('restarts').select('id').where('comments', '=', marker).where('completed_at', 'is not', null).execute()).map(() => ({ images: [] })),
    },
    'the storage check': {
      user: 'tech',
      photos: true,
      url: async () => `/storage-check-form?${await aberdeen()}`,
      fill: async (page, marker) => {
        await fillCheck(page, marker)
        return choosePhotos(page, 'Images')
      },
      queued: inOutbox,
      records: async (marker) => {
        const rows = await db().selectFrom('storage_checks').select('id').where('notes', '=', marker).execute()
        return Promise.all(rows.map(async (r) => ({ images: (await db().selectFrom('storage_check_images').select('blob_id').where('storage_check_id', '=', r.id).execute()).map((i) => i.blob_id) })))
      },
    },
    'the receipt': {
      user: 'tech',
      photos: true,
      neverOpened: true,
      url: async () => '/receipt-form',
      // each type's step is its own page, kept ahead too
      ahead: async () => ['/receipt-form?type=Fuel'],
      fill: async (page, marker) => {
        await page.getByLabel('Type').selectOption('Fuel')
        await page.getByLabel('Date').fill('2026-11-03')
        await page.getByLabel('Location').fill(marker)
        await page.getByLabel('Total').fill('84.37')
        await page.getByLabel('Truck').selectOption({ label: 'Ram 3500 Tradesman T-102' })
        await page.getByLabel('Mileage').fill('120433')
        return choosePhotos(page, 'Image')
      },
      queued: inOutbox,
      records: async (marker) => {
        const rows = await db().selectFrom('receipts').select('id').where('location', '=', marker).execute()
        return Promise.all(rows.map(async (r) => ({ images: (await db().selectFrom('receipt_images').select('blob_id').where('receipt_id', '=', r.id).execute()).map((i) => i.blob_id) })))
      },
    },
    'the service sheet': {
      user: 'tech',
      photos: true,
      url: async () => `/service-form?${await aberdeen()}`,
      fill: async (page, marker) => {
        await fillServiceSheet(page, marker)
        return choosePhotos(page, 'Images')
      },
      queued: inOutbox,
      records: async (marker) => {
        const rows = await db().selectFrom('service_sheets').select('id').where('notes', '=', marker).execute()
        return Promise.all(rows.map(async (r) => ({ images: (await db().selectFrom('service_sheet_images').select('blob_id').where('service_sheet_id', '=', r.id).execute()).map((i) => i.blob_id) })))
      },
    },
    'the application sheet': {
      user: 'applicator',
      url: async () => {
        const sheet = await makePretreat(db(), { stage: 'assigned', assignTo: await userApplicatorId(db(), 'applicator') })
        await fillAllButTwo(db(), sheet.id)
        return `/pretreats/${sheet.id}`
      },
      fill: async (page, marker) => {
        await page.locator('#pretreat-sheet [name="batch_numbers"]').fill(marker)
        await page.locator('#pretreat-sheet [name="sampled_by"]').fill('Cody Hansen')
        return []
      },
      queued: (page) => page.getByText(QUEUED_TEXT).waitFor(),
      records: async (marker) => (await db().selectFrom('pretreats').select('id').where('batch_numbers', '=', marker).where('status', '=', 'to-review').execute()).map(() => ({ images: [] })),
    },
  }

  describe(`every field form${photos ? ' with photos' : ' without photos'}, submitted with no signal`, () => {
    for (const [name, form] of Object.entries(FORMS).filter(([, f]) => Boolean(f.photos) === photos)) {
      it(`${name}${form.neverOpened ? ' (never opened online)' : ''}: through another page, a reload and a closed tab, then saved once${form.photos ? ' with its two photos, byte for byte' : ''}`, async () => {
        const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
        // made first: the sign-in's page has the device keep the user's forms ahead
        const url = await form.url()
        const page = await signedInWithWorker(context, form.user)
        // open while there is signal: the router learns the form's route (a submit offline needs no look-up)
        const pathname = new URL(url, suite.app.url).pathname
        if (form.neverOpened) {
          for (const kept of [url, ...((await form.ahead?.()) ?? [])]) await waitUntilCached(page, kept)
        } else {
          const learnt = page.waitForResponse((r) => r.url().includes('/__manifest?') && new URL(r.url()).searchParams.getAll('p').includes(pathname))
          await page.goto(url)
          await learnt
        }
        await waitUntilCached(page, '/')
        const marker = `${name} offline ${Date.now()}`

        await goOffline(context)
        if (form.neverOpened) {
          await page.goto(url)
          await hydrated(page)
        }
        const photos = await form.fill(page, marker)
        await page.getByRole('button', { name: 'Submit', exact: true }).click()
        await form.queued(page)
        await page.goto('/')
        await expect.poll(() => waiting(page).textContent()).toMatch(/^1 waiting to send/)
        await page.reload()
        await expect.poll(() => waiting(page).textContent()).toMatch(/^1 waiting to send/)
        await page.close()
        expect(await form.records(marker)).toEqual([])

        // the app opened again in two tabs at once: both send what waits, the server keeps one
        await goOnline(context)
        const [later, other] = [await context.newPage(), await context.newPage()]
        await Promise.all([later.goto('/'), other.goto('/')])
        await expect.poll(() => form.records(marker).then((rows) => rows.length), { timeout: 20_000, interval: 250 }).toBe(1)
        const [record] = await form.records(marker)
        const served = await servedPhotos(later, record!.images)
        expect(served.map((p) => p.sha256).sort()).toEqual([...photos].sort())
        // a camera's 4000 × 3000 turned a quarter (orientation 6): kept upright as 1,200 × 1,600
        for (const p of served) {
          expect(p).toMatchObject({ format: 'jpeg', width: 1200, height: 1600, orientation: 1 })
          expect(p.bytes).toBeLessThan(500_000)
        }
        // and its time and place, read from the original's EXIF
        if (form.photos) {
          const facts = await db().selectFrom('blobs').select(['taken_at', 'latitude', 'longitude']).where('id', 'in', record!.images).execute()
          expect(facts.map((f) => ({ takenAt: f.taken_at?.toISOString(), latitude: Number(f.latitude), longitude: Number(f.longitude) }))).toEqual([CAMERA_FACTS, CAMERA_FACTS])
        }
        await expect.poll(() => waiting(later).count(), { timeout: 10_000 }).toBe(0)
        await expect.poll(() => waiting(other).count(), { timeout: 10_000 }).toBe(0)
        expect(await form.records(marker)).toHaveLength(1)
        // nothing of it is left on the device
        expect(await keptPhotos(later)).toBe(0)
        await context.close()
      })
    }
  })
}
