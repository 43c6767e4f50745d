// The print summary (issue 12; spec §2/§6: assigners, the scheduled list, ?type=pt-summary): the
// scheduled list's pre-treats for its current filter, date range and sort (the list's own engine,
// pages left out) on one document for the day's planning. Through the render-pdf queue like every
// PDF; the HTML names nothing of the moment it was made, so the same list asks for the same PDF.
import { formatDate, formatGps } from '#core/formats.ts'
import { formatCwt, formatQuantity } from '#core/pretreat-quantities.ts'
import { PRETREAT_STATUS_LABELS } from '#core/workflow-states.ts'
import type { Executor } from '#db/client.server.ts'
import { summaryDetails, type SummaryDetails } from '#db/queries/pretreat-document.ts'
import { htmlPdf, type ConversionState } from '#jobs/documents/conversions.server.ts'
import { PRETREAT_LIST_ENGINES, type PretreatListRow } from '#app/lists/pretreat-lists.server.ts'
import { printHtml } from './print-html.server.tsx'
import { SUMMARY_TITLE } from './titles.ts'

/** More than a day's planning; past it the document says how many were left out. */
export const SUMMARY_MAX_ROWS = 500

const FILTER_LABELS: Record<string, string> = { pre_treat_number: 'Pre-Treat #', company: 'Owner', storage: 'Storage' }

type Line = PretreatListRow & { details: SummaryDetails | undefined }

function Summary({ lines, more, about }: { lines: Line[]; more: boolean; about: string }) {
  return (
    <main>
      <h1>{SUMMARY_TITLE}</h1>
      <p className="doc-sub">
        Scheduled pre-treats{about ? ` · ${about}` : ''} · {lines.length} {lines.length === 1 ? 'pre-treat' : 'pre-treats'}
        {more ? ` (the first ${SUMMARY_MAX_ROWS}; narrow the filter for the rest)` : ''}
      </p>
      {lines.length === 0 ? (
        <p>No pending pre-treats available.</p>
      ) : (
        <table className="dense">
          <thead>
            <tr>
              <th className="nowrap">Pre-Treat #</th>
              <th>Owner / Storage</th>
              <th>GPS</th>
              <th>Application Date</th>
              <th className="num">CWT</th>
              <th>Chemical</th>
              <th>Assigned To</th>
              <th>Notes</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((r) => (
              <tr key={r.id}>
                <td className="nowrap">
                  {r.pre_treat_number}
                  <br />
                  <span className="muted">{r.void ? 'Void' : PRETREAT_STATUS_LABELS[r.status]}</span>
                </td>
                <td>
                  {r.company_name}
                  <br />
                  {r.storage_name}
                </td>
                <td>{formatGps(r.details?.gps_lat, r.details?.gps_lng) ?? '—'}</td>
                <td>{r.application_date ? formatDate(r.application_date) : '—'}</td>
                <td className="num">{r.cwt === null ? '—' : formatCwt(Number(r.cwt))}</td>
                <td>
                  {(r.details?.chemicals ?? []).map((c, i) => (
                    <div key={i}>
                      {c.product_name}
                      {c.quantity_requested === null ? '' : ` ${formatQuantity(Number(c.quantity_requested), c.units)}`}
                    </div>
                  ))}
                </td>
                <td>{r.assigned_name ?? 'Unassigned'}</td>
                <td>{r.details?.notes || ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  )
}

/** The scheduled list's parameters of a summary URL (its filter, date range, sort), without ours. */
export function summaryListParams(url: URL): URLSearchParams {
  const params = new URLSearchParams(url.search)
  params.delete('type')
  params.delete('index')
  return params
}

/** The page that answers a summary without JavaScript: a redirect to the PDF, or "PDF not ready — try again". */
export const summaryPageUrl = (params: URLSearchParams) => (params.size ? `/convert/summary?${params}` : '/convert/summary')

/** The summary's HTML for the scheduled list's URL parameters (refused ones left out, as on the list). */
export async function pretreatSummaryHtml(db: Executor, searchParams: URLSearchParams): Promise<string> {
  const engine = PRETREAT_LIST_ENGINES.scheduled
  const { state } = engine.parse(searchParams)
  const rows: PretreatListRow[] = []
  let more = false
  for await (const batch of engine.readAll(db, state, { batchSize: SUMMARY_MAX_ROWS + 1 })) {
    rows.push(...batch)
    if (rows.length > SUMMARY_MAX_ROWS) {
      more = true
      break
    }
  }
  const shown = rows.slice(0, SUMMARY_MAX_ROWS)
  const details = await summaryDetails(
    db,
    shown.map((r) => r.id),
  )
  const about = [
    state.filterBy ? `${FILTER_LABELS[state.filterBy] ?? state.filterBy} contains “${state.filterValue}”` : '',
    state.startDate || state.endDate ? `created ${state.startDate ?? '…'} to ${state.endDate ?? '…'}` : '',
  ]
    .filter(Boolean)
    .join(' · ')
  return printHtml(SUMMARY_TITLE, <Summary lines={shown.map((r) => ({ ...r, details: details.get(r.id) }))} more={more} about={about} />)
}

/** Asks for the summary's PDF (cached by content, or a render-pdf job queued). */
export async function queuePretreatSummary(db: Executor, searchParams: URLSearchParams): Promise<ConversionState> {
  return htmlPdf(db, await pretreatSummaryHtml(db, searchParams))
}
