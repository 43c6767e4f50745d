// The grower's report on its application record (issue 23, decision 0065): every message asked for
// (at completion, or resent by someone), what became of it, and — for reviewers, on a completed
// record — a button that sends it again (a plain POST form: works without JavaScript), with where
// the last one stands beside it.
import { Form } from '@remix-run/react'
import { CsrfInput } from '#app/components/csrf.tsx'
import { FlashNotice } from '#app/components/form/flash-notice.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { formatDateTime } from '#core/formats.ts'
import type { GrowerReportStatus } from '#db/schema.ts'
import type { ResendState } from '#commands/grower-reports.ts'

export interface ReportLine {
  id: number
  reason: 'completed' | 'resend'
  requested_at: string
  requested_by_name: string | null
  status: GrowerReportStatus
  sent_at: string | null
  recipients: string
  transport: '' | 'smtp' | 'file'
  error: string
}

export const REPORT_STATUS_TEXT: Record<GrowerReportStatus, string> = {
  queued: 'Waiting to be sent',
  sending: 'Being sent',
  sent: 'Sent',
  failed: 'Not sent yet (will try again)',
  'no-recipients': 'Not sent: no contact of the grower is marked to receive reports',
}

export function reportText(r: Pick<ReportLine, 'status' | 'sent_at' | 'recipients' | 'transport'>): string {
  if (r.status !== 'sent') return REPORT_STATUS_TEXT[r.status]
  const how = r.transport === 'file' ? ' (written as a .eml file: no mail server is set)' : ''
  return `Sent ${r.sent_at ? formatDateTime(r.sent_at) : ''} to ${r.recipients}${how}`
}

/** `result`: a refused Send Report Again (a success comes back as the page with ?flash=report-queued). */
/** The line beside Send Report Again: the last send, and until when another is refused. */
export function lastSendText({ waiting, lastSent, openAt }: { [K in keyof ResendState]: ResendState[K] | string }): string {
  if (waiting) return 'A report is waiting to be sent.'
  if (!lastSent) return 'Not sent yet.'
  return `Last sent ${formatDateTime(lastSent)}${openAt ? `; it can be sent again from ${formatDateTime(openAt)}` : ''}.`
}

export function GrowerReportLog({
  reports,
  sendForm,
  result,
}: {
  reports: readonly ReportLine[]
  sendForm: ({ submissionId: string } & Parameters<typeof lastSendText>[0]) | null
  result?: FormResult
}) {
  const refused = result ? (result.error?.[''] ?? ['The report could not be queued. Please try again.']) : null
  return (
    <section aria-labelledby="grower-report-title" className="grower-report">
      <h2 id="grower-report-title">Grower’s Report</h2>
      {reports.length === 0 ? (
        <p>No report has been e-mailed for this record.</p>
      ) : (
        <ul>
          {reports.map((r) => (
            <li key={r.id}>
              {r.reason === 'completed' ? 'At completion' : `Sent again by ${r.requested_by_name ?? 'someone'}`}, {formatDateTime(r.requested_at)}: {reportText(r)}
              {r.error ? <span className="field-error"> {r.error}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {/* a refusal after an earlier success: the page's address still holds that success's flash */}
      {refused ? null : <FlashNotice />}
      {refused ? (
        <p className="notice notice-error" role="alert">
          {refused.join(' ')}
        </p>
      ) : null}
      {sendForm ? (
        <Form method="post" className="form-actions" preventScrollReset>
          <CsrfInput />
          <input type="hidden" name="submission_id" value={sendForm.submissionId} />
          <button type="submit" className="button button-secondary" aria-describedby="grower-report-last">
            Send Report Again
          </button>
          <span id="grower-report-last" className="hint">
            {lastSendText(sendForm)}
          </span>
        </Form>
      ) : null}
    </section>
  )
}
