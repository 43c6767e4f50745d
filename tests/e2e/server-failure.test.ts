// A server failure while saving or loading a list (issue 19, item 15), made real: the app's database
// stops taking connections (ALTER DATABASE … ALLOW_CONNECTIONS false, its sessions ended), or one
// save's statement is held on a table lock and then cancelled. A save failure is the spec's Error
// modal ('Problem occurred while submitting data. Please try again.') with the form as it was typed
// (with JavaScript; without it the same text, and the form again with its values when the database
// answers the page); a list that cannot be read says so in the list's own words ('Error fetching
// receipts'). Never the root error page.
import pg from 'pg'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()
const SAVE_FAILED = 'Problem occurred while submitting data. Please try again.'
const ROOT_ERROR = 'Something went wrong'

let admin: pg.Client
let database: string
const pages: Record<'js' | 'nojs', Page> = {} as never

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') })
  await admin.connect()
  database = (await suite.app.db.selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name')).executeTakeFirstOrThrow()).name
  const open = async (js: boolean, browser: Browser) => {
    const page = await (await newContext(browser, suite.app.url, { javaScriptEnabled: js })).newPage()
    await signIn(page, 'tech')
    return page
  }
  ;[pages.js, pages.nojs] = await Promise.all([open(true, suite.browser), open(false, suite.browser)])
})
afterEach(() => databaseUp())
afterAll(() => admin.end())

/** The app's database stops answering: no new connection is accepted and the open ones are ended. */
async function databaseDown() {
  await admin.query(`alter database ${database} allow_connections false`)
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database])
}
async function databaseUp() {
  await admin.query(`alter database ${database} allow_connections true`)
}

const PNG = (() => {
  const buffer = Buffer.alloc(4096, 7)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buffer)
  return { name: 'fuel.png', mimeType: 'image/png', buffer }
})()

/** A complete Fuel receipt, typed (with JavaScript its image is uploaded already). */
async function typeReceipt(p: Page, js: boolean, location: string) {
  await p.goto('/receipt-form?type=Fuel')
  await p.getByLabel('Location').fill(location)
  await p.getByLabel('Total').fill('61.20')
  await p.getByLabel('Truck').selectOption({ index: 1 })
  await p.getByLabel('Mileage').fill('120500')
  await p.getByLabel('Image').setInputFiles(PNG)
  if (js) await p.getByText('Uploaded', { exact: true }).waitFor()
}

const receiptsAt = (location: string) => suite.app.db.selectFrom('receipts').select('id').where('location', '=', location).execute()

async function expectTyped(p: Page, location: string) {
  expect(await p.getByLabel('Location').inputValue()).toBe(location)
  expect(await p.getByLabel('Total').inputValue()).toBe('61.20')
  expect(await p.getByLabel('Mileage').inputValue()).toBe('120500')
}

describe('a save while the database is unreachable', () => {
  it('with JavaScript: the Error modal with the spec’s text, the form kept as typed; OK, and it saves once the database is back', async () => {
    const p = pages.js
    const location = `Down js ${Date.now()}`
    await typeReceipt(p, true, location)
    await databaseDown()
    await p.getByRole('button', { name: 'Submit' }).click()
    const dialog = p.getByRole('dialog', { name: 'Error' })
    await dialog.getByText(SAVE_FAILED).waitFor()
    expect(await p.getByRole('heading', { name: ROOT_ERROR }).count()).toBe(0)
    await expectTyped(p, location)
    // nothing was read again: the shell still shows who is signed in
    await p.waitForTimeout(500)
    expect(await p.getByRole('link', { name: 'Log in' }).count()).toBe(0)
    await dialog.getByRole('button', { name: 'OK' }).click()
    await dialog.waitFor({ state: 'hidden' })
    // the page did not read itself again (it would have failed): still the form, still typed
    await expectTyped(p, location)

    await databaseUp()
    await p.getByRole('button', { name: 'Submit' }).click()
    await modalShown(p, 'Success')
    await p.waitForURL((url) => url.pathname === '/receipt')
    expect(await receiptsAt(location)).toHaveLength(1)
  })

  it('with JavaScript, on another form (the new call): the Error modal, the form kept as typed', async () => {
    const p = pages.js
    await p.goto('/service-call')
    await p.getByLabel('Customer', { exact: true }).fill('Aberdeen Acres')
    await p.getByLabel('Storage', { exact: true }).selectOption({ index: 1 })
    const reason = `Fan 2 stalls ${Date.now()}`
    await p.getByLabel('Requested By').fill('Dale Jensen')
    await p.getByLabel('Reason for Service').fill(reason)
    await databaseDown()
    await p.getByRole('button', { name: 'Submit' }).click()
    await p.getByRole('dialog', { name: 'Error' }).getByText(SAVE_FAILED).waitFor()
    await p.waitForTimeout(500)
    expect(await p.getByLabel('Reason for Service').inputValue()).toBe(reason)
    expect(await p.getByLabel('Requested By').inputValue()).toBe('Dale Jensen')
  })

  it('without JavaScript: the spec’s save-failure text in the Error modal, not the root error page', async () => {
    const p = pages.nojs
    const location = `Down nojs ${Date.now()}`
    await typeReceipt(p, false, location)
    await databaseDown()
    await p.getByRole('button', { name: 'Submit' }).click()
    await p.getByRole('dialog', { name: 'Error' }).getByText(SAVE_FAILED).waitFor()
    expect(await p.getByRole('heading', { name: ROOT_ERROR }).count()).toBe(0)
    await databaseUp()
    expect(await receiptsAt(location)).toHaveLength(0)
  })
})

describe('a save that fails in the database (its statement cancelled while it waits on a lock)', () => {
  /** Holds the receipts table against writes, presses Submit, and cancels the save's statement once it waits. */
  async function submitIntoFailure(p: Page) {
    const locker = new pg.Client({ connectionString: inject('pgAdminUrl').replace(/\/[^/]*$/, `/${database}`) })
    await locker.connect()
    await locker.query('begin')
    await locker.query('lock table receipts in share mode')
    const clicked = p.getByRole('button', { name: 'Submit' }).click()
    let pid: number | undefined
    for (let i = 0; i < 300 && pid === undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      const { rows } = await admin.query("select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and query ilike 'insert into \"receipts\"%'", [database])
      pid = rows[0]?.pid
    }
    expect(pid).toBeDefined()
    await admin.query('select pg_cancel_backend($1)', [pid])
    await locker.query('rollback')
    await locker.end()
    await clicked
  }

  for (const js of [true, false]) {
    it(`${js ? 'with' : 'without'} JavaScript: the form again with what was typed and the spec’s text`, async () => {
      const p = js ? pages.js : pages.nojs
      const location = `Cancelled ${js ? 'js' : 'nojs'} ${Date.now()}`
      await typeReceipt(p, js, location)
      await submitIntoFailure(p)
      if (js) await p.getByRole('dialog', { name: 'Error' }).getByText(SAVE_FAILED).waitFor()
      else await p.getByRole('alert').filter({ hasText: SAVE_FAILED }).first().waitFor()
      await expectTyped(p, location)
      expect(await receiptsAt(location)).toHaveLength(0)
    })
  }
})

describe('a list that cannot be read', () => {
  for (const js of [true, false]) {
    it(`${js ? 'with' : 'without'} JavaScript: the list's own message ('Error fetching receipts'), not the root error page`, async () => {
      const p = js ? pages.js : pages.nojs
      await p.goto('/receipt?tab=view')
      await databaseDown()
      if (js) await p.getByRole('link', { name: /Every receipt/ }).click()
      else await p.goto('/view-receipt')
      await p.getByRole('heading', { name: 'Error fetching receipts' }).waitFor()
      expect(await p.getByRole('heading', { name: ROOT_ERROR }).count()).toBe(0)
    })
  }

  it("with JavaScript: a list's data request failing at a proxy (502, the proxy's HTML) shows the list's message inside the shell", async () => {
    const p = pages.js
    await p.goto('/receipt?tab=view')
    // single fetch's data requests (/view-receipt.data?...) answered by a proxy, not by the app
    await p.route(/\.data(\?|$)/, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }))
    try {
      await p.getByRole('link', { name: /Every receipt/ }).click()
      await p.getByRole('heading', { name: 'Error fetching receipts' }).waitFor()
      expect(await p.getByRole('heading', { name: ROOT_ERROR }).count()).toBe(0)
      // inside the shell: the signed-in user's top bar is still there
      expect(await p.getByRole('button', { name: 'Log out' }).count()).toBeGreaterThan(0)
    } finally {
      await p.unroute(/\.data(\?|$)/)
    }
  })
})
