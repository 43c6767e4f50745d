// The grower's report (issue 23, decision 0065): one queued report e-mailed to the grower's contacts
// marked to receive reports, with the PDF made when it was asked for (the application record and
// the season ledger's line for it). pg-boss may run a job twice, and a completion may be retried:
// the row is claimed before anything is sent, so only the run that claimed it sends; a run that
// finds it claimed by another is tried again later (it may be a run that died), and sends only once
// that claim is stale (STALE_CLAIM_MINUTES): a run that died between sending and settling may so
// send twice, and the message keeps its Message-ID, so a receiving server can tell.
import { buffer } from 'node:stream/consumers'
import { formatDate } from '#core/formats.ts'
import type { Executor } from '#db/client.server.ts'
import { claimGrowerReport, reportById, reportRecipients, reportSubject, setReportConversion, settleGrowerReport } from '#db/queries/grower-reports.ts'
import { mailFrom, sendMail } from '#mail/mailer.server.ts'
import { blobKeyOf } from '#storage/attachments.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { htmlPdf, waitForConversion } from './documents/conversions.server.ts'
import { enqueue } from './enqueue.server.ts'
import { QUEUES } from './queues.ts'

/** Queues the report's sending with its HTML (made by app/documents/grower-report.server.tsx), asked of the render queue, in the caller's transaction. */
export async function queueGrowerReport(trx: Executor, reportId: number, html: string): Promise<void> {
  const pdf = await htmlPdf(trx, html)
  await setReportConversion(trx, reportId, pdf.id)
  await enqueue(trx, QUEUES.growerReport, { reportId })
}

/** Thrown when the PDF is not made yet: the job is handed back and pg-boss runs it again later. */
export class ReportNotReady extends Error {}

export type ReportRun = 'sent' | 'no-recipients' | 'failed' | 'skipped'

/** The Message-ID's domain: the sender's, else localhost. */
const mailDomain = () => /@([\w.-]+)>?\s*$/.exec(mailFrom())?.[1] ?? 'localhost'

/** Thrown when another run holds the report's claim: pg-boss runs this one again later, and it sends only if that claim went stale (its run died). */
export class ReportBusy extends Error {}

export async function sendGrowerReport(db: Executor, store: BlobStore, reportId: number, options: { waitMs: number }): Promise<ReportRun> {
  const report = await claimGrowerReport(db, reportId)
  if (!report) {
    const status = (await reportById(db, reportId))?.status
    if (status === 'sending') throw new ReportBusy(`Report ${reportId} is being sent by another run.`)
    return 'skipped'
  }
  const fail = async (error: string): Promise<ReportRun> => {
    await settleGrowerReport(db, report.id, { status: 'failed', error })
    return 'failed'
  }
  try {
    const about = await reportSubject(db, report.pretreat_id)
    if (!about) return await fail('The pre-treat is gone.')
    const recipients = await reportRecipients(db, about.grower_id)
    if (recipients.length === 0) {
      await settleGrowerReport(db, report.id, { status: 'no-recipients' })
      return 'no-recipients'
    }
    const pdf = report.conversion_id ? await waitForConversion(db, report.conversion_id, options.waitMs) : null
    if (!pdf) return await fail('The report’s PDF is no longer stored: send it again.')
    if (pdf.status === 'failed') return await fail(`The report’s PDF could not be made: ${pdf.error}`)
    if (pdf.status === 'pending') {
      await settleGrowerReport(db, report.id, { status: 'queued' })
      throw new ReportNotReady(`The PDF of report ${report.id} is not made yet.`)
    }
    const key = await blobKeyOf(db, pdf.pdfBlobId)
    if (!key) return await fail('The report’s PDF is no longer stored: send it again.')
    const content = await buffer(await store.getStream(key))
    const when = about.application_date ? ` on ${formatDate(about.application_date)}` : ''
    const delivery = await sendMail(
      store,
      {
        to: recipients.map((r) => ({ name: r.name, address: r.email })),
        subject: `Application record ${about.pre_treat_number} — ${about.storage_name}`,
        text: [
          `${about.grower_name},`,
          '',
          `Attached is the application record of pre-treat ${about.pre_treat_number}, applied to ${about.storage_name}${when}, with its line of the storage's season chemical ledger.`,
          '',
          'Please keep it with your records.',
        ].join('\n'),
        messageId: `<grower-report-${report.id}@${mailDomain()}>`,
        attachments: [{ filename: `${about.pre_treat_number}.pdf`, content, contentType: 'application/pdf' }],
      },
      `${new Date().toISOString().slice(0, 10)}-${about.pre_treat_number}-report-${report.id}`,
    )
    await settleGrowerReport(db, report.id, {
      status: 'sent',
      recipients: delivery.accepted.join(', '),
      // some addresses refused (the others took it): told on the row, not sent again to the others
      error: delivery.rejected.length > 0 ? `Refused by the mail server: ${delivery.rejected.join(', ')}` : '',
      transport: delivery.transport,
      message_id: delivery.messageId,
      eml_file: delivery.transport === 'file' ? delivery.file : '',
    })
    return 'sent'
  } catch (error) {
    if (error instanceof ReportNotReady) throw error
    // the server refused it, or could not be reached: failed for now, and pg-boss tries again
    await fail(error instanceof Error ? error.message : String(error))
    throw error
  }
}
