// Restarts in the browser (docs/decisions/0041), with JavaScript and without: a pending restart
// opened from /pending-restarts, completed on its form (/restarts/{id}), then seen in
// /completed-restarts and its modal (the sheet, the final checklist, the restart info); a form sent
// twice; another post to a completed restart refused; the CSV export.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { KEY_MESSAGES } from '#commands/command.ts'
import { RESTART_SUBMITTED } from '#core/schemas/restart.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, signIn } from '../support/browser.ts'
import { makePretreat } from '../support/pretreats.ts'

const suite = useBrowserSuite()

/** A submitted pre-treat (to review) with its pending restart. */
async function pendingRestart(notes: string) {
  const pt = await makePretreat(suite.app.db, { stage: 'to-review', application_notes: notes, application_date: '2026-11-20' })
  const restart = await suite.app.db.selectFrom('restarts').selectAll().where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
  return { pt, restart }
}

const restartRow = (id: number) => suite.app.db.selectFrom('restarts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const userId = async (username: string) => (await suite.app.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id
const byNumber = (number: string) => `?filter_by=pre_treat_number&filter_value=${encodeURIComponent(number)}`

async function answer(page: Page, answers: Record<'Remote' | 'Running' | 'Cleaned Up', 'Yes' | 'No'>) {
  for (const [question, choice] of Object.entries(answers)) await page.getByRole('group', { name: question, exact: true }).getByLabel(choice).check()
}

/** The completed list finds it; its row opens the modal with the sheet, the checklist and the restart info. */
async function seenCompleted(page: Page, number: string, comments: string, completedBy: string) {
  await page.goto(`/completed-restarts${byNumber(number)}`)
  await page.getByRole('heading', { name: 'Completed Restarts' }).waitFor()
  const row = page.getByRole('row').filter({ hasText: number })
  expect(await row.innerText()).toContain(completedBy)
  await Promise.all([page.waitForURL(/\/completed-restarts\/\d+/), row.getByRole('link', { name: number }).click()])
  const modal = page.getByRole('dialog', { name: `Restart ${number}` })
  for (const heading of ['Restart Info', 'Application Info', 'Chemical Info', 'Pile Conditions', 'Final Checklist']) await modal.getByRole('heading', { name: heading }).waitFor()
  const text = await modal.innerText()
  expect(text).toContain(comments)
  expect(text).toContain(completedBy)
  // a reader's modal: nothing to fill in
  expect(await modal.locator('input, select, textarea').count()).toBe(0)
}

describe('restarts', () => {
  it('with JavaScript: opened from the pending list, all three answers required, Submit → the success text → /pending-restarts; seen completed', async () => {
    const notes = `Restart the fans 24 hours after fogging (${Date.now()}).`
    const { pt, restart } = await pendingRestart(notes)
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'tech', `/pending-restarts${byNumber(pt.pre_treat_number)}`)
    await page.getByRole('heading', { name: 'Pending Restarts' }).waitFor()
    await Promise.all([page.waitForURL((url) => url.pathname === `/restarts/${restart.id}`), page.getByRole('link', { name: pt.pre_treat_number }).click()])
    await page.getByRole('heading', { name: `Restart Checklist ${pt.pre_treat_number}` }).waitFor()
    expect(await page.locator('.detail-list').first().innerText()).toContain(notes)

    // one answer missing: named beside its question, nothing saved
    await answer(page, { Remote: 'Yes', Running: 'Yes' } as never)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Answer Cleaned Up: yes or no.').waitFor()
    expect((await restartRow(restart.id)).completed_at).toBeNull()

    await answer(page, { Remote: 'Yes', Running: 'Yes', 'Cleaned Up': 'No' })
    await page.getByLabel('Comments').fill('Fans back on at 7 am; hoses left at the door.')
    await page.getByRole('button', { name: 'Submit' }).click()
    await modalShown(page, 'Success', RESTART_SUBMITTED)
    await page.waitForURL((url) => url.pathname === '/pending-restarts')
    expect(await restartRow(restart.id)).toMatchObject({
      remote: true,
      running: true,
      cleaned_up: false,
      comments: 'Fans back on at 7 am; hoses left at the door.',
      completed_by: await userId('tech'),
    })

    // it leaves the pending list
    await page.goto(`/pending-restarts${byNumber(pt.pre_treat_number)}`)
    await page.getByText('No pending restarts available.').waitFor()
    await seenCompleted(page, pt.pre_treat_number, 'Fans back on at 7 am; hoses left at the door.', 'Luis Ortega')
  })

  it('without JavaScript: a plain form; sent twice it completes once; another post is refused with who did it, nothing changed; opened again it is read-only', async () => {
    const { pt, restart } = await pendingRestart('Restart the fans after 24 hours.')
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'tech', `/pending-restarts${byNumber(pt.pre_treat_number)}`)
    await Promise.all([page.waitForURL((url) => url.pathname === `/restarts/${restart.id}`), page.getByRole('link', { name: pt.pre_treat_number }).click()])
    const value = (name: string) => page.locator(`input[name="${name}"]`).first().getAttribute('value') as Promise<string>
    const form = { csrf: await value('csrf'), submission_id: await value('submission_id'), remote: 'no', running: 'yes', cleaned_up: 'yes', comments: 'Running on remote control now.' }

    await answer(page, { Remote: 'No', Running: 'Yes', 'Cleaned Up': 'Yes' })
    await page.getByLabel('Comments').fill(form.comments)
    await Promise.all([page.waitForURL((url) => url.pathname === '/pending-restarts'), page.getByRole('button', { name: 'Submit' }).click()])
    await page.getByText(RESTART_SUBMITTED).waitFor()
    const done = await restartRow(restart.id)
    expect(done).toMatchObject({ remote: false, running: true, cleaned_up: true, comments: form.comments, completed_by: await userId('tech') })

    const post = async (fields: Record<string, string>) => {
      const response = await page.request.post(`/restarts/${restart.id}`, { form: { ...form, ...fields }, headers: { Origin: suite.app.url }, maxRedirects: 0 })
      return { status: response.status(), location: response.headers().location ?? '', html: (await response.text()).replaceAll('&#x27;', "'") }
    }
    // the same form again (a double click, a retry): answered as the first, nothing changes
    const again = await post({})
    expect([again.status, again.location]).toEqual([302, '/pending-restarts?flash=restart-submitted'])
    expect(await restartRow(restart.id)).toEqual(done)
    // its submission id sent with other words is not taken for the first (decision 0056): refused
    const reworded = await post({ comments: 'A retry with other words.' })
    expect(reworded.status).toBe(409)
    expect(reworded.html).toContain(KEY_MESSAGES.reused)
    expect(await restartRow(restart.id)).toEqual(done)
    // another form for the completed restart: refused, saying who completed it
    const other = await post({ submission_id: crypto.randomUUID(), running: 'no' })
    expect(other.status).toBe(409)
    expect(other.html).toContain('This restart checklist was already submitted by Luis Ortega')
    expect(await restartRow(restart.id)).toEqual(done)

    // opened again: the answers, read-only
    await page.goto(`/restarts/${restart.id}`)
    await page.getByRole('heading', { name: 'Restart Info' }).waitFor()
    expect(await page.locator('form input[type="radio"], textarea').count()).toBe(0)
    expect(await page.locator('main').innerText()).toContain(form.comments)
    await seenCompleted(page, pt.pre_treat_number, form.comments, 'Luis Ortega')
    for (const path of ['/restarts/99999999', '/restarts/abc', '/completed-restarts/99999999']) expect((await page.goto(path))?.status(), path).toBe(404)
  })

  it('exports both lists as CSV, the current filter with the screen columns', async () => {
    const { pt } = await pendingRestart('Restart after 24 hours.')
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'assigner')
    const csv = async (path: string) => {
      const response = await page.request.get(`${path}${byNumber(pt.pre_treat_number)}`)
      expect(response.headers()['content-type']).toContain('text/csv')
      return (await response.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
    }
    const pending = await csv('/pending-restarts.csv')
    expect(pending[0]).toBe('Pre-Treat #,Owner,Storage,Application Date,Applicator,Opened')
    expect(pending).toHaveLength(2)
    expect(pending[1]).toContain(`${pt.pre_treat_number},`)
    expect(pending[1]).toContain('2026-11-20')
    const completed = await csv('/completed-restarts.csv')
    expect(completed).toEqual(['Pre-Treat #,Owner,Storage,Application Date,Applicator,Completed,Completed By'])
  })
})
