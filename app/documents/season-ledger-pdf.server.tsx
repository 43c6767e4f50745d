// A storage's season ledger as a PDF (issue 23): the Ledger tab's tables (season-ledger-table.ts) as
// HTML with the records' print CSS, rendered by the document worker like the season summary.
import { renderToStaticMarkup } from 'react-dom/server'
import { countText } from '#core/formats.ts'
import type { SeasonLedger } from '#core/season-check.ts'
import type { Executor } from '#db/client.server.ts'
import { htmlPdf, type ConversionState } from '#jobs/documents/conversions.server.ts'
import { PRINT_CSS } from './application-record-pdf.server.tsx'
import { LINE_HEADER, lineCells, PRODUCT_HEADER, productCells } from './season-ledger-table.ts'

/** Twelve columns: the page lies on its side, and a date or number stays on one line. */
const LEDGER_CSS = `
  @page { size: Letter landscape; }
  table.lines td:nth-child(-n+2) { white-space: nowrap; }
`

export interface LedgerStorage {
  name: string
  grower: string
  seed: boolean
  planned_removal: string | null
}

/** A table of text cells under a header row (the ledger's tables, here and in the grower's report). */
export function TextTable({ header, rows }: { header: readonly string[]; rows: string[][] }) {
  return (
    <table className="lines">
      <thead>
        <tr>
          {header.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {row.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function SeasonLedgerDocument({ storage, ledger }: { storage: LedgerStorage; ledger: SeasonLedger }) {
  const title = `Chemical Ledger ${storage.name} ${ledger.season.label}`
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        <style>{`${PRINT_CSS}${LEDGER_CSS}`}</style>
      </head>
      <body>
        <h1>{title}</h1>
        <p className="sub">
          {storage.grower}. {storage.seed ? 'Seed potatoes. ' : ''}
          {storage.planned_removal ? `Removal planned ${storage.planned_removal}. ` : ''}
          {ledger.lines.length === 0 ? 'No applications this season.' : `${countText(new Set(ledger.lines.map((l) => l.pretreat_id)).size, 'application')}.`} Totals counted from the records.
        </p>
        {ledger.products.length > 0 ? <TextTable header={PRODUCT_HEADER} rows={ledger.products.map(productCells)} /> : null}
        {ledger.lines.length > 0 ? (
          <>
            <h2>Applications</h2>
            <TextTable header={LINE_HEADER} rows={ledger.lines.map((l) => lineCells(ledger, l))} />
          </>
        ) : null}
        {ledger.voids.length > 0 ? (
          <>
            <h2>Void pre-treats (not counted)</h2>
            <TextTable header={LINE_HEADER.slice(0, -2)} rows={ledger.voids.map((l) => lineCells(ledger, l, false).slice(0, -2))} />
          </>
        ) : null}
      </body>
    </html>
  )
}

export function queueSeasonLedgerPdf(db: Executor, storage: LedgerStorage, ledger: SeasonLedger): Promise<ConversionState> {
  return htmlPdf(db, `<!doctype html>${renderToStaticMarkup(<SeasonLedgerDocument storage={storage} ledger={ledger} />)}`)
}
