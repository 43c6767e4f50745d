// Notices (issue 24, decision 0069) in the browser: the bell counts each user's own — an
// applicator's sheets assigned to them and not yet submitted, an author's sheets a reviewer sent
// back — and each count opens its list filtered to exactly the rows it counts. A reviewer's Send
// Back (with its reason) reaches the author, who reads the reason on the sheet and answers it.
// With JavaScript at 375 px (the pre-treat side) and without at 1280 px (the service sheet side).
// The rules themselves (guards, history, reason required, counts) are proven in commands/notices.test.ts.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { hydrated, newContext, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()

async function opened(username: string, js: boolean, width: number, to: string): Promise<Page> {
  const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js, width })).newPage()
  await signIn(page, username, to)
  if (js) await hydrated(page)
  return page
}

/** Opens the bell (a <details>: no JavaScript needed) and answers the count its line `label` shows, or null when there is none. */
async function bellCount(page: Page, label: string): Promise<number | null> {
  const bell = page.locator('details.alerts-bell')
  if (!(await bell.evaluate((d) => (d as HTMLDetailsElement).open))) await bell.locator('summary').click()
  const item = page.getByRole('menuitem', { name: new RegExp(`^${label} \\d+$`) })
  if ((await item.count()) === 0) return null
  return Number(await item.locator('strong').textContent())
}

/** The pre-treat or sheet numbers a list page shows (its cards at 375 px, its table otherwise), each once. */
async function shownNumbers(page: Page, pattern: RegExp): Promise<string[]> {
  const texts = await page.locator('main').getByText(pattern).filter({ visible: true }).allTextContents()
  return [...new Set(texts.map((t) => t.match(pattern)![0]))].sort()
}

describe('notices', () => {
  it('an applicator’s bell counts the sheets assigned to them and those sent back, each opening its list with the same rows (JavaScript, 375 px)', async () => {
    const { db } = suite.app
    const mine = await db
      .selectFrom('pretreats as p')
      .innerJoin('applicators as a', 'a.id', 'p.assigned_to')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['p.id', 'p.pre_treat_number', 'p.status', 'p.version'])
      .where('u.username', '=', 'applicator')
      .where('p.void', '=', false)
      .execute()
    const toFill = mine
      .filter((p) => p.status === 'assigned' || p.status === 'in-progress')
      .map((p) => p.pre_treat_number)
      .sort()
    const inReview = mine.find((p) => p.status === 'to-review')!
    expect(toFill.length).toBeGreaterThan(0)

    // a level-1 reviewer sends the sheet in review back, with the reason
    const reviewer = await opened('ptreview1', true, 375, `/review-pre-treat/${inReview.id}`)
    await reviewer.getByText('Send Back', { exact: true }).click()
    await reviewer.getByLabel('Reason (the author reads it on the sheet)').fill('Storage temps are missing for the back bay.')
    await reviewer.getByRole('button', { name: 'Send Back to the author' }).click()
    await reviewer.waitForURL(/\/review-pre-treat\?flash=sent-back/)
    await reviewer.context().close()

    const page = await opened('applicator', true, 375, '/')
    expect(await bellCount(page, 'Pre-treat sheets assigned to you')).toBe(toFill.length)
    expect(await bellCount(page, 'Pre-treat sheets sent back to you')).toBe(1)
    await page.getByRole('menuitem', { name: /^Pre-treat sheets assigned to you/ }).click()
    await page.waitForURL(/\/scheduled-pre-treat\?mine=assigned$/)
    await expect.poll(() => page.getByText('Assigned to you, not yet submitted').count()).toBe(1)
    expect(await shownNumbers(page, /PT-\d\d-\d{6}/)).toEqual(toFill)

    await page.goto('/')
    await bellCount(page, 'Pre-treat sheets sent back to you')
    await page.getByRole('menuitem', { name: /^Pre-treat sheets sent back to you/ }).click()
    await page.waitForURL(/\/scheduled-pre-treat\?mine=sent-back$/)
    // the address changes before the list is drawn (the navigation renders in a transition)
    await expect.poll(() => shownNumbers(page, /PT-\d\d-\d{6}/)).toEqual([inReview.pre_treat_number])

    // the sheet tells why; Mark as seen ends the notice (it is one to fill again, so it counts as assigned now)
    await page.goto(`/pretreats/${inReview.id}`)
    const notices = page.getByRole('region', { name: 'Notices' })
    await expect.poll(() => notices.textContent()).toContain('Storage temps are missing for the back bay.')
    await hydrated(page)
    await notices.getByRole('button', { name: 'Mark as seen' }).click()
    await expect.poll(() => notices.getByRole('button', { name: 'Mark as seen' }).count()).toBe(0)
    expect(await notices.textContent()).toContain('Storage temps are missing')
    await page.goto('/')
    expect(await bellCount(page, 'Pre-treat sheets sent back to you')).toBeNull()
    expect(await bellCount(page, 'Pre-treat sheets assigned to you')).toBe(toFill.length + 1)
    await page.context().close()
  }, 60_000)

  it('a service sheet sent back reaches its author, who reads why, fixes it and submits it again (without JavaScript, 1280 px)', async () => {
    const { db } = suite.app
    const waiting = await db
      .selectFrom('service_reviews as r')
      .innerJoin('service_sheets as s', 's.id', 'r.service_sheet_id')
      .innerJoin('users as u', 'u.id', 's.created_by')
      .select(['r.id', 's.id as sheet_id', 's.service_sheet_number', 'u.username'])
      .where('r.status', '=', 'open')
      .where('r.review_level', '=', 1)
      .orderBy('r.id')
      .executeTakeFirstOrThrow()

    const reviewer = await opened('reviewer1', false, 1280, `/review-editor/${waiting.id}`)
    await reviewer.getByText('Send Back', { exact: true }).click()
    // the reason is required: the browser's own check holds an empty one back
    await reviewer.getByRole('button', { name: 'Send Back to the author' }).click()
    expect(reviewer.url()).toContain(`/review-editor/${waiting.id}`)
    await reviewer.getByLabel('Reason (the author reads it on the sheet)').fill('Labor hours look doubled: 16 for a belt change?')
    await reviewer.getByRole('button', { name: 'Send Back to the author' }).click()
    await reviewer.waitForURL(/\/review-sheets\?flash=sent-back/)
    expect(await reviewer.getByRole('status').first().textContent()).toContain('Sent back to its author.')
    await reviewer.context().close()

    const page = await opened(waiting.username, false, 1280, '/')
    expect(await bellCount(page, 'Service sheets sent back to you')).toBe(1)
    await page.getByRole('menuitem', { name: /^Service sheets sent back to you/ }).click()
    await page.waitForURL(/\/view-service\?mine=sent-back$/)
    expect(await shownNumbers(page, new RegExp(`^${waiting.service_sheet_number}$`))).toEqual([String(waiting.service_sheet_number)])
    expect(await page.locator('main table tbody tr').count()).toBe(1)

    await page.locator('main table tbody tr').first().getByRole('link').first().click()
    const notices = page.getByRole('region', { name: 'Notices' })
    expect(await notices.textContent()).toContain('Labor hours look doubled: 16 for a belt change?')
    await page.getByLabel('Labor hours').fill('2')
    await page.getByRole('button', { name: 'Submit again' }).click()
    await page.waitForURL(/flash=resubmitted/)
    expect((await db.selectFrom('service_sheets').select('status').where('id', '=', waiting.sheet_id).executeTakeFirstOrThrow()).status).toBe('level_1_review')
    await page.goto('/')
    expect(await bellCount(page, 'Service sheets sent back to you')).toBeNull()
    await page.context().close()
  }, 60_000)
})
