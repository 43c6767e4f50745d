// The grower's report by e-mail (issue 23) in the browser, with JavaScript and without, at 375 px
// and on a desktop: the office marks who receives reports on Company Contacts; a reviewer sends a
// completed pre-treat's report again from its application record; with no mail server set (the
// embedded default) the worker writes it as a .eml file in the file store, which an admin downloads
// from Outgoing Mail: the message, parsed, goes to the contacts marked, with the record's PDF
// attached and readable.
import { buffer } from 'node:stream/consumers'
import { simpleParser } from 'mailparser'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reportRecipients } from '#db/queries/grower-reports.ts'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { newContext, shot, signIn } from '../support/browser.ts'
import { connectBrowser } from '../support/shared-browser.ts'
import { httpSession } from '../support/http-session.ts'
import { pdfText } from '../support/pdf-text.ts'
import { makePretreat, pretreatDefaults } from '../support/pretreats.ts'

let app: AppServer
let browser: Browser
let growerId: number
let growerName: string

beforeAll(async () => {
  ;[app, browser] = await Promise.all([startAppServer({ WORKERS: 'on' }), connectBrowser()])
  const { storage_id } = await pretreatDefaults(app.db)
  const grower = await app.db
    .selectFrom('storages as s')
    .innerJoin('companies as g', (join) => join.onRef('g.id', '=', (eb) => eb.fn.coalesce('s.grower_id', 's.company_id')))
    .select(['g.id', 'g.company_name'])
    .where('s.id', '=', storage_id)
    .executeTakeFirstOrThrow()
  ;[growerId, growerName] = [grower.id, grower.company_name]
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

async function opened(username: string, js: boolean, width: number, to: string): Promise<Page> {
  const page = await (await newContext(browser, app.url, { javaScriptEnabled: js, width })).newPage()
  await signIn(page, username, to)
  return page
}

/** A completed pre-treat of the demo grower, with its application record (and no report yet). */
async function completedRecord() {
  const pt = await makePretreat(app.db, { stage: 'completed', quantityUsed: 16, application_date: '2026-11-20', stop_time: '11:30' })
  const record = await app.db.selectFrom('application_records').select('id').where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
  return { pt, recordId: record.id }
}

describe('the grower’s report', () => {
  for (const [js, width] of [
    [false, 1280],
    [true, 375],
  ] as const) {
    const how = `${js ? 'with' : 'without'} JavaScript at ${width} px`

    it(`the office switches who receives the grower’s reports, ${how}`, async () => {
      const contact = await app.db
        .selectFrom('contacts')
        .select(['id', 'name', 'receives_reports'])
        .where('company_id', '=', growerId)
        .where('receives_reports', '=', false)
        .where('name', '<>', 'Other')
        .orderBy('id')
        .executeTakeFirstOrThrow()
      const page = await opened('office', js, width, `/view-contact/${growerId}`)
      await page.getByRole('button', { name: `Send reports to ${contact.name}` }).click()
      await expect.poll(() => page.getByRole('button', { name: `Stop reports to ${contact.name}` }).count(), { timeout: 15_000 }).toBe(1)
      expect((await app.db.selectFrom('contacts').select('receives_reports').where('id', '=', contact.id).executeTakeFirstOrThrow()).receives_reports).toBe(true)
      await page.getByRole('button', { name: `Stop reports to ${contact.name}` }).click()
      await expect.poll(() => page.getByRole('button', { name: `Send reports to ${contact.name}` }).count(), { timeout: 15_000 }).toBe(1)
      expect((await app.db.selectFrom('contacts').select('receives_reports').where('id', '=', contact.id).executeTakeFirstOrThrow()).receives_reports).toBe(false)
      await page.context().close()
    }, 60_000)

    it(`a reviewer sends a report again; the admin opens the message written for it, ${how}`, async () => {
      const { pt, recordId } = await completedRecord()
      const recipients = (await reportRecipients(app.db, growerId)).map((r) => r.email).sort()
      expect(recipients.length).toBeGreaterThan(0)
      const page = await opened('ptreview2', js, width, `/application-records/${recordId}`)
      await expect.poll(() => page.getByText('No report has been e-mailed for this record.').count()).toBe(1)
      await page.getByRole('button', { name: 'Send Report Again' }).click()
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'The report will be e-mailed to the grower’s contacts marked to receive reports.' }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0)
      // the worker renders the PDF and writes the message: the record's page says so once it is done
      await expect
        .poll(
          async () => {
            await page.reload()
            return page.locator('.grower-report li').allTextContents()
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toEqual([expect.stringMatching(new RegExp(`^Sent again by Lyle Bingham, .*: Sent .* to ${recipients.join(', ')} \\(written as a \\.eml file: no mail server is set\\)$`))])
      // pressed again at once: refused, saying why; the last send is shown beside the button
      await page.getByText(/^Last sent .* UTC; it can be sent again from .* UTC\.$/).waitFor()
      await page.getByRole('button', { name: 'Send Report Again' }).click()
      await page
        .getByRole('alert')
        .filter({ hasText: /^The report was sent less than \d+ minutes ago; nothing more was sent\./ })
        .waitFor()
      await page.getByRole('button', { name: 'Send Report Again' }).scrollIntoViewIfNeeded()
      await shot(page, `grower-report-resend-refused-${how.replace(/\W+/g, '-')}`)
      expect(await app.db.selectFrom('grower_reports').select('id').where('pretreat_id', '=', pt.id).execute()).toHaveLength(1)
      await page.context().close()

      const admin = await opened('admin', js, width, `/outgoing-mail?filter_by=pretreat&filter_value=${pt.pre_treat_number}`)
      const link = admin.getByRole('link', { name: /\.eml$/ })
      await expect.poll(() => link.count()).toBe(1)
      const href = (await link.getAttribute('href'))!
      const answer = await admin.request.get(href)
      expect(answer.headers()['content-type']).toBe('message/rfc822')
      // the link itself downloads it (on a phone's card too, above the card's own link)
      const [download] = await Promise.all([admin.waitForEvent('download'), link.click()])
      expect(download.suggestedFilename()).toMatch(/\.eml$/)
      const mail = await simpleParser(await buffer(await download.createReadStream()))
      expect((Array.isArray(mail.to) ? mail.to : [mail.to!]).flatMap((a) => a.value.map((v) => v.address)).sort()).toEqual(recipients)
      expect(mail.subject).toContain(pt.pre_treat_number)
      expect(mail.attachments.map((a) => a.filename)).toEqual([`${pt.pre_treat_number}.pdf`])
      const { text } = await pdfText(new Uint8Array(mail.attachments[0]!.content))
      expect(text).toContain(`Pesticide Application Record — ${pt.pre_treat_number}`)
      expect(text).toContain(growerName)
      expect(text).toContain('Season chemical ledger')
      // the list's CSV: the same row, with its recipients
      const csv = await (await admin.request.get(`/outgoing-mail.csv?filter_by=pretreat&filter_value=${pt.pre_treat_number}`)).text()
      expect(csv.trim().split('\r\n')).toHaveLength(2)
      expect(csv).toContain(`${pt.pre_treat_number},${growerName},Sent again by Lyle Bingham,`)
      expect(csv).toContain(`sent,`)
      expect(csv).toContain(recipients.join(', '))
      await admin.context().close()
    }, 120_000)
  }

  it('a message opens only for those who may open Outgoing Mail, and only by a name the mailer makes', async () => {
    const { pt } = await completedRecord()
    const written = (eml_file: string) =>
      app.db.insertInto('grower_reports').values({ pretreat_id: pt.id, reason: 'resend', requested_by: null, status: 'sent', transport: 'file', eml_file }).returning('id').executeTakeFirstOrThrow()
    const [hostile, gone] = [await written('../../session-secret.eml'), await written('2026-11-20-gone-report-0.eml')]
    const admin = await httpSession(app.url, 'admin')
    expect((await admin.fetch(`/outgoing-mail/${hostile.id}.eml`)).status).toBe(404)
    expect((await admin.fetch(`/outgoing-mail/${gone.id}.eml`)).status).toBe(404)
    const assigner = await httpSession(app.url, 'assigner')
    expect((await assigner.fetch(`/outgoing-mail/${gone.id}.eml`)).status).toBe(403)
  }, 60_000)

  it('only reviewers send a report: others see no button, and their post changes nothing', async () => {
    const { pt, recordId } = await completedRecord()
    const page = await opened('assigner', false, 1280, `/application-records/${recordId}`)
    await expect.poll(() => page.getByText('No report has been e-mailed for this record.').count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Send Report Again' }).count()).toBe(0)
    await page.context().close()
    const session = await httpSession(app.url, 'assigner')
    const body = new URLSearchParams({ csrf: await session.csrfToken(), submission_id: crypto.randomUUID() })
    const answer = await session.fetch(`/application-records/${recordId}`, { method: 'POST', body })
    expect(answer.status).toBe(403)
    expect(await app.db.selectFrom('grower_reports').select('id').where('pretreat_id', '=', pt.id).execute()).toEqual([])
  }, 60_000)
})
