// Restart follow-ups (issue 24) in the browser: a restart answered not running raises one, seen by
// an assigner in the alerts bell and on the storage's page, and closed there with a note (JavaScript,
// 375 px); another closed with a note without JavaScript (1280 px), then found on the closed list
// with the note, who and when; a later restart of the storage answered running and cleaned up closes another (no
// JavaScript, 375 px). Others may neither open the list nor post a note. The rules themselves
// (each answer, another storage, twice-sent forms) are proved in commands/restart-follow-ups.test.ts.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { runCommand } from '#commands/command.ts'
import { completeRestart } from '#commands/restarts.ts'
import { RestartSchema } from '#core/schemas/restart.ts'
import { countOpenFollowUps } from '#db/queries/restart-follow-ups.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { hydrated, modalShown, newContext, signIn } from '../support/browser.ts'
import { httpSession } from '../support/http-session.ts'
import { makePretreat } from '../support/pretreats.ts'
import { makeStorage, uniqueName } from '../support/records.ts'

const suite = useBrowserSuite()

/** A storage of its own (of a grower of its own) for each test, and a submitted pre-treat on it with its pending restart. */
async function storageWithRestart(name: string) {
  const storage = await makeStorage(suite.app.db, { name: uniqueName(name) })
  return { storage, ...(await restartOn(storage.id, storage.company_id)) }
}
async function restartOn(storageId: number, companyId: number) {
  const pt = await makePretreat(suite.app.db, { stage: 'to-review', storage_id: storageId, company_id: companyId })
  const restart = await suite.app.db.selectFrom('restarts').select('id').where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
  return { pt, restartId: restart.id }
}
const followUpsOf = (storageId: number) => suite.app.db.selectFrom('restart_follow_ups').selectAll().where('storage_id', '=', storageId).orderBy('id').execute()
const userId = async (username: string) => (await suite.app.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id

async function opened(username: string, js: boolean, width: number, to: string): Promise<Page> {
  const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js, width })).newPage()
  await signIn(page, username, to)
  return page
}

async function answerRestart(page: Page, running: 'Yes' | 'No', cleanedUp: 'Yes' | 'No') {
  for (const [question, choice] of [
    ['Remote', 'Yes'],
    ['Running', running],
    ['Cleaned Up', cleanedUp],
  ] as const)
    await page.getByRole('group', { name: question, exact: true }).getByLabel(choice).check()
  await page.getByRole('button', { name: 'Submit' }).click()
  await page.waitForURL((url) => url.pathname === '/pending-restarts')
}

describe('restart follow-ups', () => {
  it('raised by a restart answered not running: the assigner sees it in the bell and on the storage page, and closes it with a note (JavaScript, 375 px)', async () => {
    const { storage, pt, restartId } = await storageWithRestart('Bell Cellar')
    const applicator = await opened('applicator', true, 375, `/restarts/${restartId}`)
    await hydrated(applicator)
    await answerRestart(applicator, 'No', 'Yes')
    expect(await followUpsOf(storage.id)).toMatchObject([{ restart_id: restartId, not_running: true, not_cleaned_up: false, closed_at: null }])
    await applicator.context().close()

    const page = await opened('assigner', true, 375, `/view-storage/${storage.id}`)
    const panel = page.getByRole('region', { name: 'Open Restart Follow-Ups' })
    await expect.poll(() => panel.getByRole('link').allInnerTexts()).toEqual([expect.stringMatching(new RegExp(`^Not running — restart of ${pt.pre_treat_number}, \\d{4}-\\d\\d-\\d\\d$`))])
    await hydrated(page)
    const open = await countOpenFollowUps(suite.app.db)
    await page.getByLabel(/^Alerts: \d+$/).click()
    const item = page.getByRole('menuitem', { name: new RegExp(`^Restart follow-ups open ${open}$`) })
    await Promise.all([page.waitForURL((url) => url.pathname === '/follow-ups'), item.click()])
    await page.getByRole('heading', { name: 'Restart Follow-Ups', level: 1 }).waitFor()
    // a phone shows cards: this storage's is there, and opens the follow-up
    const card = page.getByRole('link', { name: new RegExp(storage.name) })
    await Promise.all([page.waitForURL(/\/follow-ups\/\d+/), card.first().click()])
    const modal = page.getByRole('dialog', { name: `Restart Follow-Up: ${storage.name}` })
    expect(await modal.innerText()).toContain('Cody Hansen')
    // closed with a note: the Success modal, then the list; the bell counts one fewer
    const bell = async () => Number((await page.getByLabel(/^Alerts: \d+$/).getAttribute('aria-label'))!.split(': ')[1])
    const before = await bell()
    await modal.getByLabel('How it was resolved').fill('Fan 1 reset at the panel; running again.')
    await modal.getByRole('button', { name: 'Close Follow-Up' }).click()
    await modalShown(page, 'Success', 'Follow-up closed.')
    await page.waitForURL((url) => url.pathname === '/follow-ups')
    // the list says so too, once the row is gone from it
    await page.getByRole('status').filter({ hasText: 'Follow-up closed.' }).waitFor()
    expect(await followUpsOf(storage.id)).toMatchObject([{ closing_note: 'Fan 1 reset at the panel; running again.', closed_by: await userId('assigner') }])
    await expect.poll(bell).toBe(before - 1)
    await page.context().close()
  })

  it('closed by an assigner’s note without JavaScript (1280 px): the note, who and when are kept and shown; others are refused', async () => {
    const { storage, restartId } = await storageWithRestart('Note Cellar')
    const value = RestartSchema.parse({ submission_id: crypto.randomUUID(), remote: 'yes', running: 'yes', cleaned_up: 'no', comments: 'Hoses left at the door.' })
    await runCommand(suite.app.db, completeRestart, {
      actor: { id: await userId('applicator'), username: 'applicator', is_superuser: false, permissions: ['api.view_pretreat'] },
      key: value.submission_id,
      input: { ...value, restart_id: restartId },
    })
    const [followUp] = await followUpsOf(storage.id)

    // others: no list, no note (403), nothing changed
    const session = await httpSession(suite.app.url, 'applicator')
    expect((await session.fetch('/follow-ups')).status).toBe(403)
    const body = new URLSearchParams({ csrf: await session.csrfToken(), submission_id: crypto.randomUUID(), note: 'I did it' })
    expect((await session.fetch(`/follow-ups/${followUp!.id}`, { method: 'POST', body })).status).toBe(403)
    // a technician sees the storage's page, without the assigners' panel
    const tech = await (await (await httpSession(suite.app.url, 'tech')).fetch(`/view-storage/${storage.id}`)).text()
    expect(tech).toContain(storage.name)
    expect(tech).not.toContain('Open Restart Follow-Ups')

    const page = await opened('assigner', false, 1280, `/follow-ups?filter_by=storage&filter_value=${encodeURIComponent(storage.name)}`)
    const row = page.getByRole('row').filter({ hasText: storage.name })
    expect(await row.innerText()).toContain('Not cleaned up')
    await Promise.all([page.waitForURL(/\/follow-ups\/\d+/), row.getByRole('link').first().click()])
    const modal = page.getByRole('dialog', { name: `Restart Follow-Up: ${storage.name}` })
    expect(await modal.innerText()).toContain('Hoses left at the door.')
    await modal.getByLabel('How it was resolved').fill('Hoses picked up on Tuesday.')
    await Promise.all([page.waitForURL((url) => url.pathname === '/follow-ups' && url.searchParams.has('flash')), modal.getByRole('button', { name: 'Close Follow-Up' }).click()])
    await page.getByText('No open follow-ups.').waitFor()
    expect(await page.getByRole('status').filter({ hasText: 'Follow-up closed.' }).count()).toBe(1)
    expect(await followUpsOf(storage.id)).toMatchObject([{ closing_note: 'Hoses picked up on Tuesday.', closed_by: await userId('assigner'), closed_by_restart_id: null }])

    // the closed list, filtered by the toolbar's GET form (it keeps the list: state=closed)
    await Promise.all([page.waitForURL(/state=closed/), page.getByRole('link', { name: 'Closed', exact: true }).click()])
    await page.getByLabel('Filter value').fill(storage.name)
    await Promise.all([page.waitForURL((url) => url.searchParams.get('filter_value') === storage.name), page.getByRole('button', { name: 'Filter', exact: true }).click()])
    expect(new URL(page.url()).searchParams.get('state')).toBe('closed')
    const closedRow = page.getByRole('row').filter({ hasText: storage.name })
    expect(await closedRow.innerText()).toMatch(/\d{4}-\d\d-\d\d\s+.*Ray Kunz\s+Hoses picked up on Tuesday\./s)
    // its CSV (the Export CSV link): the same row
    const csv = await (await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!)).text()
    expect(csv.trim().split('\r\n')).toHaveLength(2)
    expect(csv).toContain(',Ray Kunz,Hoses picked up on Tuesday.')
    // the storage's page no longer shows it
    await page.goto(`/view-storage/${storage.id}`)
    await page.getByRole('heading', { name: storage.name, level: 1 }).waitFor()
    expect(await page.getByRole('region', { name: 'Open Restart Follow-Ups' }).count()).toBe(0)
    await page.context().close()
  })

  it('closed by a later restart of the storage answered running and cleaned up (no JavaScript, 375 px)', async () => {
    const { storage, restartId } = await storageWithRestart('Later Cellar')
    const value = RestartSchema.parse({ submission_id: crypto.randomUUID(), remote: 'yes', running: 'no', cleaned_up: 'no', comments: '' })
    await runCommand(suite.app.db, completeRestart, {
      actor: { id: await userId('applicator'), username: 'applicator', is_superuser: false, permissions: ['api.view_pretreat'] },
      key: value.submission_id,
      input: { ...value, restart_id: restartId },
    })
    expect(await followUpsOf(storage.id)).toMatchObject([{ restart_id: restartId, not_running: true, not_cleaned_up: true, closed_at: null }])
    const later = await restartOn(storage.id, storage.company_id)
    const page = await opened('applicator', false, 375, `/restarts/${later.restartId}`)
    await answerRestart(page, 'Yes', 'Yes')
    expect(await followUpsOf(storage.id)).toMatchObject([{ restart_id: restartId, closed_by_restart_id: later.restartId, closing_note: null, closed_by: await userId('applicator') }])
    await page.context().close()

    const assigner = await opened('assigner', false, 375, `/follow-ups?state=closed&filter_by=storage&filter_value=${encodeURIComponent(storage.name)}`)
    const card = assigner.getByRole('listitem').filter({ has: assigner.getByRole('link', { name: storage.name }) })
    expect(await card.innerText()).toContain(`A later restart (${later.pt.pre_treat_number}) answered running and cleaned up.`)
    await assigner.context().close()
  })
})
