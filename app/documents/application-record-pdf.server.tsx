// The application record as a one-page PDF (decision 0042): HTML rendered from a React component
// with renderToStaticMarkup, its print CSS inline, printed by the render-pdf queue (htmlPdf: the
// <title>, the pre-treat number, is in the page header, "Page 1 of 1" in the footer). The same
// record gives the same HTML, so a second ask reuses the first PDF (htmlPdf caches by content).
import { renderToStaticMarkup } from 'react-dom/server'
import type { ReactNode } from 'react'
import { formatDate } from '#core/formats.ts'
import { formatCwt } from '#core/pretreat-quantities.ts'
import type { Executor } from '#db/client.server.ts'
import type { ApplicationRecord } from '#db/queries/application-records.ts'
import { SeasonReasonsPrint } from './season-reasons-print.tsx'
import { htmlPdf, type ConversionState } from '#jobs/documents/conversions.server.ts'

export const PRINT_CSS = `
  @page { size: Letter; }
  body { font: 10pt/1.35 Arial, Helvetica, sans-serif; color: #111; margin: 0; }
  h1 { font-size: 14pt; margin: 0 0 2pt; }
  p.sub { margin: 0 0 8pt; color: #444; font-size: 9pt; }
  .void { border: 2px solid #b00020; color: #b00020; padding: 4pt 6pt; margin: 0 0 8pt; font-weight: bold; }
  table { border-collapse: collapse; width: 100%; margin: 0 0 8pt; }
  th, td { border: 1px solid #999; padding: 3pt 5pt; text-align: left; vertical-align: top; }
  th { background: #eee; width: 32%; font-weight: 600; }
  table.lines th { width: auto; }
  td.num, th.num { text-align: right; }
  .missing { color: #b00020; }
  .season-reasons h2 { font-size: 11pt; margin: 8pt 0 2pt; }
  .season-reasons ul { margin: 2pt 0; padding-left: 14pt; }
`

const time = (t: string | null) => (t ? t.slice(0, 5) : '')
const orMissing = (value: ReactNode) => (value === '' || value === null || value === undefined ? <span className="missing">Not recorded</span> : value)

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{orMissing(children)}</td>
    </tr>
  )
}

/** The record's items and product lines: its own page, and the first part of the grower's report. */
export function ApplicationRecordBody({ record }: { record: ApplicationRecord }) {
  return (
    <>
      <h1>Pesticide Application Record — {record.pre_treat_number}</h1>
      <p className="sub">Commercial application record (IDAPA 02.03.03). Kept {formatDate(record.kept_at)}.</p>
      {record.state === 'void' ? <p className="void">VOID — {record.void_reason}</p> : null}
      {record.state === 'pending' ? <p className="void">In review — not yet completed</p> : null}
      <table>
        <tbody>
          <Item label="Applied for (grower)">{record.grower_name}</Item>
          <Item label="Grower address">{record.grower_address}</Item>
          <Item label="Site (storage)">{record.storage_name}</Item>
          <Item label="Site address or GPS">{record.site}</Item>
          <Item label="Commodity and variety">{`${record.commodity}, ${record.variety}`}</Item>
          <Item label="Amount treated">{record.cwt === null ? '' : `${formatCwt(Number(record.cwt))} cwt`}</Item>
          <Item label="Application date">{record.application_date ?? ''}</Item>
          <Item label="Start and stop time">{record.start_time && record.stop_time ? `${time(record.start_time)} – ${time(record.stop_time)}` : ''}</Item>
          <Item label="Target (treated for)">{record.target}</Item>
          <Item label="Product supplier">{record.suppliers}</Item>
          <Item label="Re-entry from">{record.reentry_from}</Item>
          <Item label="Wind speed and direction">{record.wind_speed === null ? '' : `${Number(record.wind_speed)} mph ${record.wind_direction ?? ''}`.trim()}</Item>
          <Item label="Recommended by">{record.recommended_by_name}</Item>
          <Item label="Applicator">{record.applicator_name}</Item>
          <Item label="Applicator licence number">{record.applicator_licence}</Item>
        </tbody>
      </table>
      <table className="lines">
        <thead>
          <tr>
            <th>Product (trade name)</th>
            <th>EPA registration number</th>
            <th className="num">Amount treated (cwt)</th>
            <th className="num">Total amount applied</th>
            <th className="num">Rate</th>
          </tr>
        </thead>
        <tbody>
          {record.lines.map((line, i) => (
            <tr key={line.position}>
              <td>{line.product_name}</td>
              <td>{orMissing(line.epa_registration)}</td>
              <td className="num">{formatCwt(Number(line.cwt))}</td>
              <td className="num">{orMissing(record.amounts.split('; ')[i] ?? '')}</td>
              <td className="num">{orMissing(record.rates.split('; ')[i] ?? '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {record.gaps ? <p className="missing">Missing items: {record.gaps}</p> : null}
      <SeasonReasonsPrint value={record.season_reasons} />
    </>
  )
}

export function ApplicationRecordDocument({ record }: { record: ApplicationRecord }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{record.pre_treat_number}</title>
        <style>{PRINT_CSS}</style>
      </head>
      <body>
        <ApplicationRecordBody record={record} />
      </body>
    </html>
  )
}

export function applicationRecordHtml(record: ApplicationRecord): string {
  return `<!doctype html>${renderToStaticMarkup(<ApplicationRecordDocument record={record} />)}`
}

/** Asks for the record's PDF (done at once when the same HTML was printed before). */
export function queueApplicationRecordPdf(db: Executor, record: ApplicationRecord): Promise<ConversionState> {
  return htmlPdf(db, applicationRecordHtml(record))
}
