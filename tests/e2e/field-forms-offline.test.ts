// Every field form through one outbox, as issue 22's "Done means" asks of each (decisions 0058–0060):
// go offline, fill it (two photos where the form takes images), submit, go to another page, reload
// with no signal, close the tab; open the app again online in two tabs at once → the record exists
// exactly once on the server, its photos byte for byte, none left on the device, and the top bar's
// count drops to 0 in both. The photos are camera-size (issue 40): what travels and is kept is
// each one's copy made on the device, at most 1,600 px, upright, its time and position kept. The restart, the receipt and a grower's notes form are first opened with
// no signal (kept ahead; another grower's notes form stands for this one's).
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { FORM_QUEUED_TEXT } from '#app/offline/form-outbox.ts'
import { QUEUED_TEXT } from '#app/offline/sheet-offline.tsx'
import { ON_DEVICE_HINT } from '#app/components/upload/file-upload.tsx'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { CAMERA_FACTS, cameraPhoto, servedPhotos } from '../support/camera-photo.ts'
import { hydrated, newContext, signIn } from '../support/browser.ts'
import { announceOnline, fillAllButTwo, goOffline, goOnline, userApplicatorId, waitUntilCached } from '../support/offline.ts'
import { deviceRecords, fillCheck, fillServiceSheet, keptPhotos, signedInWithWorker, storageOf, waiting } from '../support/photo-outbox.ts'
import { makePretreat } from '../support/pretreats.ts'

const suite = useBrowserSuite()
const db = () => suite.app.db

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

describe('every field form, submitted with no signal', () => {
  for (const [name, form] of Object.entries(FORMS)) {
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

// A call kept with no signal: pressed twice it is still one; refused by the server, it stays.
const COMPANY = 'Aberdeen Acres'
const waitingText = (page: Page, text: string) => page.locator('.top-bar').getByText(text, { exact: true })
const callsWith = (description: string) => suite.app.db.selectFrom('call_ins').select('id').where('description', '=', description).execute()

/** The form at `path` for a storage of COMPANY, filled by `fill`, then sent with no signal: kept, and said so. */
async function sentOffline(path: string, fill: (page: Page) => Promise<void>) {
  const context = await newContext(suite.browser, suite.app.url)
  const page = await context.newPage()
  await signIn(page, 'tech')
  const storage = await suite.app.db
    .selectFrom('storages as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select('s.id')
    .where('c.company_name', '=', COMPANY)
    .orderBy('s.name')
    .executeTakeFirstOrThrow()
  await page.goto(`${path}?company=${encodeURIComponent(COMPANY)}&storage=${storage.id}`)
  await hydrated(page)
  await fill(page)
  await goOffline(context)
  await page.getByRole('button', { name: 'Submit' }).click()
  await page.getByRole('dialog', { name: 'Waiting to send' }).getByText(FORM_QUEUED_TEXT).waitFor()
  await waitingText(page, '1 waiting to send').waitFor()
  return { context, page }
}

/** The call form filled in for a storage of COMPANY, then sent with no signal: kept, and said so. */
async function callSentOffline(description: string) {
  const sent = await sentOffline('/service-call', async (page) => {
    await page.getByLabel('Requested By').fill('Dale')
    await page.getByLabel('Reason for Service').fill(description)
  })
  expect(await callsWith(description)).toEqual([])
  return sent
}

/** COMPANY made inactive while a form for it waits on `page`'s device, then the signal back: the server refuses it, and it stays. */
async function refusedOnArrival(context: BrowserContext, page: Page) {
  await suite.app.db.updateTable('companies').set({ active: false }).where('company_name', '=', COMPANY).execute()
  await goOnline(context)
  await announceOnline(page)
  await expect.poll(() => kept(page), { timeout: 15_000, interval: 250 }).toEqual([400])
  await waitingText(page, '1 waiting to send').waitFor()
}

/** The one waiting form opened from the top bar's list. */
async function openFromList(page: Page) {
  await page.getByRole('dialog', { name: 'Waiting to send' }).getByRole('button', { name: 'OK' }).click()
  const bar = page.locator('.top-bar')
  await bar.getByText('1 waiting to send', { exact: true }).click()
  await bar.getByRole('link', { name: 'Open' }).click()
  await page.waitForURL((url) => url.searchParams.has('outbox'))
}

const reactivate = () => suite.app.db.updateTable('companies').set({ active: true }).where('company_name', '=', COMPANY).execute()

/** What the device keeps: each queued form's refusal status (null: not refused). */
const kept = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('offline-drafts')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const all = await new Promise<{ refused?: number }[]>((resolve) => {
      const request = db.transaction('forms').objectStore('forms').getAll()
      request.onsuccess = () => resolve(request.result as { refused?: number }[])
    })
    db.close()
    return all.map((f) => f.refused ?? null)
  })

describe('a call submitted with no signal', () => {
  it('is kept on the device, then sent once when the server answers again; pressed twice, still one', async () => {
    const description = `Fan 3 rattles, from the cellar ${Date.now()}`
    const { context, page } = await callSentOffline(description)
    await page.getByRole('button', { name: 'OK' }).click()
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Waiting to send' }).waitFor()
    await waitingText(page, '1 waiting to send').waitFor()

    await goOnline(context)
    await announceOnline(page)
    await expect.poll(() => callsWith(description).then((rows) => rows.length), { timeout: 15_000, interval: 250 }).toBe(1)
    await expect.poll(() => waitingText(page, '1 waiting to send').count(), { timeout: 5_000 }).toBe(0)
    expect(await kept(page)).toEqual([])
    expect(await callsWith(description)).toHaveLength(1)
    await context.close()
  })

  it('is sent only by its own user’s session: a stale tab whose user is gone reloads as the one signed in, and the call waits for its user (issue 38, item 2)', async () => {
    const description = `Queued by Luis before Dana signed in ${Date.now()}`
    const { context, page } = await callSentOffline(description)
    // Luis's session ends without Log out; Dana signs in in another tab of the same browser
    const tech = await suite.app.db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirstOrThrow()
    await suite.app.db.deleteFrom('sessions').where('user_id', '=', tech.id).execute()
    await goOnline(context)
    const other = await context.newPage()
    await signIn(other, 'admin')
    await announceOnline(page)
    // Luis's still-open page sends nothing as Dana: it reloads as her page
    const who = () => page.locator('.top-bar .who').textContent()
    await expect.poll(async () => (await callsWith(description)).length > 0 || (await who()) === 'Dana Whitaker', { timeout: 20_000, interval: 250 }).toBe(true)
    expect(await callsWith(description)).toEqual([])
    expect(await kept(page)).toEqual([null])
    expect(await waitingText(other, '1 waiting to send').count()).toBe(0)
    await context.close()
  })

  it('stays on the device, still counted, when the server refuses it (its grower made inactive meanwhile); opened from the list, its form has every value typed, its choices and the server’s message, also after a reload', async () => {
    const description = `For a grower about to leave ${Date.now()}`
    const { context, page } = await callSentOffline(description)
    try {
      await refusedOnArrival(context, page)
      expect(await callsWith(description)).toEqual([])

      await openFromList(page)
      const reopened = async () => {
        await page
          .locator('main')
          .getByText(/^Not sent: Choose a customer from the list\./)
          .waitFor()
        expect(await page.getByLabel('Customer', { exact: true }).inputValue()).toBe(COMPANY)
        expect(await page.getByLabel('Requested By').inputValue()).toBe('Dale')
        expect(await page.getByLabel('Reason for Service').inputValue()).toBe(description)
      }
      await reopened()
      // the server's word beside the customer it no longer takes
      expect(await page.locator('.place-picker .field-error').innerText()).toBe('Choose a customer from the list.')
      await page.reload()
      await reopened()
    } finally {
      await reactivate()
      await context.close()
    }
  })
})

describe('a storage check submitted with no signal', () => {
  it('refused by the server (its owner made inactive meanwhile), opened from the list: its form has every value typed, its choices and the server’s message (issue 38, item 34), said once; what is typed after stays when another owner is chosen (issue 39)', async () => {
    const notes = `Check for a grower about to leave ${Date.now()}`
    const { context, page } = await sentOffline('/storage-check-form', (page) => fillCheck(page, notes))
    try {
      await refusedOnArrival(context, page)
      await openFromList(page)
      // the command's own word (its JSON answer) above the form, said once: the place's own message
      // shows only once a place is chosen (issue 39)
      await page
        .locator('main')
        .getByText(/^Not sent: Choose an owner from the list\./)
        .waitFor()
      expect(await page.getByLabel('Owner', { exact: true }).inputValue()).toBe(COMPANY)
      // the picker's own word on the owner it no longer offers
      expect(await page.locator('.place-picker .field-error').innerText()).toBe('Choose a customer from the list.')
      expect(await page.getByLabel('Notes').inputValue()).toBe(notes)
      expect(await page.getByLabel('Setpoint (°F)').inputValue()).toBe('45')
      expect(await page.getByLabel('Variety').inputValue()).toBe('Russet - Fryer')
      expect(await page.getByLabel('Cellar Fill Status').inputValue()).toBe('3/4 Full')
      // the refused owner said beside it and by 'Not sent: …', not again by the form's own check (issue 39)
      expect(await page.locator('main .notice-error').count()).toBe(1)
      // what is typed after reopening stays when another owner and storage are chosen (issue 39)
      await page.getByLabel('Notes').fill(`${notes}, typed again`)
      await page.getByLabel('Owner', { exact: true }).fill('Minidoka Growers')
      await page.locator('#storage').selectOption({ index: 1 })
      await page.waitForURL((url) => url.searchParams.get('company') === 'Minidoka Growers' && url.searchParams.has('storage') && url.searchParams.has('outbox'))
      // the form drawn anew for that storage, filled once its queued copy is read (its 'Not sent' shows then)
      const storage = new URL(page.url()).searchParams.get('storage')
      await page
        .locator(`form#storage-check-${storage}`)
        .getByText(/^Not sent/)
        .waitFor()
      expect(await page.getByLabel('Notes').inputValue()).toBe(`${notes}, typed again`)
    } finally {
      await reactivate()
      await context.close()
    }
  })
})

describe('a draft kept behind a picker', () => {
  it('a half-typed call is offered on the form whatever is chosen, and opens with what was typed', async () => {
    const context = await newContext(suite.browser, suite.app.url)
    const page = await context.newPage()
    await signIn(page, 'tech')
    const reason = `Half-typed ${Date.now()}`
    await page.goto(`/service-call?${await aberdeen()}`)
    await hydrated(page)
    await page.getByLabel('Reason for Service').fill(reason)
    await expect.poll(() => deviceRecords(page, 'formDrafts').then((drafts) => drafts.length)).toBe(1)

    // the form again, nothing chosen: the draft is listed, with which record it is
    await page.goto('/service-call')
    const draft = page.getByRole('link', { name: /^Aberdeen Acres · .+ · \d{4}-\d\d-\d\d/ })
    await draft.click()
    await page.getByText(/^Restored what you typed on this device/).waitFor()
    expect(await page.getByLabel('Reason for Service').inputValue()).toBe(reason)
    await context.close()
  })
})

describe('a picker form for a grower in its address, never opened, with no signal (issue 38, item 33)', () => {
  it('offers the grower’s storages as soon as the form is on the device: the choices are kept before the forms that need them', async () => {
    const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
    const page = await signedInWithWorker(context, 'tech')
    // the signal goes the moment the last picker form is kept ahead, as a field user leaving the yard after sign-in
    await waitUntilCached(page, '/storage-check-form')
    await goOffline(context)
    const storages = await db()
      .selectFrom('storages as s')
      .innerJoin('companies as c', 'c.id', 's.company_id')
      .select('s.name')
      .where('c.company_name', '=', 'Minidoka Growers')
      .where('s.active', '=', true)
      .orderBy('s.name')
      .orderBy('s.id')
      .execute()
    // the address as the picker writes it (URLSearchParams)
    for (const form of ['/storage-check-form', '/service-call']) {
      await page.goto(`${form}?company=Minidoka+Growers`)
      await expect.poll(() => page.locator('#storage option').allTextContents(), { timeout: 5_000 }).toEqual(['Choose a storage', ...storages.map((s) => s.name)])
    }
    await context.close()
  })
})
