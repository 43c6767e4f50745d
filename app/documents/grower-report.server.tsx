// The grower's report (issue 23, decision 0065): the application record and, below it, the
// storage's season ledger as it stood when the report was asked for — this pre-treat's lines and
// its products' season so far. Made when a completion or a resend asks for it, in that
// transaction: the HTML is printed by the render-pdf queue and the grower-report job, queued here
// too, attaches the PDF and sends it (jobs/grower-report.job.ts).
import { renderToStaticMarkup } from 'react-dom/server'
import { seasonOf } from '#core/season.ts'
import type { SeasonLedger } from '#core/season-check.ts'
import type { Executor } from '#db/client.server.ts'
import { applicationRecordById, recordOfPretreat, type ApplicationRecord } from '#db/queries/application-records.ts'
import { storageSeasonLedger } from '#db/queries/season.ts'
import { queueGrowerReport } from '#jobs/grower-report.job.ts'
import { ApplicationRecordBody, PRINT_CSS } from './application-record-pdf.server.tsx'
import { TextTable } from './season-ledger-pdf.server.tsx'
import { LINE_HEADER, lineCells, PRODUCT_HEADER, productCells } from './season-ledger-table.ts'

/** The ledger's twelve columns under the record's portrait page: smaller type, no wrapping of dates. */
const REPORT_CSS = `
  h2 { font-size: 12pt; margin: 12pt 0 4pt; }
  .ledger table.lines { font-size: 7.5pt; }
  .ledger table.lines td:nth-child(-n+2) { white-space: nowrap; }
`

export function GrowerReportDocument({ record, ledger }: { record: ApplicationRecord; ledger: SeasonLedger | null }) {
  const lines = ledger?.lines.filter((l) => l.pretreat_id === record.pretreat_id) ?? []
  const products = ledger?.products.filter((p) => lines.some((l) => l.product_id === p.limits.product_id)) ?? []
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{record.pre_treat_number}</title>
        <style>{`${PRINT_CSS}${REPORT_CSS}`}</style>
      </head>
      <body>
        <ApplicationRecordBody record={record} />
        <h2>Season chemical ledger {ledger ? `(${ledger.season.label})` : ''}</h2>
        {ledger && lines.length > 0 ? (
          <div className="ledger">
            <p className="sub">This application and its products&apos; season so far at {record.storage_name}, counted from the records.</p>
            <TextTable header={LINE_HEADER} rows={lines.map((l) => lineCells(ledger, l))} />
            <TextTable header={PRODUCT_HEADER} rows={products.map(productCells)} />
          </div>
        ) : (
          <p className="sub">This pre-treat has no line in its storage&apos;s season ledger (it was void, or has no application date).</p>
        )}
      </body>
    </html>
  )
}

export function growerReportHtml(record: ApplicationRecord, ledger: SeasonLedger | null): string {
  return `<!doctype html>${renderToStaticMarkup(<GrowerReportDocument record={record} ledger={ledger} />)}`
}

/** Makes the report's PDF (asked of the render queue) and queues its sending, in the caller's transaction. */
export async function prepareGrowerReport(trx: Executor, reportId: number, pretreatId: number): Promise<void> {
  const kept = await recordOfPretreat(trx, pretreatId)
  const record = kept ? await applicationRecordById(trx, kept.id) : null
  if (!record) throw new Error(`Pre-treat ${pretreatId} has no application record to report.`)
  const pretreat = await trx.selectFrom('pretreats').select(['storage_id', 'application_date']).where('id', '=', pretreatId).executeTakeFirstOrThrow()
  const ledger = pretreat.application_date ? await storageSeasonLedger(trx, pretreat.storage_id, seasonOf(pretreat.application_date)) : null
  await queueGrowerReport(trx, reportId, growerReportHtml(record, ledger))
}
