// The season summary's PDF (decision 0042): the table of application-record-pdf-summary.ts as HTML (rendered from React with renderToStaticMarkup, print CSS inline).
import { renderToStaticMarkup } from 'react-dom/server'
import { countText } from '#core/formats.ts'
import type { Season } from '#core/season.ts'
import type { Executor } from '#db/client.server.ts'
import { htmlPdf, type ConversionState } from '#jobs/documents/conversions.server.ts'
import { PRINT_CSS } from './application-record-pdf.server.tsx'
import { SUMMARY_HEADER, SUMMARY_NOTE, type SummaryTable } from './application-record-pdf-summary.ts'

function SeasonSummaryDocument({ season, table }: { season: Season; table: SummaryTable }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{`Season Summary ${season.label}`}</title>
        <style>{PRINT_CSS}</style>
      </head>
      <body>
        <h1>Season Summary {season.label}</h1>
        <p className="sub">
          {season.start} to {season.end} (exclusive). {countText(table.applications, 'application')}. {SUMMARY_NOTE}
        </p>
        <table className="lines">
          <thead>
            <tr>
              {SUMMARY_HEADER.map((h, i) => (
                <th key={h} className={i >= 3 ? 'num' : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) => (
                  <td key={i} className={i >= 3 ? 'num' : undefined}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </body>
    </html>
  )
}

export function queueSeasonSummaryPdf(db: Executor, season: Season, table: SummaryTable): Promise<ConversionState> {
  return htmlPdf(db, `<!doctype html>${renderToStaticMarkup(<SeasonSummaryDocument season={season} table={table} />)}`)
}
