// The pre-treat lists the way the office and the field use them (docs/decisions/0036), once with
// JavaScript and once without: the assigner schedules a staged pre-treat, assigns it in the list
// and through the assign modal, and unassigns it; an applicator (view only) sees the assignee as
// text and no links on pending rows; the CSV; the empty texts; the phone cards at 375 px.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, shot, shotsDir, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()

const pretreat = (id: number) => suite.app.db.selectFrom('pretreats').select(['id', 'status', 'upcoming', 'assigned_to', 'pre_treat_number']).where('id', '=', id).executeTakeFirstOrThrow()
const applicatorId = async (username: string) =>
  (await suite.app.db.selectFrom('applicators as a').innerJoin('users as u', 'u.id', 'a.user_id').select('a.id').where('u.username', '=', username).executeTakeFirstOrThrow()).id
const staged = () =>
  suite.app.db.selectFrom('pretreats').select(['id', 'pre_treat_number']).where('status', '=', 'pending').where('upcoming', '=', true).where('void', '=', false).orderBy('id').execute()

async function signedIn(username: string, js: boolean, width = 1280): Promise<Page> {
  const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js, width })).newPage()
  await signIn(page, username)
  return page
}

const tableRow = (page: Page, number: string) => page.getByRole('table').getByRole('row').filter({ hasText: number })

describe.each([
  { js: true, mode: 'with JavaScript' },
  { js: false, mode: 'without JavaScript' },
])('pre-treat lists, $mode', ({ js }) => {
  it('lets the assigner schedule a staged pre-treat, assign it in the list and in the modal, and unassign it', async () => {
    const target = (await staged())[0]! // the demo's two staged ones: one per run
    const number = target.pre_treat_number
    const page = await signedIn('assigner', js)
    await page.goto('/pretreats')
    for (const tab of ['Create & Staged', 'Scheduled', 'Reviews & Restarts', 'Completed']) await page.getByRole('link', { name: tab, exact: true }).waitFor()
    await page.getByRole('link', { name: /Staged Pre-Treats/ }).click()
    await page.waitForURL('**/staged-pre-treat')
    await page.getByRole('heading', { name: 'Pre Treat Details' }).waitFor()
    expect(await page.getByRole('columnheader', { name: 'Assigned To' }).count()).toBe(0) // not on the staged list

    await tableRow(page, number)
      .getByRole('button', { name: `Schedule ${number}` })
      .click()
    await tableRow(page, number).waitFor({ state: 'detached' })
    expect(page.url()).toContain('/staged-pre-treat')
    expect(await pretreat(target.id)).toMatchObject({ status: 'pending', upcoming: false })

    await page.goto('/scheduled-pre-treat')
    await tableRow(page, number)
      .getByRole('button', { name: `Stage ${number}` })
      .waitFor() // and it could go back
    await tableRow(page, number).getByLabel(`Assign ${number} to`).selectOption({ label: 'Cody Hansen' })
    await tableRow(page, number)
      .getByRole('button', { name: `Assign ${number}`, exact: true })
      .click()
    await tableRow(page, number).getByText('Assigned', { exact: true }).waitFor()
    expect(await pretreat(target.id)).toMatchObject({ status: 'assigned', assigned_to: await applicatorId('applicator') })
    expect(
      await tableRow(page, number)
        .getByRole('button', { name: `Stage ${number}` })
        .count(),
    ).toBe(0) // an assigned one cannot be staged

    await tableRow(page, number)
      .getByRole('link', { name: `Assign ${number} in a window` })
      .click()
    await page.waitForURL(`**/scheduled-pre-treat/assign/${target.id}`)
    const dialog = page.getByRole('dialog', { name: 'Assign Applicator' })
    await dialog.getByText(number, { exact: true }).waitFor()
    await dialog.getByLabel(`Assign ${number} to`).selectOption({ label: 'Luis Ortega (Expires soon)' })
    await dialog.getByRole('button', { name: `Assign ${number}`, exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/scheduled-pre-treat')
    await tableRow(page, number).waitFor()
    expect(await pretreat(target.id)).toMatchObject({ status: 'assigned', assigned_to: await applicatorId('tech') })

    await tableRow(page, number).getByLabel(`Assign ${number} to`).selectOption({ label: 'Unassigned' })
    await tableRow(page, number)
      .getByRole('button', { name: `Assign ${number}`, exact: true })
      .click()
    await tableRow(page, number).getByText('Pending', { exact: true }).waitFor()
    expect(await pretreat(target.id)).toMatchObject({ status: 'pending', assigned_to: null })
  })

  it('shows a view-only user the assignee as text, no actions, and no link on pending rows', async () => {
    const page = await signedIn('applicator', js)
    await page.goto('/scheduled-pre-treat')
    await page.getByRole('heading', { name: 'Pre Treat Details' }).waitFor()
    expect(await page.getByRole('combobox').filter({ hasText: 'Unassigned' }).count()).toBe(0)
    expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0)
    const assigned = await suite.app.db.selectFrom('pretreats').select(['id', 'pre_treat_number']).where('status', '=', 'assigned').orderBy('id').executeTakeFirstOrThrow()
    const pending = await suite.app.db.selectFrom('pretreats').select(['id', 'pre_treat_number']).where('status', '=', 'pending').where('upcoming', '=', false).orderBy('id').executeTakeFirstOrThrow()
    await tableRow(page, assigned.pre_treat_number).getByRole('link').first().waitFor()
    expect(await tableRow(page, assigned.pre_treat_number).getByRole('link').first().getAttribute('href')).toBe(`/pretreats/${assigned.id}`)
    expect(await tableRow(page, pending.pre_treat_number).getByRole('link').count()).toBe(0)
    // a view-only user's post is refused, and changes nothing
    const before = await pretreat(pending.id)
    const response = await page.request.post('/scheduled-pre-treat', { form: { intent: 'assign', id: String(pending.id), applicator: String(await applicatorId('applicator')) } })
    expect(response.status()).toBe(403)
    expect(await pretreat(pending.id)).toEqual(before)
  })

  it('exports the list as CSV and says when a list is empty', async () => {
    const page = await signedIn('assigner', js)
    const csv = await page.request.get('/scheduled-pre-treat.csv')
    expect(csv.status()).toBe(200)
    const text = await csv.text()
    expect(text.split('\n')[0]).toBe('\uFEFFDate Created,Pre-Treat #,Owner,Storage,Status,CWT,Chemical,Assigned To\r')
    expect(text).toContain('Cody Hansen')
    expect(text).toContain('Void')
    const none = '?filter_by=company&filter_value=no-such-grower-zz'
    for (const [path, message] of [
      ['/staged-pre-treat', 'No staged pre-treats available.'],
      ['/scheduled-pre-treat', 'No pending pre-treats available.'],
      ['/review-pre-treat', 'No review pre-treats available.'],
      ['/completed-pre-treat', 'No completed pre-treats available.'],
    ] as const) {
      await page.goto(`${path}${none}`)
      await page.getByText(message).waitFor()
    }
  })

  it('shows cards on a phone, with the assign control usable on the card', async () => {
    const page = await signedIn('assigner', js, 375)
    await page.goto('/scheduled-pre-treat')
    const cards = page.getByRole('list', { name: 'Pre Treat Details' })
    await cards.getByRole('listitem').first().waitFor()
    expect(await page.getByRole('table').isVisible()).toBe(false)
    const pending = await suite.app.db
      .selectFrom('pretreats')
      .select(['id', 'pre_treat_number'])
      .where('status', '=', 'pending')
      .where('upcoming', '=', false)
      .where('void', '=', false)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const card = cards.getByRole('listitem').filter({ hasText: pending.pre_treat_number })
    await card.getByLabel(`Assign ${pending.pre_treat_number} to`).selectOption({ label: 'Cody Hansen' })
    await card.getByRole('button', { name: `Assign ${pending.pre_treat_number}`, exact: true }).click()
    await cards.getByRole('listitem').filter({ hasText: pending.pre_treat_number }).getByText('Assigned', { exact: true }).waitFor()
    expect(await pretreat(pending.id)).toMatchObject({ status: 'assigned' })
    await shot(page, `scheduled-375-${js ? 'js' : 'nojs'}`)
    if (shotsDir()) {
      const desk = await signedIn('assigner', js)
      await desk.goto('/scheduled-pre-treat')
      await shot(desk, `scheduled-1280-${js ? 'js' : 'nojs'}`)
      await desk.goto('/staged-pre-treat')
      await shot(desk, `staged-1280-${js ? 'js' : 'nojs'}`)
    }
  })
})
