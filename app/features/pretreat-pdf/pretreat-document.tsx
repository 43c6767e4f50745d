// The pre-treat sheet as a printed document (issue 12; docs/decisions/0040): every section of the
// sheet, drawn by the sheet's own parts in their read-only form (ApplicationInfo, SheetConditions,
// ChecklistFields: one definition of what each section holds), plus the tables only the document
// has: the chemicals with EPA registration, the price lines, the restart, the applicator's licence.
import { ApplicationInfo } from '#app/features/pretreat-sheet/info.tsx'
import { ChecklistFields } from '#app/features/pretreat-sheet/checklist.tsx'
import { SheetConditions } from '#app/features/pretreat-sheet/conditions.tsx'
import type { FieldContext } from '#app/features/pretreat-sheet/sheet-fields.tsx'
import { sheetView } from '#app/features/pretreat-sheet/sheet-view.server.ts'
import { formatDate } from '#core/formats.ts'
import { checklistFormValues, sheetFormValues } from '#core/pretreat-sheet.ts'
import { formatCwt, formatQuantity } from '#core/pretreat-quantities.ts'
import { reentryText } from '#core/reentry.ts'
import type { PretreatDocument as Doc, RestartInfo } from '#db/queries/pretreat-document.ts'

const readOnly = (values: Record<string, string>, prefix: string): FieldContext => ({ values, errors: {}, readOnly: true, prefix })
const quantity = (value: string | null, units: Doc['sheet']['chemicals'][number]['units']) => (value === null ? '—' : formatQuantity(Number(value), units) || '—')
const yesNo = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No')
/** A price with its 4 decimals (spec §9), as stored. */
const price = (value: string) => Number(value).toFixed(4)
/** A moment as the office reads it (UTC: the same text on every render). */
const moment = (value: Date) => `${value.toISOString().slice(0, 10)} ${value.toISOString().slice(11, 16)} UTC`

function Chemicals({ doc }: { doc: Doc }) {
  const view = sheetView(doc.sheet)
  return (
    <section aria-labelledby="doc-chemicals">
      <h2 id="doc-chemicals">Chemical Info</h2>
      <dl>
        <dt>Application</dt>
        <dd>{view.application || '—'}</dd>
        <dt>Purge</dt>
        <dd>{view.purge ? 'Yes' : 'No'}</dd>
        {view.reentry ? (
          <>
            <dt>Re-entry From</dt>
            <dd>{reentryText(view.reentry)}</dd>
          </>
        ) : null}
      </dl>
      {view.doseWarnings.length > 0 ? (
        <div className="notice">
          <strong>Dose check</strong>
          <ul>
            {view.doseWarnings.map((w) => (
              <li key={`${w.kind}-${w.message}`}>{w.message}</li>
            ))}
          </ul>
          {view.doseReason ? <p>Reason: {view.doseReason}</p> : null}
        </div>
      ) : null}
      <table>
        <thead>
          <tr>
            <th>Product</th>
            <th>EPA Reg. No.</th>
            <th>Units</th>
            <th className="num">CWT</th>
            <th className="num">Requested</th>
            <th className="num">Used</th>
          </tr>
        </thead>
        <tbody>
          {doc.sheet.chemicals.length === 0 ? (
            <tr>
              <td colSpan={6}>No chemicals on this pre-treat.</td>
            </tr>
          ) : (
            doc.sheet.chemicals.map((line) => (
              <tr key={line.id}>
                <td>{line.product_name}</td>
                <td>{line.registration || '—'}</td>
                <td>{line.units}</td>
                <td className="num">{formatCwt(Number(line.cwt))}</td>
                <td className="num">{quantity(line.quantity_requested, line.units)}</td>
                <td className="num">{quantity(line.quantity_used, line.units)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  )
}

function Pricing({ doc }: { doc: Doc }) {
  return (
    <section aria-labelledby="doc-pricing">
      <h2 id="doc-pricing">Pricing</h2>
      {doc.prices.length === 0 ? (
        <p className="muted">No price lines yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Company</th>
              <th className="num">CWT Share</th>
              <th className="num">Price</th>
            </tr>
          </thead>
          <tbody>
            {doc.prices.map((line) => (
              <tr key={line.company_name}>
                <td>{line.company_name}</td>
                <td className="num">{formatCwt(Number(line.cwt_share))}</td>
                <td className="num">{price(line.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

function Restart({ restart }: { restart: RestartInfo }) {
  return (
    <section aria-labelledby="doc-restart">
      <h2 id="doc-restart">Restart</h2>
      <dl>
        <dt>Remote</dt>
        <dd>{yesNo(restart.remote)}</dd>
        <dt>Running</dt>
        <dd>{yesNo(restart.running)}</dd>
        <dt>Cleaned Up</dt>
        <dd>{yesNo(restart.cleaned_up)}</dd>
        <dt>Completed</dt>
        <dd>{restart.completed_at ? `${moment(restart.completed_at)}${restart.completed_by_name ? ` by ${restart.completed_by_name}` : ''}` : 'Pending'}</dd>
      </dl>
      <dl>
        <dt>Comments</dt>
        <dd>{restart.comments || '—'}</dd>
      </dl>
    </section>
  )
}

/** The document's body; `<title>` (the page header) is the pre-treat number. */
export function PretreatDocument({ doc }: { doc: Doc }) {
  const view = sheetView(doc.sheet)
  const filled = doc.sheet.status !== 'pending'
  const priced = doc.sheet.status === 'completed' || doc.sheet.status.startsWith('to-review')
  return (
    <main>
      <h1>Pre-Treat {view.number}</h1>
      <p className="doc-sub">
        {view.company} · {view.storage} · {view.statusLabel}
        {view.void ? <span className="void"> · VOID</span> : null}
        {doc.sheet.application_date ? ` · applied ${formatDate(doc.sheet.application_date)}` : ''}
      </p>
      <ApplicationInfo sheet={view} />
      <section aria-labelledby="doc-applicator">
        <h2 id="doc-applicator">Applicator</h2>
        <dl>
          <dt>Name</dt>
          <dd>{view.assignedTo ?? 'Unassigned'}</dd>
          <dt>Licence</dt>
          <dd>{doc.licence || '—'}</dd>
        </dl>
      </section>
      <Chemicals doc={doc} />
      {priced ? <Pricing doc={doc} /> : null}
      {filled ? <SheetConditions ctx={readOnly(sheetFormValues(doc.sheet), 'doc-sheet')} trucks={doc.trucks} /> : null}
      {filled ? (
        <section aria-labelledby="doc-checklist">
          <h2 id="doc-checklist">Final Checklist</h2>
          <ChecklistFields ctx={readOnly(checklistFormValues(doc.sheet.checklist), 'doc-checklist')} />
        </section>
      ) : null}
      {doc.restart ? <Restart restart={doc.restart} /> : null}
    </main>
  )
}
