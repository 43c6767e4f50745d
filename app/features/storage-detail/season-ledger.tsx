// The storage's Ledger tab (issue 23, decision 0063): one season's applications with each product's
// running total against the label, the products' season at a glance, void pre-treats apart, and the
// same figures as CSV and PDF (their cells come from app/documents/season-ledger-table.ts). A table
// from 600 px, cards on a phone (lists.css switches them, as on every list).
import { Link } from '@remix-run/react'
import { ListCards } from '#app/components/list/list-cards.tsx'
import { LINE_HEADER, lineCells, PRODUCT_HEADER, productCells } from '#app/documents/season-ledger-table.ts'
import type { Season } from '#core/season.ts'
import type { SeasonLedger } from '#core/season-check.ts'
import { SeasonPicker } from './season-picker.tsx'

/** The ledger's downloads: /view-storage/{id}/ledger.csv and /view-storage/{id}/ledger/pdf, of a season. */
export const ledgerCsvHref = (storageId: number, season: Season) => `/view-storage/${storageId}/ledger.csv?season=${season.year}`
export const ledgerPdfHref = (storageId: number, season: Season) => `/view-storage/${storageId}/ledger/pdf?season=${season.year}`

interface Row {
  key: string
  cells: string[]
  /** the pre-treat the row's number opens, when the user may open it */
  href: string | null
  over?: boolean
}

function LedgerTable({ caption, header, rows, title }: { caption: string; header: readonly string[]; rows: Row[]; title: (row: Row) => string }) {
  return (
    <>
      <div className="list-table-wrap table-scroll">
        <table className="plain-table ledger-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {header.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className={row.over ? 'ledger-over' : undefined}>
                {row.cells.map((cell, c) => (
                  <td key={c}>{c === 1 && row.href ? <Link to={row.href}>{cell}</Link> : cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListCards rows={rows} rowKey={(r) => r.key} rowHref={(r) => r.href} title={title} fields={header.map((label, i) => ({ label, value: (r: Row) => r.cells[i] || '—' }))} label={caption} />
    </>
  )
}

export function SeasonLedgerTab({ ledger, seasons, storageId, linkPretreats }: { ledger: SeasonLedger; seasons: number[]; storageId: number; linkPretreats: boolean }) {
  const { season } = ledger
  const href = (pretreatId: number) => (linkPretreats ? `/pretreats/${pretreatId}` : null)
  const lineRows = (counted: boolean) =>
    (counted ? ledger.lines : ledger.voids).map((line, i): Row => {
      const cells = lineCells(ledger, line, counted)
      return { key: `${line.pretreat_id}-${i}`, cells: counted ? cells : cells.slice(0, -2), href: href(line.pretreat_id) }
    })
  const dated = (row: Row) => `${row.cells[0]} · ${row.cells[1]} · ${row.cells[2]}`
  return (
    <section aria-labelledby="ledger-heading">
      <h2 id="ledger-heading">Chemical Ledger, season {season.label}</h2>
      <SeasonPicker tab="ledger" season={season} seasons={seasons}>
        <a className="button button-secondary" href={ledgerCsvHref(storageId, season)} download>
          CSV
        </a>
        <a className="button button-secondary" href={ledgerPdfHref(storageId, season)}>
          PDF
        </a>
      </SeasonPicker>
      {ledger.lines.length === 0 && ledger.voids.length === 0 ? (
        <p className="list-empty">No applications this season.</p>
      ) : (
        <>
          <h3>By product</h3>
          <LedgerTable
            caption="Each product’s season against its label"
            header={PRODUCT_HEADER}
            rows={ledger.products.map((p) => ({ key: String(p.limits.product_id), cells: productCells(p), href: null, over: p.over.length > 0 }))}
            title={(row) => row.cells[0]!}
          />
          <h3>Applications</h3>
          {ledger.lines.length === 0 ? (
            <p className="list-empty">No applications this season.</p>
          ) : (
            <LedgerTable caption="The season’s applications in date order" header={LINE_HEADER} rows={lineRows(true)} title={dated} />
          )}
          {ledger.voids.length > 0 ? (
            <>
              <h3>Void pre-treats</h3>
              <p className="muted">Applied, then voided: counted in no total.</p>
              <LedgerTable caption="Void pre-treats of the season" header={LINE_HEADER.slice(0, -2)} rows={lineRows(false)} title={dated} />
            </>
          ) : null}
        </>
      )}
    </section>
  )
}
