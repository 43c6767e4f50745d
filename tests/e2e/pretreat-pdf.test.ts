// The pre-treat PDFs through the real app with its workers on (docs/decisions/0040): the completed
// list's PDF column opens the sheet's PDF in the light box (with JavaScript) or is the PDF itself
// (without), its text read back with pdf.js; the print summary from the scheduled list as an
// assigner holds the pre-treats of the list's filter and no others; a user without a PDF permission
// sees no PDF column and is refused; and with no worker running the answer is 'PDF not ready — try
// again', never a 500.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '#jobs/documents/extract-text.job.ts'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { newContext, shot, signIn } from '../support/browser.ts'
import { connectBrowser } from '../support/shared-browser.ts'
import { httpSession } from '../support/http-session.ts'
import type { MadePretreat } from '../support/pretreats.ts'
import { makeTestPretreat, makeUser, type MadeTestPretreat } from '../support/records.ts'

const NOT_READY = 'PDF not ready — try again'
const storeRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pretreat-pdf-e2e-'))
let app: AppServer
let browser: Browser
let completed: MadeTestPretreat
let scheduledA: MadePretreat
let scheduledB: MadePretreat

beforeAll(async () => {
  ;[app, browser] = await Promise.all([startAppServer({ WORKERS: 'on', STORAGE_DIR: storeRoot }), connectBrowser()])
  // each at a storage of its own, by an applicator of its own (who sees the completed list without its PDF column)
  completed = await makeTestPretreat(app.db, { stage: 'completed' })
  const tech = await makeUser(app.db)
  await app.db
    .updateTable('restarts')
    .set({ comments: 'Fans restarted, door latched', remote: true, running: true, cleaned_up: true, completed_at: new Date('2026-11-02T15:00:00Z'), completed_by: tech.id })
    .where('pretreat_id', '=', completed.id)
    .execute()
  scheduledA = await makeTestPretreat(app.db, { stage: 'scheduled', application_notes: 'North cellar first' })
  scheduledB = await makeTestPretreat(app.db, { stage: 'scheduled' })
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  fs.rmSync(storeRoot, { recursive: true, force: true })
})

async function signedIn(username: string, js: boolean, width = 1280, target = app): Promise<Page> {
  const page = await (await newContext(browser, target.url, { javaScriptEnabled: js, width })).newPage()
  await signIn(page, username)
  return page
}

/** The text of the PDF a (followed) GET answers with. */
async function pdfAt(page: Page, url: string): Promise<string> {
  const response = await page.request.get(url)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/pdf')
  return (await pdfText(new Uint8Array(await response.body()))).replace(/\s+/g, ' ')
}

const productOf = (id: number) => app.db.selectFrom('products').select(['product_name', 'registration']).where('id', '=', id).executeTakeFirstOrThrow()
const row = (page: Page, number: string) => page.getByRole('table').getByRole('row').filter({ hasText: number })

describe('the completed list’s PDF column', () => {
  it('with JavaScript: opens the PDF in a light box named after the pre-treat, drawn by pdf.js; Escape closes it', async () => {
    const page = await signedIn('ptreview2', true)
    await page.goto('/completed-pre-treat')
    await page.getByRole('columnheader', { name: 'PDF' }).waitFor()
    const answer = page.waitForResponse((r) => r.url().includes(`/convert/${completed.id}/?type=pretreat`))
    await row(page, completed.pre_treat_number)
      .getByRole('link', { name: `PDF of ${completed.pre_treat_number}` })
      .click()
    const box = page.getByRole('dialog', { name: completed.pre_treat_number })
    await box.waitFor()
    const { pdf_url } = (await (await answer).json()) as { pdf_url: string }
    await box.locator('canvas[data-drawn="1"]').waitFor({ timeout: 30_000 })
    expect(page.url()).toContain('/completed-pre-treat') // the list stays behind the light box

    const text = await pdfAt(page, pdf_url)
    const product = await productOf(completed.product_id)
    expect(text).toContain(completed.pre_treat_number)
    expect(text).toContain(product.product_name)
    expect(text).toContain(product.registration)
    expect(text).toContain('Fans restarted, door latched')

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await box.locator('canvas[data-drawn="1"]').waitFor()
      await shot(page, `lightbox-${width}`, false)
    }
    await page.keyboard.press('Escape')
    await box.waitFor({ state: 'detached' })
  }, 60_000)

  it('without JavaScript: the link is the PDF itself', async () => {
    const page = await signedIn('ptreview1', false)
    await page.goto('/completed-pre-treat')
    const link = row(page, completed.pre_treat_number).getByRole('link', { name: `PDF of ${completed.pre_treat_number}` })
    expect(await link.getAttribute('href')).toBe(`/pretreats/${completed.id}/pdf`)
    const first = await page.request.get(`/pretreats/${completed.id}/pdf`, { maxRedirects: 0 })
    expect(first.status()).toBe(303)
    expect(first.headers()['location']).toMatch(/\.pdf|\/blobs\//)
    expect(await pdfAt(page, `/pretreats/${completed.id}/pdf`)).toContain(completed.pre_treat_number)
  }, 60_000)

  it('shows no PDF column to a user without a PDF permission, and refuses them the PDF (403), changing nothing', async () => {
    const page = await signedIn(completed.applicator.username, true)
    await page.goto('/completed-pre-treat')
    await page.getByRole('heading', { name: 'Pre Treat Details' }).waitFor()
    await row(page, completed.pre_treat_number).waitFor()
    expect(await page.getByRole('columnheader', { name: 'PDF' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: /^PDF of / }).count()).toBe(0)

    const conversions = async () =>
      Number(
        (
          await app.db
            .selectFrom('document_conversions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await conversions()
    const session = await httpSession(app.url, completed.applicator.username)
    const csrf = await session.csrfToken()
    const convert = await session.fetch(`/convert/${completed.id}/?type=pretreat`, { method: 'POST', headers: { 'X-CSRF-Token': csrf } })
    expect(convert.status).toBe(403)
    expect(await convert.json()).toEqual({ error: 'You do not have permission to see pre-treat PDFs.' })
    expect((await session.fetch(`/pretreats/${completed.id}/pdf`)).status).toBe(403)
    const summary = await session.fetch('/convert/?type=pt-summary', { method: 'POST', headers: { 'X-CSRF-Token': csrf } })
    expect(summary.status).toBe(403)
    expect(await conversions()).toBe(before)
  })

  it('answers bad asks with a clear message: a missing type 400, an unknown pre-treat 404', async () => {
    const session = await httpSession(app.url, 'ptreview2')
    const csrf = await session.csrfToken()
    const noType = await session.fetch(`/convert/${completed.id}`, { method: 'POST', headers: { 'X-CSRF-Token': csrf } })
    expect(noType.status).toBe(400)
    expect(await noType.json()).toEqual({ error: "type must be 'pretreat': POST /convert/{id}/?type=pretreat." })
    const unknown = await session.fetch('/convert/987654/?type=pretreat', { method: 'POST', headers: { 'X-CSRF-Token': csrf } })
    expect(unknown.status).toBe(404)
    expect((await session.fetch('/pretreats/987654/pdf')).status).toBe(404)
  })
})

describe('the print summary', () => {
  const filtered = () => `/scheduled-pre-treat?filter_by=pre_treat_number&filter_value=${encodeURIComponent(scheduledA.pre_treat_number)}`

  it('with JavaScript: the scheduled list’s filter on one PDF in the light box', async () => {
    const page = await signedIn('assigner', true)
    await page.goto(filtered())
    await row(page, scheduledA.pre_treat_number).waitFor()
    // a click before hydration would post the plain form (the no-JavaScript way): wait for React's hold on it
    await page.waitForFunction(() => Object.keys(document.querySelector('form.pdf-form') ?? {}).some((k) => k.startsWith('__react')))
    const answer = page.waitForResponse((r) => r.url().includes('/convert/?type=pt-summary'))
    await page.getByRole('button', { name: 'Print Summary' }).click()
    const box = page.getByRole('dialog', { name: 'Pre-Treat Summary' })
    await box.waitFor()
    const response = await answer
    expect(response.status()).toBe(200)
    await box.locator('canvas[data-drawn="1"]').waitFor({ timeout: 30_000 })
    const text = await pdfAt(page, ((await response.json()) as { pdf_url: string }).pdf_url)
    expect(text).toContain(scheduledA.pre_treat_number)
    expect(text).toContain('North cellar first')
    expect(text).not.toContain(scheduledB.pre_treat_number)
    expect(text).not.toContain(completed.pre_treat_number)
  }, 60_000)

  it('without JavaScript: a POST form whose answer leads to the PDF', async () => {
    const page = await signedIn('assigner', false)
    await page.goto(filtered())
    const form = page.locator('form.pdf-form')
    const action = (await form.getAttribute('action'))!
    expect(action).toContain('type=pt-summary')
    const csrf = (await form.locator('input[name="csrf"]').getAttribute('value'))!
    const posted = await page.request.post(action, { form: { csrf }, maxRedirects: 0, headers: { origin: app.url } })
    expect(posted.status()).toBe(303)
    const text = await pdfAt(page, posted.headers()['location']!)
    expect(text).toContain(scheduledA.pre_treat_number)
    expect(text).not.toContain(scheduledB.pre_treat_number)
  }, 60_000)

  it('is not offered to those who may not print it', async () => {
    const page = await signedIn('ptreview1', false)
    await page.goto('/scheduled-pre-treat')
    await page.getByRole('heading', { name: 'Pre Treat Details' }).waitFor()
    expect(await page.getByRole('button', { name: 'Print Summary' }).count()).toBe(0)
  })
})

describe('with no worker running', () => {
  let idle: AppServer
  beforeAll(async () => {
    // no worker will ever render: a request need not wait the default 10 s to say so
    idle = await startAppServer({ WORKERS: 'off', PDF_WAIT_SECONDS: '1' })
  }, 120_000)
  afterAll(() => idle?.stop())

  it("answers 'PDF not ready — try again', never a 500: the page without JavaScript, the light box with it", async () => {
    const pt = await makeTestPretreat(idle.db, { stage: 'completed' })
    const plain = await signedIn('ptreview2', false, 1280, idle)
    const response = await plain.goto(`/pretreats/${pt.id}/pdf`)
    expect(response?.status()).toBe(200) // a page that says so, not an error
    await plain.getByText(NOT_READY).waitFor()
    expect(await plain.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(`/pretreats/${pt.id}/pdf`)

    const page = await signedIn('ptreview2', true, 1280, idle)
    await page.goto('/completed-pre-treat')
    await row(page, pt.pre_treat_number)
      .getByRole('link', { name: `PDF of ${pt.pre_treat_number}` })
      .click()
    const box = page.getByRole('dialog', { name: pt.pre_treat_number })
    await box.getByText(NOT_READY).waitFor({ timeout: 30_000 })
    await box.getByRole('button', { name: 'Try again' }).waitFor()
  }, 90_000)
})
