// The dispatch board (issue 24) in the browser: a card moved by drag and drop (JavaScript, 1280 px),
// by keys (JavaScript, 375 px) and by its Move form (no JavaScript, 375 px) ends the same way — the
// same row and the same history rows (PLAN, ASSIGN); each warning shows on its card, and a move that
// books an applicator at two storages on one day asks to be confirmed before it is saved; so does
// an Assign from the scheduled list or its Assign window, with JavaScript and without. Issue 38:
// the confirm step is a true modal (focus, Escape, the focus back on the card); a refusal shows on
// its card, in view; a card keeps its sheet's application date; staged cards are not dragged and
// started ones stand in their lane; a move to another week is said where it was.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { hydrated, newContext, shot, signIn } from '../support/browser.ts'
import { connectBrowser } from '../support/shared-browser.ts'
import { makePretreat, pretreatDefaults } from '../support/pretreats.ts'

let app: AppServer
let browser: Browser
let ann: number
let ben: number
let companyId: number
const MONDAY = '2027-03-01'
const TUESDAY = '2027-03-02'
const THURSDAY = '2027-03-04'
const WEEK = `/dispatch?week=${MONDAY}`
const moved: Record<'drag' | 'keys' | 'form', number> = { drag: 0, keys: 0, form: 0 }
const warned: Record<'booked' | 'licence' | 'season' | 'confirm', { id: number; pre_treat_number: string }> = {} as never
/** issue 38: a staged card, a started one, one whose sheet set its day, one to confirm by keys, one refused, one sent to next week */
const more: Record<'staged' | 'started' | 'fixed' | 'keysConfirm' | 'refused' | 'away', { id: number; pre_treat_number: string }> = {} as never
const WEDNESDAY = '2027-03-03'

beforeAll(async () => {
  ;[app, browser] = await Promise.all([startAppServer(), connectBrowser()])
  const d = await pretreatDefaults(app.db)
  companyId = d.company_id
  const user = async (username: string, first: string) =>
    (await app.db.insertInto('users').values({ username, password_hash: 'x', first_name: first, last_name: 'Dispatch' }).returning('id').executeTakeFirstOrThrow()).id
  ann = (
    await app.db
      .insertInto('applicators')
      .values({ user_id: await user('e2e-ann', 'Ann'), license: 'ID-E2E-1', expiration: '2030-12-31' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  ben = (
    await app.db
      .insertInto('applicators')
      .values({ user_id: await user('e2e-ben', 'Ben'), license: 'ID-E2E-2', expiration: '2027-03-02' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  const storage = async (seed = false) =>
    (
      await app.db
        .insertInto('storages')
        .values({ company_id: companyId, name: `Board Cellar ${crypto.randomUUID().slice(0, 4)}`, address: '1 Main St', seed })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const home = await storage()
  for (const how of ['drag', 'keys', 'form'] as const) moved[how] = (await makePretreat(app.db, { stage: 'scheduled', storage_id: home, planned_on: MONDAY })).id
  const truck = (await app.db.insertInto('trucks').values({ number: 'E2E-9', make: 'Ford' }).returning('id').executeTakeFirstOrThrow()).id
  warned.booked = await makePretreat(app.db, { stage: 'assigned', assignTo: ann, storage_id: await storage(), planned_on: THURSDAY, truck_id: truck })
  await makePretreat(app.db, { stage: 'assigned', assignTo: ann, storage_id: await storage(), planned_on: THURSDAY, truck_id: truck })
  warned.licence = await makePretreat(app.db, { stage: 'assigned', assignTo: ben, storage_id: home, planned_on: THURSDAY })
  const seedOnly = (
    await app.db
      .insertInto('products')
      .values({ product_name: 'Board Seedless CIPC', registration: 'EPA 0000-8', units: 'gal', ppm: 16.6, ppm_constant: 1000, min_qty: 0, not_for_seed: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  warned.season = await makePretreat(app.db, { stage: 'scheduled', storage_id: await storage(true), productId: seedOnly, planned_on: '2027-03-05' })
  warned.confirm = await makePretreat(app.db, { stage: 'scheduled', storage_id: await storage(), planned_on: MONDAY })
  // each at a storage of its own: more at one storage would put the season's limits in the way
  more.staged = await makePretreat(app.db, { stage: 'staged', storage_id: await storage(), planned_on: WEDNESDAY })
  more.started = await makePretreat(app.db, { stage: 'in-progress', assignTo: ann, storage_id: await storage(), application_date: WEDNESDAY })
  more.fixed = await makePretreat(app.db, { stage: 'scheduled', storage_id: await storage(), application_date: WEDNESDAY })
  more.keysConfirm = await makePretreat(app.db, { stage: 'scheduled', storage_id: await storage(), planned_on: MONDAY })
  more.refused = await makePretreat(app.db, { stage: 'scheduled', storage_id: await storage(), planned_on: MONDAY })
  more.away = await makePretreat(app.db, { stage: 'scheduled', storage_id: await storage(), planned_on: MONDAY })
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

async function opened(js: boolean, width: number, height?: number): Promise<Page> {
  const page = await (await newContext(browser, app.url, { javaScriptEnabled: js, width, ...(height ? { height } : {}) })).newPage()
  await signIn(page, 'assigner', WEEK)
  if (js) await hydrated(page)
  return page
}

const cardOf = (page: Page, id: number) => page.locator(`[data-card="${id}"]`)
const cell = (page: Page, lane: number, day: string) => page.locator(`[data-lane="${lane}"][data-day="${day}"]`)
const rowOf = (id: number) => app.db.selectFrom('pretreats').select(['status', 'assigned_to', 'planned_on']).where('id', '=', id).executeTakeFirstOrThrow()
const historyOf = async (id: number) =>
  (
    await app.db
      .selectFrom('workflow_events')
      .select(['event', 'from_state', 'to_state', 'details'])
      .where('entity', '=', 'pretreat')
      .where('entity_id', '=', id)
      .where('event', 'in', ['PLAN', 'ASSIGN'])
      .orderBy('id')
      .execute()
  ).map((e) => ({ ...e, details: JSON.stringify(e.details) }))

/** Whether the middle of `element` is in the viewport and not under anything (the sticky top bar). */
const inSight = (element: Locator) =>
  element.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const x = r.left + r.width / 2
    const y = r.top + r.height / 2
    return y > 0 && y < window.innerHeight && el.contains(document.elementFromPoint(x, y))
  })

/** Picks up card `id` (a Monday's) by keys and steers it to Ann Dispatch's lane, `days` on, to `label` (each step said in the live region). */
async function steerToAnn(page: Page, id: number, days: number, label: string) {
  const status = page.getByRole('status')
  await cardOf(page, id).focus()
  await page.keyboard.press('Space')
  await expect.poll(() => status.textContent()).toMatch(/^Picked up PT-/)
  for (let i = 0; i < 40 && !/^Ann Dispatch,/.test((await status.textContent()) ?? ''); i++) {
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => status.textContent()).not.toMatch(/^Picked up/)
  }
  for (let i = 0; i < days; i++) await page.keyboard.press('ArrowRight')
  await expect.poll(() => status.textContent()).toBe(`Ann Dispatch, ${label}`)
}

describe('the dispatch board', () => {
  it('moves a card by drag and drop (JavaScript, 1280 px) and shows each warning on its card', async () => {
    // tall enough that the card and the lane it goes to are both in view (a drag does not scroll)
    const page = await opened(true, 1280, 2400)
    await expect.poll(() => page.getByRole('heading', { name: 'Ann Dispatch', level: 2 }).count()).toBe(1)
    const booked = cardOf(page, warned.booked.id)
    await expect.poll(() => booked.getByText(/Ann Dispatch is also booked at Board Cellar \w+ on 2027-03-04\./).count()).toBe(1)
    await expect.poll(() => booked.getByText(/Truck E2E-9 is also booked at Board Cellar \w+ on 2027-03-04\./).count()).toBe(1)
    await expect.poll(() => cardOf(page, warned.licence.id).getByText("Ben Dispatch's licence is not valid on 2027-03-04.").count()).toBe(1)
    // a card's warnings fold under a one-line summary: a narrow column's card stays short (issue 38)
    expect((await booked.boundingBox())!.height).toBeLessThan(360)
    expect(await booked.getByText('2 warnings: Applicator booked, Truck booked').isVisible()).toBe(true)
    await expect
      .poll(() =>
        cardOf(page, warned.season.id)
          .getByText(/not for seed/)
          .count(),
      )
      .toBe(1)
    // a person's drag: press on the card, move over the lane's day, let go
    const from = (await cardOf(page, moved.drag).boundingBox())!
    const to = (await cell(page, ann, TUESDAY).boundingBox())!
    await page.mouse.move(from.x + from.width / 2, from.y + 8)
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + 20, { steps: 5 })
    await page.mouse.move(to.x + 20, to.y + 20, { steps: 10 })
    await page.mouse.move(to.x + 30, to.y + 25, { steps: 3 })
    await page.mouse.up()
    await expect.poll(() => cell(page, ann, TUESDAY).locator(`[data-card="${moved.drag}"]`).count(), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/moved to Ann Dispatch, Tue 2 Mar\./)
    await page.context().close()
  }, 60_000)

  it('moves a focused card by keys, announced (JavaScript, 375 px)', async () => {
    const page = await opened(true, 375)
    const status = page.getByRole('status')
    await steerToAnn(page, moved.keys, 1, 'Tue 2 Mar')
    await page.keyboard.press('Space')
    await expect.poll(() => cell(page, ann, TUESDAY).locator(`[data-card="${moved.keys}"]`).count(), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => status.textContent()).toMatch(/moved to Ann Dispatch, Tue 2 Mar\./)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-card'))).toBe(String(moved.keys))
    // the lanes one under the other, and nothing wider than the phone
    const [unassigned, annLane] = [await page.locator('section.dispatch-lane').first().boundingBox(), await page.getByRole('region', { name: 'Ann Dispatch' }).boundingBox()]
    expect(annLane!.y).toBeGreaterThan(unassigned!.y + unassigned!.height - 1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.context().close()
  }, 60_000)

  it('asks Confirm the Move in a true modal: the focus in it, the page behind out of reach, Escape cancels, the focus back on the card (keys, 1280 px)', async () => {
    const page = await opened(true, 1280)
    const status = page.getByRole('status')
    const dialog = page.getByRole('dialog', { name: 'Confirm the Move' })
    const inDialog = () => page.evaluate(() => document.activeElement?.closest('dialog') !== null || document.activeElement === document.body)
    // Unassigned, Mon → Ann Dispatch, Thu: Ann is booked at two other storages that day
    const pickAndDrop = async () => {
      await steerToAnn(page, more.keysConfirm.id, 3, 'Thu 4 Mar')
      await page.keyboard.press('Enter')
      await dialog.waitFor()
    }
    await pickAndDrop()
    await expect.poll(inDialog).toBe(true)
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true)
    await shot(page, 'dispatch-confirm-modal-1280', false)
    if (process.env.SHOTS_DIR) {
      await page.setViewportSize({ width: 375, height: 720 })
      await shot(page, 'dispatch-confirm-modal-375', false)
      await page.setViewportSize({ width: 1280, height: 720 })
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      expect(await inDialog()).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-card'))).toBe(String(more.keysConfirm.id))
    await expect.poll(() => status.textContent()).toBe(`${more.keysConfirm.pre_treat_number} not moved.`)
    expect(await rowOf(more.keysConfirm.id)).toMatchObject({ assigned_to: null, planned_on: MONDAY })
    // again, saved: the focus back on the card where it now stands, the move said
    await pickAndDrop()
    await dialog.getByRole('button', { name: 'Save Anyway' }).click()
    await expect.poll(() => cell(page, ann, THURSDAY).locator(`[data-card="${more.keysConfirm.id}"]`).count(), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-card'))).toBe(String(more.keysConfirm.id))
    await expect.poll(() => status.textContent()).toBe(`${more.keysConfirm.pre_treat_number} moved to Ann Dispatch, Thu 4 Mar.`)
    await shot(page, 'dispatch-board-1280')
    await page.context().close()
  }, 60_000)

  it('keeps a card on its sheet’s application date and says why on the card; a staged card is not dragged; a started one stands in its lane (keys, 375 px)', async () => {
    const page = await opened(true, 375)
    const status = page.getByRole('status')
    const fixed = cardOf(page, more.fixed.id)
    expect(await fixed.getByLabel('Application date').inputValue()).toBe(WEDNESDAY)
    await fixed.focus()
    await page.keyboard.press('Space')
    await expect.poll(() => status.textContent()).toMatch(/^Picked up PT-/)
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Enter')
    const why = `${more.fixed.pre_treat_number} has its application date, 2027-03-03, set on its sheet: the board cannot move it to another day.`
    await expect.poll(() => fixed.getByRole('alert').textContent(), { timeout: 15_000 }).toBe(why)
    await expect.poll(() => status.textContent()).toBe(why)
    // where the eye is: in view, not under the top bar
    expect(await inSight(fixed.getByRole('alert'))).toBe(true)
    expect(await rowOf(more.fixed.id)).toMatchObject({ planned_on: null })
    const staged = cardOf(page, more.staged.id)
    expect(await staged.getAttribute('draggable')).toBeNull()
    // its form plans the day only: no applicator before it is scheduled
    await staged.getByText('Move…').click()
    expect(await staged.getByLabel('Applicator').count()).toBe(0)
    await staged.getByText('Staged: schedule it from the Staged list to assign an applicator.').waitFor()
    await staged.scrollIntoViewIfNeeded()
    await shot(page, 'dispatch-staged-form-375', false)
    expect(await cardOf(page, more.refused.id).getAttribute('draggable')).toBe('true')
    const started = cell(page, ann, WEDNESDAY).locator(`[data-card="${more.started.id}"]`)
    expect(await started.getByText('In Progress', { exact: true }).count()).toBe(1)
    expect(await started.getByRole('button', { name: /^Move PT-/ }).count()).toBe(0)
    await shot(page, 'dispatch-refused-on-card-375', false)
    await page.context().close()
  }, 60_000)

  it('moves a card by its form without JavaScript (375 px), and confirms a move that books an applicator twice', async () => {
    const page = await opened(false, 375)
    const card = cardOf(page, moved.form)
    await card.getByText('Move…').click()
    await card.getByLabel('Applicator').selectOption({ label: 'Ann Dispatch' })
    await card.getByLabel('Planned date').fill(TUESDAY)
    await card.getByRole('button', { name: /^Move PT-/ }).click()
    await expect.poll(() => cell(page, ann, TUESDAY).locator(`[data-card="${moved.form}"]`).count()).toBe(1)

    const other = cardOf(page, warned.confirm.id)
    await other.getByText('Move…').click()
    await other.getByLabel('Applicator').selectOption({ label: 'Ann Dispatch' })
    await other.getByLabel('Planned date').fill(THURSDAY)
    await other.getByRole('button', { name: /^Move PT-/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm the Move' })
    await expect.poll(() => dialog.getByText(/^Ann Dispatch is also booked at Board Cellar \w+ on 2027-03-04\.$/).count()).toBe(1)
    await shot(page, 'dispatch-confirm-nojs-375', false)
    expect(await rowOf(warned.confirm.id)).toMatchObject({ assigned_to: null, planned_on: MONDAY })
    await dialog.getByRole('button', { name: 'Save Anyway' }).click()
    await expect.poll(() => cell(page, ann, THURSDAY).locator(`[data-card="${warned.confirm.id}"]`).count()).toBe(1)
    expect(await rowOf(warned.confirm.id)).toMatchObject({ assigned_to: ann, planned_on: THURSDAY })

    // refused: said on the card, scrolled into view
    const refused = cardOf(page, more.refused.id)
    await refused.getByText('Move…').click()
    await refused.getByLabel('Applicator').selectOption({ label: 'Ben Dispatch' })
    await refused.getByLabel('Planned date').fill(THURSDAY)
    await refused.getByRole('button', { name: /^Move PT-/ }).click()
    const alert = refused.getByRole('alert')
    await expect.poll(() => alert.textContent()).toBe("That applicator's licence expires before the application date: choose another applicator.")
    expect(await inSight(alert)).toBe(true)
    await shot(page, 'dispatch-refused-nojs-375', false)

    // to another week: said where it was
    const away = cardOf(page, more.away.id)
    await away.getByText('Move…').click()
    await away.getByLabel('Planned date').fill('2027-03-09')
    await away.getByRole('button', { name: /^Move PT-/ }).click()
    await page.getByText(`${more.away.pre_treat_number} moved to Unassigned, Tue 9 Mar, in the week of Mon 8 Mar.`).waitFor()
    expect(await page.getByRole('link', { name: 'Show that week' }).getAttribute('href')).toBe('/dispatch?week=2027-03-08')
    await shot(page, 'dispatch-moved-away-375', false)
    expect(await rowOf(more.away.id)).toMatchObject({ planned_on: '2027-03-09' })
    await page.context().close()
  }, 60_000)

  it('leaves the same row and the same history whichever way a card moved', async () => {
    const expected = { status: 'assigned', assigned_to: ann, planned_on: TUESDAY }
    const history = [
      { event: 'PLAN', from_state: 'pending', to_state: 'pending', details: JSON.stringify({ planned_on: TUESDAY, from_planned_on: MONDAY }) },
      { event: 'ASSIGN', from_state: 'pending', to_state: 'assigned', details: JSON.stringify({ applicator_id: ann, from_applicator_id: null }) },
    ]
    for (const id of Object.values(moved)) {
      expect(await rowOf(id)).toEqual(expected)
      expect(await historyOf(id)).toEqual(history)
    }
  })

  for (const js of [false, true]) {
    it(`asks the list’s and the Assign window’s Assign for the same confirm ${js ? 'with JavaScript (375 px)' : 'without JavaScript (1280 px)'}`, async () => {
      const storage = (
        await app.db
          .insertInto('storages')
          .values({ company_id: companyId, name: `Window Cellar ${js ? 'J' : 'N'}`, address: '2 Main St' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
      const pt = await makePretreat(app.db, { stage: 'scheduled', storage_id: storage, planned_on: THURSDAY })
      const number = pt.pre_treat_number
      const width = js ? 375 : 1280
      const search = `?filter_by=pre_treat_number&filter_value=${number}`
      const page = await (await newContext(browser, app.url, { javaScriptEnabled: js, width })).newPage()
      await signIn(page, 'assigner', `/scheduled-pre-treat${search}`)
      if (js) await hydrated(page)
      const press = async (button: ReturnType<Page['getByRole']>) =>
        js ? button.click() : Promise.all([page.waitForEvent('framenavigated'), button.click()]).then(() => page.waitForLoadState('load'))
      const booked = /^Ann Dispatch is also booked at Board Cellar \w+ on 2027-03-04\. Check the warnings, then tick “Assign anyway” and assign again to save it\./

      // the list's row: refused, with the way to the window
      const row = js ? page.getByRole('list', { name: 'Pre Treat Details' }).getByRole('listitem').filter({ hasText: number }) : page.getByRole('table').getByRole('row').filter({ hasText: number })
      await row.getByLabel(`Assign ${number} to`).selectOption({ label: 'Ann Dispatch' })
      await press(row.getByRole('button', { name: `Assign ${number}`, exact: true }))
      const refused = page.getByRole('alert').filter({ hasText: booked })
      // seen once in five full runs under load: the refusal never came; say what the page showed then
      await refused.waitFor().catch(async (error: unknown) => {
        const shown = { alerts: await page.getByRole('alert').allTextContents(), chosen: await row.getByLabel(`Assign ${number} to`).inputValue(), url: page.url() }
        throw new Error(`No refusal; the page showed ${JSON.stringify(shown)}`, { cause: error })
      })
      expect(await rowOf(pt.id)).toMatchObject({ status: 'pending', assigned_to: null })
      await refused.getByRole('link', { name: 'Confirm it in the Assign window' }).click()
      await page.waitForURL((url) => url.pathname === `/scheduled-pre-treat/assign/${pt.id}` && url.search === search)

      // the window: refused again without the tick (the box then shows), assigned with it
      const dialog = page.getByRole('dialog', { name: 'Assign Applicator' })
      await dialog.getByLabel(`Assign ${number} to`).selectOption({ label: 'Ann Dispatch' })
      await press(dialog.getByRole('button', { name: `Assign ${number}`, exact: true }))
      await dialog.getByRole('alert').filter({ hasText: booked }).waitFor()
      expect(await rowOf(pt.id)).toMatchObject({ status: 'pending', assigned_to: null })
      await shot(page, `assign-window-confirm-${width}`)
      await dialog.getByLabel(`Assign ${number} to`).selectOption({ label: 'Ann Dispatch' })
      await dialog.getByRole('checkbox', { name: 'Assign anyway' }).check()
      await dialog.getByRole('button', { name: `Assign ${number}`, exact: true }).click()
      await page.waitForURL((url) => url.pathname === '/scheduled-pre-treat' && url.search === search)
      await row.getByText('Assigned', { exact: true }).waitFor()
      expect(await rowOf(pt.id)).toEqual({ status: 'assigned', assigned_to: ann, planned_on: THURSDAY })
      if (js) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await page.context().close()
    }, 60_000)
  }
})
