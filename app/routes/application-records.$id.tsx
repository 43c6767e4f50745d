// One application record, in a modal over Application Records (own URL, works without JavaScript):
// every item as kept (the reasons given past the season check too), the grower's reports e-mailed
// for it with Send Report Again for reviewers (its action; decision 0065), and a button for its
// one-page PDF. The PDF is asked for with a GET form's button rather than a link: making it is work
// for the render-pdf queue, started on purpose.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Fragment } from 'react'
import { ACCESS } from '#app/access.ts'
import { RecordModal } from '#app/components/modal.tsx'
import { loadRecord, requireId } from '#app/records.server.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { submitCommand } from '#app/command-answer.server.ts'
import { prepareGrowerReport } from '#app/documents/grower-report.server.tsx'
import { GrowerReportLog } from '#app/features/grower-report/grower-report-log.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { maySendReports, resendGrowerReport, resendState } from '#commands/grower-reports.ts'
import { reportsOfPretreat } from '#db/queries/grower-reports.ts'
import { SeasonReasonsPrint } from '#app/documents/season-reasons-print.tsx'
import { formatCwt } from '#core/pretreat-quantities.ts'
import { getDb } from '#db/client.server.ts'
import { applicationRecordById } from '#db/queries/application-records.ts'

export const access = ACCESS['/application-records']
export const meta: MetaFunction = () => [{ title: 'Application Record' }]

export async function loader(args: LoaderFunctionArgs) {
  const { record, mayResend } = await loadRecord(args, access, async (id, user) => {
    const record = await applicationRecordById(getDb(), id)
    return record && { record, mayResend: maySendReports(user) }
  })
  const reports = await reportsOfPretreat(getDb(), record.pretreat_id)
  // the grower's report can be sent again once the record is completed, by a reviewer; beside the
  // button, where the last one stands (the command refuses while one waits, and for a while after)
  const sendForm = mayResend && record.state === 'completed' ? { submissionId: crypto.randomUUID(), ...resendState(reports, new Date()) } : null
  return { ...record, reports, sendForm }
}

/** Send Report Again: a new report row (who, when), its PDF made and the e-mail queued in the same transaction. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  return submitCommand({
    request,
    form: await readForm(request),
    command: resendGrowerReport,
    actor: user,
    fixed: { record_id: id },
    then: (trx, done) => prepareGrowerReport(trx, done.report, done.pretreat),
    redirectTo: `/application-records/${id}${new URL(request.url).search}`,
    successFlash: 'report-queued',
  })
}

const STATE_TEXT = { completed: 'Completed', void: 'Void', pending: 'In review' } as const
const time = (t: string | null) => (t ? t.slice(0, 5) : '')

export default function ApplicationRecordModal() {
  const r = useLoaderData<typeof loader>()
  const sent = useActionData<FormResult>()
  const items: [string, string][] = [
    ['Record', r.state === 'void' ? `Void: ${r.void_reason}` : STATE_TEXT[r.state]],
    ['Applied for (grower)', r.grower_name],
    ['Grower address', r.grower_address],
    ['Site (storage)', r.storage_name],
    ['Site address or GPS', r.site],
    ['Commodity and variety', `${r.commodity}, ${r.variety}`],
    ['Amount treated', r.cwt === null ? '' : `${formatCwt(Number(r.cwt))} cwt`],
    ['Product', r.products],
    ['EPA registration number', r.epa_registrations],
    ['Total amount applied', r.amounts],
    ['Rate', r.rates],
    ['Application date', r.application_date ?? ''],
    ['Start and stop time', r.start_time && r.stop_time ? `${time(r.start_time)} – ${time(r.stop_time)}` : ''],
    ['Wind speed and direction', r.wind_speed === null ? '' : `${Number(r.wind_speed)} mph ${r.wind_direction ?? ''}`.trim()],
    ['Recommended by', r.recommended_by_name],
    ['Applicator', r.applicator_name],
    ['Applicator licence number', r.applicator_licence],
  ]
  return (
    <RecordModal title={`Application Record ${r.pre_treat_number}`}>
      <dl className="detail-list">
        {items.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value || 'Not recorded'}</dd>
          </Fragment>
        ))}
      </dl>
      {r.gaps ? <p className="field-error">Missing items: {r.gaps}</p> : null}
      <SeasonReasonsPrint value={r.season_reasons} />
      <GrowerReportLog reports={r.reports} sendForm={r.sendForm} result={sent} />
      <form method="get" action={`/application-records/${r.id}/pdf`} className="form-actions">
        <button type="submit" className="button">
          Open PDF
        </button>
      </form>
    </RecordModal>
  )
}
