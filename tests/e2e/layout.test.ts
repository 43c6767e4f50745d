// Layouts a user notices (issue 19, item 26), measured in the browser at a phone's 375 px and a
// desk's 1280 px: the storage form uses the desk's width, the pre-treat form's chemicals stay on the
// phone, Recommended By shows a name whole, the final checklist's Yes and No stand level, the
// inspector's history fits its modal and names states as people do, and the drive and a storage's
// Pre Treats tab are cards on a phone.
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PretreatState } from '#core/workflow-states.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()
let desk: Page
let phone: Page
const contexts: BrowserContext[] = []

beforeAll(async () => {
  for (const width of [1280, 375]) {
    const context = await newContext(suite.browser, suite.app.url, { width })
    contexts.push(context)
    const page = await context.newPage()
    await signIn(page, 'admin')
    if (width === 1280) desk = page
    else phone = page
  }
})

afterAll(async () => {
  for (const context of contexts) await context.close()
})

/** The id of a demo pre-treat in `status` (with a product, for the form). */
async function pretreatIn(status: PretreatState): Promise<number> {
  const row = await suite.app.db
    .selectFrom('pretreats as p')
    .innerJoin('pretreat_chemicals as c', 'c.pretreat_id', 'p.id')
    .select('p.id')
    .where('p.status', '=', status)
    .where('p.void', '=', false)
    // made through the workflow (the demo's storage history is seeded without its steps)
    .where((eb) => eb.exists(eb.selectFrom('workflow_events as e').select('e.id').where('e.entity', '=', 'pretreat').whereRef('e.entity_id', '=', 'p.id')))
    .orderBy('p.id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** How far the page runs past the screen's right edge, in px (0: nothing to scroll sideways). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  if (!b) throw new Error('not shown')
  return b
}

describe('layout at 1280 px', () => {
  it('the storage form uses more than one column', async () => {
    await desk.goto('/add-storage')
    const [name, address, gps] = [await box(desk.getByLabel('Name', { exact: true })), await box(desk.getByLabel('Address')), await box(desk.getByLabel('GPS Coordinates'))]
    // side by side: one row, three places
    expect(Math.abs(name.y - address.y)).toBeLessThan(2)
    expect(address.x).toBeGreaterThan(name.x + name.width)
    expect(Math.abs(gps.y - name.y)).toBeLessThan(2)
    expect((await box(desk.locator('form.storage-form'))).width).toBeGreaterThan(900)
  })

  it("the final checklist's Yes and No stand level in each row, however long an item's question", async () => {
    await desk.goto(`/pretreats/${await pretreatIn('in-progress')}?view=checklist`)
    const groups = desk.getByRole('group').filter({ has: desk.getByRole('radio', { name: 'Yes' }) })
    expect(await groups.count()).toBe(13)
    const rows = new Map<number, { yes: number; no: number; name: string }[]>()
    for (let i = 0; i < 13; i++) {
      const group = groups.nth(i)
      const top = Math.round((await box(group)).y)
      const answers = { yes: (await box(group.getByRole('radio', { name: 'Yes' }))).y, no: (await box(group.getByRole('radio', { name: 'No' }))).y, name: await group.locator('legend').innerText() }
      rows.set(top, [...(rows.get(top) ?? []), answers])
    }
    // 13 items in rows of several; the long one ('System Run (…5 minutes)') shares a row
    expect(rows.size).toBeLessThan(13)
    const long = [...rows.values()].find((row) => row.some((a) => a.name.startsWith('System Run')))!
    expect(long.length).toBeGreaterThan(1)
    for (const row of rows.values()) {
      for (const answers of row) {
        expect(Math.abs(answers.yes - row[0]!.yes), answers.name).toBeLessThan(1)
        expect(Math.abs(answers.no - row[0]!.no), answers.name).toBeLessThan(1)
      }
    }
    // the group is still named by its question (the legend)
    await desk.getByRole('group', { name: /^System Run \(the system must run at least 5 minutes\)$/ }).waitFor()
  })

  it('breadcrumbs say Pre-Treats on every pre-treat page', async () => {
    for (const path of [`/pretreats/${await pretreatIn('in-progress')}`, `/review-pre-treat/${await pretreatIn('to-review')}`, '/scheduled-pre-treat']) {
      await desk.goto(path)
      const crumbs = desk.getByRole('navigation', { name: 'Breadcrumb' })
      expect(await crumbs.getByRole('link', { name: 'Pre-Treats', exact: true }).count(), path).toBe(1)
      expect(await crumbs.getByText('Pre Treats').count(), path).toBe(0)
    }
  })
})

describe('the pre-treat form', () => {
  for (const width of [1280, 375]) {
    // at a desk the whole option (name, licence, its expiry); on a phone the name (a phone's own picker shows the rest)
    it(`at ${width} px: Recommended By shows the longest applicator's ${width === 1280 ? 'name and licence' : 'name'} whole`, async () => {
      const page = width === 1280 ? desk : phone
      await page.goto('/create-pre-treat')
      await page.getByLabel('Company', { exact: true }).fill('Snake River Farms')
      const select = page.getByLabel('Recommended By')
      await select.waitFor()
      const longest = await select.evaluate((el: HTMLSelectElement) => [...el.options].slice(1).sort((a, b) => b.text.length - a.text.length)[0]!.value)
      await select.selectOption(longest)
      // the chosen text, in the select's own font, against the room the select gives it (its arrow aside)
      const room = await select.evaluate((el: HTMLSelectElement, whole) => {
        const style = getComputedStyle(el)
        const context = document.createElement('canvas').getContext('2d')!
        context.font = style.font
        const shown = el.selectedOptions[0]!.text
        const text = context.measureText(whole ? shown : shown.split(' — ')[0]!).width
        const inside = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return { text, inside }
      }, width === 1280)
      expect(room.text).toBeGreaterThan(width === 1280 ? 200 : 60)
      expect(room.inside - 16, 'room left beside the arrow').toBeGreaterThanOrEqual(room.text)
    })
  }
})

describe('names', () => {
  it("a control's accessible name says its visible text (Lighthouse: label-content-name-mismatch, issue 19 item 28)", async () => {
    await desk.goto('/scheduled-pre-treat')
    await desk.getByRole('table').first().waitFor()
    const mismatched = await desk.evaluate(() => {
      const words = (text: string) =>
        text
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, ' ')
          .trim()
      return [...document.querySelectorAll<HTMLElement>('a[aria-label], button[aria-label]')]
        .filter((el) => el.offsetParent !== null && words(el.innerText) !== '')
        .filter((el) => !words(el.getAttribute('aria-label')!).includes(words(el.innerText)))
        .map((el) => `${el.innerText} → ${el.getAttribute('aria-label')}`)
    })
    // the assign window's link ("More…") among them before
    expect(await desk.locator('a.pretreat-assign-more').count()).toBeGreaterThan(0)
    expect(mismatched).toEqual([])
  })
})

describe('the workflow inspector', () => {
  for (const width of [1280, 375]) {
    it(`at ${width} px: a record's history fits its modal and names states with their labels`, async () => {
      const page = width === 1280 ? desk : phone
      await page.goto(`/manage-workflows/pretreats/${await pretreatIn('completed')}?workflow=pretreats`)
      const modal = page.getByRole('dialog')
      const history = modal.getByRole('table', { name: 'History' })
      await history.waitFor()
      const fits = await history.evaluate((table) => {
        const dialog = table.closest('dialog')!
        const wrap = table.parentElement!
        return { table: table.getBoundingClientRect().right, dialog: dialog.getBoundingClientRect().right, scroll: wrap.scrollWidth - wrap.clientWidth }
      })
      expect(fits.scroll).toBeLessThanOrEqual(0)
      expect(fits.table).toBeLessThanOrEqual(fits.dialog)
      const text = await history.innerText()
      expect(text).toContain('To Review (level 1)')
      expect(text).toContain('Completed')
      expect(text).not.toMatch(/\bto-review1?\b|\bin-progress\b/)
      expect(await modal.innerText()).toMatch(/Current state\s+Completed/)
    })
  }
})

describe('layout at 375 px', () => {
  it("the top bar shows the user's name whole while items wait to be sent", async () => {
    await phone.goto('/')
    // the outbox's count as waiting-to-send.tsx draws it (its items live in the phone's IndexedDB)
    await phone
      .locator('.top-bar .alerts-bell')
      .evaluate((bell) =>
        bell.insertAdjacentHTML(
          'beforebegin',
          '<details class="outbox"><summary class="waiting-to-send"><span role="status">12 waiting to send</span><span class="outbox__oldest"> · since 10:42</span></summary><div class="outbox__panel"></div></details>',
        ),
      )
    const who = phone.locator('.top-bar .who')
    expect(await who.evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(true)
    const [bar, pill] = [(await phone.locator('.top-bar').boundingBox())!, (await phone.locator('.top-bar .waiting-to-send').boundingBox())!]
    expect(pill.x + pill.width).toBeLessThanOrEqual(bar.x + bar.width)
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })

  it("the pre-treat form's chemicals stay inside the form", async () => {
    await phone.goto(`/create-pre-treat/${await pretreatIn('pending')}`)
    const table = phone.getByRole('table', { name: 'Chemicals' })
    await table.waitFor()
    expect(await sideways(phone)).toBeLessThanOrEqual(0)
    const [chemicals, form] = [await box(table), await box(phone.locator('form.sheet-form'))]
    expect(chemicals.x + chemicals.width).toBeLessThanOrEqual(form.x + form.width)
    // the gal and oz reading is on screen, beside its label
    const shownAs = table.locator('td[data-label="Shown as"]').first()
    expect(await shownAs.innerText()).toMatch(/gal|oz/)
    const reading = await box(shownAs)
    expect(reading.x + reading.width).toBeLessThanOrEqual(375)
  })

  it('the drive shows its files and folders as cards', async () => {
    await phone.goto('/auditing')
    const row = phone.locator('tr.drive-row').first()
    await row.waitFor()
    expect(await row.evaluate((tr) => getComputedStyle(tr).display)).toBe('grid')
    // what the desk's columns say is on the card, labelled
    for (const label of ['Size', 'File Type', 'Last Modified']) expect(await row.locator(`td[data-label="${label}"]`).isVisible(), label).toBe(true)
    expect(await sideways(phone)).toBeLessThanOrEqual(0)
    // the headers still sort
    await phone.getByRole('link', { name: /^Size/ }).click()
    await phone.waitForURL(/sort_by=size/)
  })

  it("a storage's Pre Treats tab shows cards", async () => {
    const storage = await suite.app.db.selectFrom('pretreats').select('storage_id').where('status', '=', 'completed').orderBy('id').executeTakeFirstOrThrow()
    await phone.goto(`/view-storage/${storage.storage_id}?tab=pretreats`)
    const cards = phone.getByRole('list', { name: 'Completed pre-treats' })
    await cards.waitFor()
    expect(await cards.getByRole('listitem').count()).toBeGreaterThan(0)
    expect(await cards.getByRole('link').first().innerText()).toMatch(/^\d{4}-\d{2}-\d{2} · PT-\d\d-\d{6}$/)
    expect(await phone.getByRole('table', { name: 'Completed pre-treats' }).isVisible()).toBe(false)
    expect(await sideways(phone)).toBeLessThanOrEqual(0)
  })
})
