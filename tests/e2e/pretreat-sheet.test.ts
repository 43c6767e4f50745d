// The application sheet /pretreats/{id} as the demo applicator fills it, with JavaScript and
// without; a reader; and the JSON API the offline sync uses.
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { FINAL_CHECKLIST_ITEMS } from '#core/enums.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, shot, signIn } from '../support/browser.ts'
import { checklistItem } from '../support/offline.ts'
import { makePretreat } from '../support/pretreats.ts'

const suite = useBrowserSuite()

/** A sheet assigned to the demo applicator (Cody Hansen). */
async function sheetForApplicator() {
  const applicator = await suite.app.db.selectFrom('applicators as a').innerJoin('users as u', 'u.id', 'a.user_id').select('a.id').where('u.username', '=', 'applicator').executeTakeFirstOrThrow()
  return makePretreat(suite.app.db, { stage: 'assigned', assignTo: applicator.id })
}

const pretreat = (id: number) => suite.app.db.selectFrom('pretreats').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

const todayIso = () => new Date().toLocaleDateString('en-CA')

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option })
}

/** Fills every field of the sheet, as an applicator does in the storage. */
async function fillSheet(page: Page) {
  for (const [label, option] of [
    ['Pile Front', 'Dry'],
    ['Pile Middle', 'Damp'],
    ['Pile Back', 'Dry'],
    ['Sprouting', 'Eyes Open'],
    ['Ducts Open', 'All Open'],
    ['Duct Condition', 'Dry'],
    ['Bypass Door', 'Closed'],
    ['Coils Covered', 'Yes'],
    ['Cell Covered', 'No'],
    ['Weather', 'Clear'],
    ['Wind Direction', 'NW'],
  ] as const)
    await choose(page, label, option)
  await page.getByLabel('Truck', { exact: true }).selectOption({ index: 1 })
  for (const [label, value] of [
    ['Pile Temp 1 Front (°F)', '45'],
    ['Pile Temp 1 Middle (°F)', '46'],
    ['Pile Temp 1 Back (°F)', '45.5'],
    ['Set Point (°F)', '44'],
    ['Storage Temp Front (°F)', '44'],
    ['Storage Temp Middle (°F)', '44.5'],
    ['Storage Temp Back (°F)', '45'],
    ['Temperature (°F)', '28'],
    ['Wind Speed (mph)', '6'],
    ['Pile Comments', 'Even pile, no rot.'],
    ['Outdoor Comments', 'Calm morning.'],
    ['Batch Numbers', 'B-1001'],
    ['Sampled By', 'Cody Hansen'],
    ['Start Time', '08:00'],
    ['Stop Time', '11:30'],
  ] as const)
    await page.getByLabel(label, { exact: true }).fill(value)
  await page.getByLabel(/^Quantity Used/).fill('16.6')
}

async function fillChecklist(page: Page) {
  for (const item of FINAL_CHECKLIST_ITEMS) await checklistItem(page, item).getByLabel('Yes').check()
  await page.getByLabel('Purge Time (minutes)').fill('15')
  await page.getByLabel('Barrel Temperature (°F)').fill('180')
}

describe('the application sheet', () => {
  it('with JavaScript: the applicator fills it and the checklist, a missing field is named, then Submit → Success → /pretreats, To Review', async () => {
    const pt = await sheetForApplicator()
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'applicator', `/pretreats/${pt.id}`)
    await page.getByRole('heading', { name: `Application Sheet ${pt.pre_treat_number}` }).waitFor()
    expect(await page.locator('form#pretreat-sheet').getAttribute('data-draft-key')).toBe(`pretreat:${pt.id}`)
    // an assigned sheet opened without an application date shows today
    expect(await page.getByLabel('Application Date').inputValue()).toBe(todayIso())

    // Submit with the sheet empty: the toast lists what is missing, nothing is submitted (the
    // draft sync may still save the sheet as typed, the day filled in: in progress)
    await page.getByRole('button', { name: 'Submit' }).click()
    const toast = page.getByRole('alert').filter({ hasText: 'Missing required fields: ' })
    await toast.waitFor()
    expect(await toast.innerText()).toContain('Batch Numbers, Sampled By, Start Time, Stop Time, Truck, Pile Temps 1, Pile Front')
    expect(await toast.innerText()).toContain('Missing Quantity Used')
    expect(['assigned', 'in-progress']).toContain((await pretreat(pt.id)).status)

    await fillSheet(page)
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    expect(await pretreat(pt.id)).toMatchObject({ status: 'in-progress', weather: 'Clear', batch_numbers: 'B-1001', application_date: todayIso() })

    // Next: the checklist on the same page (no page load), saved, then Back
    await page.getByRole('link', { name: 'Next' }).click()
    await page.getByRole('heading', { name: 'Final Checklist' }).waitFor()
    expect(page.url()).not.toContain('view=checklist')
    await fillChecklist(page)
    await page.getByRole('button', { name: 'Save Checklist' }).click()
    await page.getByRole('status').filter({ hasText: 'Final checklist saved.' }).waitFor()
    expect(await suite.app.db.selectFrom('final_checklists').select(['purge_time', 'barrel_temp']).where('pretreat_id', '=', pt.id).executeTakeFirst()).toEqual({
      purge_time: 15,
      barrel_temp: '180.00',
    })
    await page.getByRole('link', { name: 'Back' }).click()

    await page.getByRole('button', { name: 'Submit' }).click()
    await modalShown(page, 'Success', 'Submission Successful! Redirecting...')
    await page.waitForURL((url) => url.pathname === '/pretreats')
    expect(await pretreat(pt.id)).toMatchObject({ status: 'to-review' })
  })

  it('without JavaScript: a plain form; the checklist at ?view=checklist; refused fields keep what was typed; Submit → /pretreats', async () => {
    const pt = await sheetForApplicator()
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'applicator', `/pretreats/${pt.id}`)
    expect(await page.getByLabel('Application Date').inputValue()).toBe(todayIso())

    // Next is a link to the checklist's own view
    await Promise.all([page.waitForURL(/view=checklist/), page.getByRole('link', { name: 'Next' }).click()])
    await fillChecklist(page)
    await page.getByLabel('Barrel Temperature (°F)').fill('0')
    await page.getByRole('button', { name: 'Save Checklist' }).click()
    await page.getByRole('alert').filter({ hasText: 'Final checklist is incomplete.' }).waitFor()
    await page.getByLabel('Barrel Temperature (°F)').fill('180')
    await Promise.all([page.waitForURL(/saved=checklist/), page.getByRole('button', { name: 'Save Checklist' }).click()])
    await page.getByText('Final checklist saved.').waitFor()

    await fillSheet(page)
    await page.getByLabel('Stop Time').fill('07:00')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('The stop time must be after the start time.').waitFor()
    expect(await page.getByLabel('Batch Numbers').inputValue()).toBe('B-1001')
    expect((await pretreat(pt.id)).status).toBe('assigned')
    await page.getByLabel('Stop Time').fill('11:30')
    await Promise.all([page.waitForURL((url) => url.pathname === '/pretreats'), page.getByRole('button', { name: 'Submit' }).click()])
    expect(await pretreat(pt.id)).toMatchObject({ status: 'to-review', stop_time: '11:30:00', batch_numbers: 'B-1001' })
  })

  it('a reader (the assigner) sees the sheet with no inputs and no buttons', async () => {
    const pt = await sheetForApplicator()
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'assigner', `/pretreats/${pt.id}`)
    await page.getByRole('heading', { name: 'Pile Conditions' }).waitFor()
    const main = page.locator('.pretreat-sheet')
    expect(await main.locator('input, select, textarea').count()).toBe(0)
    expect(await main.getByRole('button').count()).toBe(0)
    expect(await page.locator('form#pretreat-sheet').count()).toBe(0)
    // an unknown or non-numeric id is not found
    for (const path of ['/pretreats/99999999', '/pretreats/abc', '/pretreats/1e3']) expect((await page.goto(path))?.status(), path).toBe(404)
  })

  it('the JSON API saves, answers 409 with the server copy on an old version, and refuses a reader', async () => {
    const pt = await sheetForApplicator()
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'applicator', `/pretreats/${pt.id}`)
    const post = (changes: Record<string, string>) =>
      page.evaluate(
        async ({ id, changes }) => {
          const form = new FormData(document.getElementById('pretreat-sheet') as HTMLFormElement)
          for (const [k, v] of Object.entries(changes)) form.set(k, v)
          const response = await fetch(`/api/pretreat-sheet/${id}`, { method: 'POST', body: form, headers: { 'X-CSRF-Token': String(form.get('csrf')) } })
          return { status: response.status, body: await response.json() }
        },
        { id: pt.id, changes },
      )
    const version = (await pretreat(pt.id)).version
    const saved = await post({ intent: 'save', weather: 'Snow' })
    expect(saved).toEqual({ status: 200, body: { ok: true, redirectTo: `/pretreats/${pt.id}`, saved: { version: version + 1, savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } } })
    const stale = await post({ intent: 'save', weather: 'Rain', version: String(version) })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ ok: false, conflict: { version: version + 1, server: { weather: 'Snow' } } })
    expect((await pretreat(pt.id)).weather).toBe('Snow')
    const invalid = await post({ intent: 'save', version: String(version + 1), env_temp: '400' })
    expect(invalid).toEqual({ status: 400, body: { ok: false, error: 'Form is incomplete or invalid.', fieldErrors: { env_temp: ['Outdoor temperature must be 150 or less.'] }, missing: [] } })

    const reader = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(reader, 'assigner', `/pretreats/${pt.id}`)
    const refused = await reader.evaluate(async (id) => {
      const csrf = document.querySelector<HTMLInputElement>('input[name=csrf]')?.value ?? document.cookie.replace(/.*csrf=([^.;]*).*/, '$1')
      const form = new FormData()
      form.set('intent', 'save')
      form.set('version', '99')
      form.set('submission_id', crypto.randomUUID())
      const response = await fetch(`/api/pretreat-sheet/${id}`, { method: 'POST', body: form, headers: { 'X-CSRF-Token': csrf } })
      return { status: response.status, body: await response.json() }
    }, pt.id)
    expect(refused.status).toBe(403)
    expect((await pretreat(pt.id)).weather).toBe('Snow')
  })

  it('hostile values in every field of both forms, through the page and the API: never a 5xx', async () => {
    const pt = await sheetForApplicator()
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'applicator', `/pretreats/${pt.id}`)
    // what can only fail end to end (bytes, length, overflow); how each field reads '-0x10', 'NaN',
    // '２０', a quote or nothing is its schema's rule, proven with every hostile value in
    // core/schemas/hostile.unit.test.ts
    const HOSTILE = ['\u0000', 'x'.repeat(100_000), '1e999', '9'.repeat(40), '\r\nSet-Cookie: a=b']
    const answers = await page.evaluate(
      async ({ id, values }) => {
        const statuses: Record<string, number> = {}
        for (const formId of ['pretreat-sheet', 'pretreat-checklist']) {
          const element = document.getElementById(formId) as HTMLFormElement
          const names = [...new Set([...element.elements].map((e) => (e as HTMLInputElement).name).filter((n) => n && n !== 'csrf'))]
          // the page drawn again with each value in every field at once (its refusal rendered)
          for (const value of values) {
            const form = new FormData(element)
            for (const name of names) form.set(name, value)
            if (formId === 'pretreat-sheet') form.set('intent', 'submit')
            const response = await fetch(`/pretreats/${id}`, { method: 'POST', body: form, redirect: 'manual' })
            statuses[`${response.status}`] = (statuses[`${response.status}`] ?? 0) + 1
            if (response.status >= 500) statuses[`page, every field=${value.slice(0, 20)}`] = response.status
          }
          // one field at a time through the JSON API the outbox posts to: it runs the page's own
          // action (runSheetIntent) as this applicator; the hostile crawl posts each field to the
          // page's data request too
          for (const name of [...names, 'intent', 'version', 'chemicals[99].id', 'chemicals[0].id']) {
            for (const value of values) {
              for (const target of [`/api/pretreat-sheet/${id}`]) {
                const form = new FormData(element)
                if (formId === 'pretreat-sheet' && name !== 'intent') form.set('intent', 'submit')
                form.set(name, value)
                const response = await fetch(target, { method: 'POST', body: form, redirect: 'manual', headers: { 'X-CSRF-Token': String(form.get('csrf')) } })
                statuses[`${response.status}`] = (statuses[`${response.status}`] ?? 0) + 1
                if (response.status >= 500) statuses[`${target} ${name}=${value.slice(0, 20)}`] = response.status
              }
            }
          }
        }
        return statuses
      },
      { id: pt.id, values: HOSTILE },
    )
    expect(Object.keys(answers).filter((k) => Number(k) >= 500 || k.includes('='))).toEqual([])
    expect(answers['400']).toBeGreaterThan(100)
    // the submits were all refused: the sheet is as it was
    expect((await pretreat(pt.id)).status).toBe('assigned')
  })
})

describe('the final checklist after a refused save (issue 19, item 14)', () => {
  it('with JavaScript: every Yes/No clicked after the refusal is kept and saved', async () => {
    const pt = await sheetForApplicator()
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'applicator', `/pretreats/${pt.id}`)
    await page.getByRole('link', { name: 'Next' }).click()
    await page.getByRole('heading', { name: 'Final Checklist' }).waitFor()
    await checklistItem(page, 'inverter').getByLabel('Yes').check()
    await page.getByRole('button', { name: 'Save Checklist' }).click()
    await page.getByRole('alert').filter({ hasText: 'Final checklist is incomplete.' }).waitFor()
    // answered one after the other, as a person does
    const rest = FINAL_CHECKLIST_ITEMS.filter((i) => i !== 'inverter')
    for (const [n, name] of rest.entries())
      await checklistItem(page, name)
        .getByLabel(n % 2 === 0 ? 'Yes' : 'No')
        .click()
    for (const [n, name] of rest.entries())
      expect(
        await checklistItem(page, name)
          .getByLabel(n % 2 === 0 ? 'Yes' : 'No')
          .isChecked(),
        name,
      ).toBe(true)
    await page.getByLabel('Purge Time (minutes)').fill('15')
    await page.getByLabel('Barrel Temperature (°F)').fill('180')
    await page.getByRole('button', { name: 'Save Checklist' }).click()
    await page.getByRole('status').filter({ hasText: 'Final checklist saved.' }).waitFor()
    const saved = await suite.app.db.selectFrom('final_checklists').selectAll().where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
    expect(saved.inverter).toBe(true)
    for (const [n, name] of rest.entries()) expect(saved[name], name).toBe(n % 2 === 0)
  })
})

describe('Submit with required fields missing (issue 19, item 13)', () => {
  /** The element's box lies inside the window. */
  const inView = (element: Locator) =>
    element.evaluate((el) => {
      const box = el.getBoundingClientRect()
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight
    })
  /** Marked: aria-invalid, and drawn in the danger colour. */
  const marked = (page: Page, name: string) =>
    page.evaluate((n) => {
      const input = document.querySelector<HTMLInputElement>(`#pretreat-sheet [name="${n}"]`)!
      const probe = document.createElement('span')
      probe.style.color = 'var(--c-danger)'
      document.body.append(probe)
      const danger = getComputedStyle(probe).color
      probe.remove()
      return { invalid: input.getAttribute('aria-invalid'), red: getComputedStyle(input).borderTopColor === danger }
    }, name)

  for (const javaScriptEnabled of [true, false]) {
    it(`${javaScriptEnabled ? 'with' : 'without'} JavaScript, on a phone: the message is in view by the Submit button and the empty fields are marked`, async () => {
      const pt = await sheetForApplicator()
      const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled, width: 375 })).newPage()
      await signIn(page, 'applicator', `/pretreats/${pt.id}`)
      await page.getByLabel('Batch Numbers').fill('B-1301')
      const submit = page.getByRole('button', { name: 'Submit' })
      await submit.scrollIntoViewIfNeeded()
      await submit.click()
      const message = page.getByRole('alert').filter({ hasText: 'Missing required fields: ' })
      await message.waitFor()
      expect(await message.innerText()).toContain('Sampled By, Start Time, Stop Time, Truck')
      expect(await inView(message)).toBe(true)
      expect(await marked(page, 'sampled_by')).toEqual({ invalid: 'true', red: true })
      expect(await marked(page, 'truck_id')).toEqual({ invalid: 'true', red: true })
      expect(await marked(page, 'chemicals[0].quantity_used')).toEqual({ invalid: 'true', red: true })
      expect(await marked(page, 'batch_numbers')).toEqual({ invalid: null, red: false })
      // not submitted (with JavaScript the draft typed may have been saved meanwhile)
      expect((await pretreat(pt.id)).status).toEqual(javaScriptEnabled ? expect.stringMatching(/^(assigned|in-progress)$/) : 'assigned')
    })
  }
})

describe('a field the server refuses, far above the buttons (issue 38, item 19)', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`${javaScriptEnabled ? 'with JavaScript the field is focused in view' : 'without JavaScript the message links to it'}: the message names Quantity Used`, async () => {
      const pt = await sheetForApplicator()
      const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled, width: 375 })).newPage()
      await signIn(page, 'applicator', `/pretreats/${pt.id}`)
      const used = page.getByLabel(/^Quantity Used/)
      await used.fill('-5')
      const submit = page.getByRole('button', { name: 'Submit' })
      await submit.scrollIntoViewIfNeeded()
      await submit.click()
      const message = page.getByRole('alert').filter({ hasText: 'Form is incomplete or invalid.' })
      await message.waitFor()
      const link = message.getByRole('link', { name: 'Quantity Used (line 1)' })
      expect(await link.getAttribute('href')).toBe(`#${await used.getAttribute('id')}`)
      if (javaScriptEnabled) {
        await expect.poll(() => used.evaluate((el) => el === document.activeElement)).toBe(true)
        expect(await used.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true)
        await shot(page, 'sheet-refused-field-375-js', false)
      } else {
        await shot(page, 'sheet-refused-message-375-nojs', false)
        await link.click()
        expect(new URL(page.url()).hash).toBe(`#${await used.getAttribute('id')}`)
        await shot(page, 'sheet-refused-field-375-nojs', false)
      }
      expect((await pretreat(pt.id)).status).toEqual(javaScriptEnabled ? expect.stringMatching(/^(assigned|in-progress)$/) : 'assigned')
    })
  }
})
