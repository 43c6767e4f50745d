// The grower's report by e-mail (issue 23, decision 0065), against a real SMTP server started here
// (smtp-server from npm, each message parsed by mailparser), real pg-boss workers and Chromium: a
// completion sends one message to the grower's contacts marked to receive reports, with the PDF
// (the application record and its ledger line) attached; a retried completion, a second run of
// the job, or runs side by side send nothing more; a resend is a row of its own; no one to send to
// and a refusing server are told on the row.
import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommand } from '#commands/command.ts'
import { maySendReports, NOT_A_REPORT_SENDER, REPORT_WAITING, RESEND_COOLDOWN_MINUTES, resendGrowerReport, resendState } from '#commands/grower-reports.ts'
import { ConflictError } from '#core/errors.ts'
import { submitReview } from '#commands/pretreat-review.ts'
import { growerReportHtml, prepareGrowerReport } from '#app/documents/grower-report.server.tsx'
import { queuePdfWhenCompleted } from '#app/features/pretreat-sheet/review-intent.server.ts'
import { inTransaction } from '#db/client.server.ts'
import { applicationRecordById } from '#db/queries/application-records.ts'
import { insertGrowerReport, STALE_CLAIM_MINUTES } from '#db/queries/grower-reports.ts'
import { htmlPdf } from '#jobs/documents/conversions.server.ts'
import type { FsDriver } from '#storage/fs-driver.server.ts'
import type { TestDatabase } from '../tests/support/db.ts'
import { startDocuments, type DocumentsBeside } from '../tests/support/documents.ts'
import { insertUser } from '../tests/support/people.ts'
import { pdfText } from '../tests/support/pdf-text.ts'
import { completingReview, makePretreat, pretreatDefaults } from '../tests/support/pretreats.ts'
import { ReportBusy, sendGrowerReport } from './grower-report.job.ts'

interface Received {
  to: string[]
  mail: ParsedMail
}

describe('the grower’s report by e-mail', () => {
  let t: TestDatabase
  let documents: DocumentsBeside | undefined
  let store: FsDriver
  let smtp: SMTPServer
  let reviewer: number
  let growerId: number
  const received: Received[] = []
  /** addresses the server refuses (a mailbox that does not exist) */
  const refused = new Set<string>()

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(refused.has(address.address) ? Object.assign(new Error('550 No such mailbox here'), { responseCode: 550 }) : undefined)
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => received.push({ to: session.envelope.rcptTo.map((r) => r.address).sort(), mail }))
          .then(() => callback(), callback)
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
    process.env.MAIL_FROM = 'Keystone Storage Services <reports@keystone.test>'
    documents = await startDocuments('grower-report', { workers: true })
    ;({ t, store } = documents)
    reviewer = await insertUser(t.db, 'pt-rev-two', { first_name: 'Travis', last_name: 'Nielsen' })
    growerId = (await pretreatDefaults(t.db)).company_id
    await t.db
      .insertInto('contacts')
      .values([
        { company_id: growerId, name: 'Ann Owner', email: 'ann@grower.test', receives_reports: true },
        { company_id: growerId, name: 'Bob Manager', email: 'bob@grower.test', receives_reports: true },
        { company_id: growerId, name: 'Cal Former', email: 'cal@grower.test', receives_reports: true, active: false },
        { company_id: growerId, name: 'Dee Office', email: 'dee@grower.test', receives_reports: false },
      ])
      .execute()
  }, 90_000)

  afterAll(async () => {
    await documents?.stop()
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
  })

  const reportsOf = (pretreatId: number) => t.db.selectFrom('grower_reports').selectAll().where('pretreat_id', '=', pretreatId).orderBy('id').execute()

  /** Waits until the report is settled (not queued or sending) and answers its row. */
  async function settled(id: number, timeoutMs = 45_000) {
    const until = Date.now() + timeoutMs
    for (;;) {
      const row = await t.db.selectFrom('grower_reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
      if (!['queued', 'sending'].includes(row.status) || Date.now() > until) return row
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  const messagesFor = (number: string) => received.filter((r) => r.mail.subject?.includes(number))

  /** A completion's report with its PDF asked for, as the page makes it, but no job queued: only the test's own runs take it. */
  async function unqueuedReport(pretreatId: number): Promise<number> {
    const id = (await insertGrowerReport(t.db, { pretreat_id: pretreatId, reason: 'completed', requested_by: null }))!
    const record = (await applicationRecordById(t.db, (await t.db.selectFrom('application_records').select('id').where('pretreat_id', '=', pretreatId).executeTakeFirstOrThrow()).id))!
    const pdf = await htmlPdf(t.db, growerReportHtml(record, null))
    await t.db.updateTable('grower_reports').set({ conversion_id: pdf.id }).where('id', '=', id).execute()
    return id
  }

  /** A pre-treat completed by a review as the review page posts it (its hook makes the PDF and queues the report). */
  async function completeByReview() {
    const pt = await makePretreat(t.db, { stage: 'to-review1', quantityUsed: 16 })
    const call = await completingReview(t.db, pt.id, reviewer)
    const answer = await runCommand(t.db, submitReview, { ...call, then: queuePdfWhenCompleted(pt.id) })
    expect(answer.status).toBe('completed')
    return { pt, call, answer }
  }

  it('a completion sends one message to the contacts marked to receive reports, with the record and its ledger line as a readable PDF', async () => {
    const { pt } = await completeByReview()
    const [report] = await reportsOf(pt.id)
    const row = await settled(report!.id)
    expect(row).toMatchObject({ status: 'sent', reason: 'completed', transport: 'smtp', recipients: 'ann@grower.test, bob@grower.test', error: '' })
    const messages = messagesFor(pt.pre_treat_number)
    expect(messages).toHaveLength(1)
    const [{ to, mail }] = messages as [Received]
    // the active contacts marked for reports; not the former one, not the one left unmarked
    expect(to).toEqual(['ann@grower.test', 'bob@grower.test'])
    expect(mail.from?.value).toEqual([{ name: 'Keystone Storage Services', address: 'reports@keystone.test' }])
    expect(mail.messageId).toBe(row.message_id)
    expect(mail.text).toContain(`pre-treat ${pt.pre_treat_number}`)
    expect(mail.attachments).toHaveLength(1)
    const [pdf] = mail.attachments
    expect(pdf).toMatchObject({ filename: `${pt.pre_treat_number}.pdf`, contentType: 'application/pdf' })
    const { text } = await pdfText(new Uint8Array(pdf!.content))
    expect(text).toContain(`Pesticide Application Record — ${pt.pre_treat_number}`)
    expect(text).toContain('Pre-Treat Test Farms')
    expect(text).toContain('Season chemical ledger (2026–27)')
    // the ledger's line for it: its date, number and product, with the season's count
    expect(text).toMatch(new RegExp(`2026-11-20\\s+${pt.pre_treat_number}\\s+Test CIPC .* 16 gal\\s+0\\.016 gal per cwt 1\\s`))
  }, 90_000)

  it('a retried completion, the job run again and runs side by side send nothing more', async () => {
    const { pt, call, answer } = await completeByReview()
    const [report] = await reportsOf(pt.id)
    expect((await settled(report!.id)).status).toBe('sent')
    // the same post again (a retry on a bad connection): the same answer, no second report
    expect(await runCommand(t.db, submitReview, { ...call, then: queuePdfWhenCompleted(pt.id) })).toEqual(answer)
    expect(await reportsOf(pt.id)).toHaveLength(1)
    // pg-boss delivering the job again, twice at once
    expect(await Promise.all([1, 2].map(() => sendGrowerReport(t.db, store, report!.id, { waitMs: 5_000 })))).toEqual(['skipped', 'skipped'])
    expect(messagesFor(pt.pre_treat_number)).toHaveLength(1)
  }, 90_000)

  it('two runs of a new report at the same moment: one sends, the other is handed back and then does nothing', async () => {
    const pt = await makePretreat(t.db, { stage: 'completed', quantityUsed: 16 })
    const id = await unqueuedReport(pt.id)
    const runs = await Promise.allSettled([1, 2].map(() => sendGrowerReport(t.db, store, id, { waitMs: 30_000 })))
    // the one that found it claimed is handed back to pg-boss (or, run after the first settled, skips)
    expect(runs.map((r) => (r.status === 'fulfilled' ? r.value : r.reason instanceof ReportBusy ? 'busy' : String(r.reason))).sort()).toEqual(expect.arrayContaining(['sent']))
    expect(runs.filter((r) => r.status === 'rejected' && !(r.reason instanceof ReportBusy))).toEqual([])
    expect(await sendGrowerReport(t.db, store, id, { waitMs: 5_000 })).toBe('skipped')
    expect(messagesFor(pt.pre_treat_number)).toHaveLength(1)
  }, 90_000)

  it('a run that died holding the claim: the next run is handed back until the claim is stale, then sends', async () => {
    const pt = await makePretreat(t.db, { stage: 'completed', quantityUsed: 16 })
    const id = await unqueuedReport(pt.id)
    await t.db.updateTable('grower_reports').set({ status: 'sending', claimed_at: new Date() }).where('id', '=', id).execute()
    await expect(sendGrowerReport(t.db, store, id, { waitMs: 5_000 })).rejects.toBeInstanceOf(ReportBusy)
    expect(messagesFor(pt.pre_treat_number)).toHaveLength(0)
    await t.db
      .updateTable('grower_reports')
      .set({ claimed_at: new Date(Date.now() - (STALE_CLAIM_MINUTES + 1) * 60_000) })
      .where('id', '=', id)
      .execute()
    expect(await sendGrowerReport(t.db, store, id, { waitMs: 30_000 })).toBe('sent')
    expect(messagesFor(pt.pre_treat_number)).toHaveLength(1)
  }, 90_000)

  it('a resend is asked for by a reviewer, kept as its own row, and sends the report again', async () => {
    const pt = await makePretreat(t.db, { stage: 'completed', quantityUsed: 16 })
    const record = await t.db.selectFrom('application_records').select('id').where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
    const office = { id: reviewer, username: 'office', is_superuser: false, permissions: ['api.add_pretreat' as const] }
    expect(maySendReports(office)).toBe(false)
    const input = { submission_id: crypto.randomUUID(), record_id: record.id }
    await expect(runCommand(t.db, resendGrowerReport, { actor: office, key: input.submission_id, input })).rejects.toThrow(NOT_A_REPORT_SENDER)
    expect(await reportsOf(pt.id)).toHaveLength(0)
    const actor = { ...office, permissions: ['api.pretreat_reviewer1' as const] }
    const then = (trx: Parameters<typeof prepareGrowerReport>[0], done: { report: number; pretreat: number }) => prepareGrowerReport(trx, done.report, done.pretreat)
    const first = await runCommand(t.db, resendGrowerReport, { actor, key: input.submission_id, input, then })
    // the same form sent twice: one resend
    expect(await runCommand(t.db, resendGrowerReport, { actor, key: input.submission_id, input, then })).toEqual(first)
    const rows = await reportsOf(pt.id)
    expect(rows).toMatchObject([{ id: first.report, reason: 'resend', requested_by: reviewer, submission_id: input.submission_id }])
    expect((await settled(first.report)).status).toBe('sent')
    expect(messagesFor(pt.pre_treat_number)).toHaveLength(1)
  }, 90_000)

  it('Send Report Again pressed several times at once queues one e-mail; the others, and one just after it was sent, are refused saying why', async () => {
    const pt = await makePretreat(t.db, { stage: 'completed', quantityUsed: 16 })
    const record = await t.db.selectFrom('application_records').select('id').where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
    const actor = { id: reviewer, username: 'pt-rev-two', is_superuser: false, permissions: ['api.pretreat_reviewer2' as const] }
    const then = (trx: Parameters<typeof prepareGrowerReport>[0], done: { report: number; pretreat: number }) => prepareGrowerReport(trx, done.report, done.pretreat)
    // each press is a new page's form (a new key), as twenty presses on twenty tabs would be
    const press = () => {
      const input = { submission_id: crypto.randomUUID(), record_id: record.id }
      return runCommand(t.db, resendGrowerReport, { actor, key: input.submission_id, input, then }).then(
        () => null,
        (e: unknown) => e as Error,
      )
    }
    const answers = await Promise.all([press(), press(), press()])
    expect(answers.filter((a) => a === null)).toHaveLength(1)
    expect(answers.filter((a) => a !== null).map((e) => e!.message)).toEqual([REPORT_WAITING, REPORT_WAITING])
    const [report] = await reportsOf(pt.id)
    expect(await reportsOf(pt.id)).toHaveLength(1)
    expect((await settled(report!.id)).status).toBe('sent')
    const soon = await press()
    expect(soon).toBeInstanceOf(ConflictError)
    expect(soon!.message).toMatch(new RegExp(`^The report was sent less than ${RESEND_COOLDOWN_MINUTES} minutes ago; nothing more was sent\\. It can be sent again from `))
    expect(await reportsOf(pt.id)).toHaveLength(1)
    expect(messagesFor(pt.pre_treat_number)).toHaveLength(1)
    // once the cooldown has passed, it may be sent again
    const sentAt = (await settled(report!.id)).sent_at!
    expect(resendState([{ status: 'sent', sent_at: sentAt }], new Date(+sentAt + RESEND_COOLDOWN_MINUTES * 60_000 + 1))).toEqual({ waiting: false, lastSent: sentAt, openAt: null })
  }, 90_000)

  it('a grower with no one marked to receive reports: the row says so and nothing is sent', async () => {
    const other = await t.db.insertInto('companies').values({ company_name: 'Quiet Farms', address: '1 Main St, Rigby, ID 83442' }).returning('id').executeTakeFirstOrThrow()
    await t.db.insertInto('contacts').values({ company_id: other.id, name: 'Una Unmarked', email: 'una@quiet.test' }).execute()
    const storage = await t.db
      .insertInto('storages')
      .values({ company_id: other.id, name: 'Quiet Cellar', address: '2 Main St, Rigby, ID 83442', gps_lat: '43.6', gps_lng: '-111.9' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const pt = await makePretreat(t.db, { stage: 'completed', quantityUsed: 16, company_id: other.id, storage_id: storage.id })
    const id = (await insertGrowerReport(t.db, { pretreat_id: pt.id, reason: 'completed', requested_by: null }))!
    await inTransaction(t.db, (trx) => prepareGrowerReport(trx, id, pt.id))
    expect((await settled(id)).status).toBe('no-recipients')
    expect(messagesFor(pt.pre_treat_number)).toHaveLength(0)
  }, 90_000)

  it('a server that refuses every address: the row is failed with its answer, and the next run sends it; one refused address is told', async () => {
    const pt = await makePretreat(t.db, { stage: 'completed', quantityUsed: 16 })
    const id = (await insertGrowerReport(t.db, { pretreat_id: pt.id, reason: 'completed', requested_by: null }))!
    refused.add('ann@grower.test').add('bob@grower.test')
    await inTransaction(t.db, (trx) => prepareGrowerReport(trx, id, pt.id))
    // the worker's run and this one: whichever claims it meets the refusal
    await sendGrowerReport(t.db, store, id, { waitMs: 30_000 }).catch(() => undefined)
    const failed = await settled(id)
    expect(failed.status).toBe('failed')
    expect(failed.error).toContain('No such mailbox here')
    expect(messagesFor(pt.pre_treat_number)).toHaveLength(0)
    refused.delete('ann@grower.test')
    expect(await sendGrowerReport(t.db, store, id, { waitMs: 30_000 })).toBe('sent')
    refused.clear()
    expect(messagesFor(pt.pre_treat_number).map((m) => m.to)).toEqual([['ann@grower.test']])
    expect(await settled(id)).toMatchObject({ status: 'sent', recipients: 'ann@grower.test', error: 'Refused by the mail server: bob@grower.test' })
  }, 90_000)
})
