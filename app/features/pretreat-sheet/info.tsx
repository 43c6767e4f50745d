// Application Info and Chemical Info: what the pre-treat form set, read-only, with the storage's
// GPS as a map link and the dose check's warnings; the chemical lines with the quantity requested and, when
// the sheet is filled, an input for the quantity used.
import { GpsLink } from '#app/components/gps-link.tsx'
import { formatDate } from '#core/formats.ts'
import { formatQuantity } from '#core/pretreat-quantities.ts'
import { reentryText } from '#core/reentry.ts'
import type { SheetView } from './sheet-view.server.ts'
import { fieldId, invalid, type FieldContext } from './sheet-fields.tsx'
import { QUANTITY_USED_DECIMALS } from '#core/schemas/pretreat-sheet.ts'

/** As the meter shows it: a longer reading is rounded, not refused (decision 0083). */
export const QUANTITY_USED_HINT = `As the meter shows it; kept to ${QUANTITY_USED_DECIMALS} decimals (more are rounded).`

type Sheet = SheetView

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children || '—'}</dd>
    </>
  )
}

/** On the review sheet: a submitted sheet whose application date is after today (issue 38, item 20; decision 0083). */
export function ApplicationDateWarning({ date }: { date: string | null }) {
  if (!date) return null
  return (
    <p className="notice notice-warning" role="note">
      The application date ({formatDate(date)}) is after today. Check it with the applicator before you submit the review: it goes into the application record, the season ledger, the PDF and the
      grower's report.
    </p>
  )
}

export function ApplicationInfo({ sheet }: { sheet: Sheet }) {
  return (
    <section className="sheet-section" aria-labelledby="pt-application-info">
      <h2 id="pt-application-info">Application Info</h2>
      <dl className="detail-list sheet-info">
        <Item label="Pre-Treat #">{sheet.number}</Item>
        <Item label="Status">{sheet.void ? `${sheet.statusLabel} (VOID)` : sheet.statusLabel}</Item>
        <Item label="Created">{`${formatDate(sheet.createdAt)} by ${sheet.createdBy}`}</Item>
        <Item label="Company">{sheet.company}</Item>
        <Item label="Storage">{sheet.storage}</Item>
        <Item label="GPS">{sheet.gps ? <GpsLink gps={sheet.gps} /> : null}</Item>
        <Item label="Billable Companies">{sheet.billables.join(', ')}</Item>
        <Item label="Recommended By">{sheet.recommendedBy}</Item>
        <Item label="Requested By">{sheet.requestedBy}</Item>
        <Item label="Destination">{sheet.destination}</Item>
        <Item label="Variety">{sheet.variety}</Item>
        <Item label="Treating For">{sheet.treatedFor}</Item>
        <Item label="Stock Type">{sheet.stockType}</Item>
        <Item label="Assigned To">{sheet.assignedTo ?? 'Unassigned'}</Item>
        <Item label="Notes">{sheet.notes}</Item>
        {sheet.void ? <Item label="Void Notes">{sheet.voidComments}</Item> : null}
      </dl>
    </section>
  )
}

export function ChemicalInfo({ sheet, ctx, withUsed }: { sheet: Sheet; ctx: FieldContext; withUsed: boolean }) {
  return (
    <section className="sheet-section" aria-labelledby="pt-chemical-info">
      <h2 id="pt-chemical-info">Chemical Info</h2>
      <dl className="detail-list sheet-info">
        <Item label="Application">{sheet.application}</Item>
        <Item label="Purge">{sheet.purge ? 'Yes' : 'No'}</Item>
        {sheet.reentry ? <Item label="Re-entry From">{reentryText(sheet.reentry)}</Item> : null}
      </dl>
      {sheet.doseWarnings.length > 0 ? (
        <div className="notice notice-warning" role="note">
          <strong>Dose check</strong>
          <ul>
            {sheet.doseWarnings.map((w) => (
              <li key={`${w.kind}-${w.message}`}>{w.message}</li>
            ))}
          </ul>
          {sheet.doseReason ? <p>Reason: {sheet.doseReason}</p> : null}
        </div>
      ) : null}
      {sheet.chemicals.length === 0 ? (
        <p className="muted">No chemicals on this pre-treat.</p>
      ) : (
        <ul className="chemical-lines" aria-label="Chemicals">
          {sheet.chemicals.map((line, i) => {
            const name = `chemicals[${i}].quantity_used`
            const id = fieldId(ctx.prefix, name)
            const messages = ctx.errors[name]
            const used = ctx.values[name] ?? ''
            return (
              <li key={line.id} className="chemical-line">
                <span className="chemical-line__name">
                  <strong>{line.product_name}</strong> {line.registration ? <span className="muted">{line.registration}</span> : null}
                </span>
                <span>CWT {Number(line.cwt).toLocaleString('en-US')}</span>
                <span>Requested {formatQuantity(line.quantity_requested === null ? null : Number(line.quantity_requested), line.units)}</span>
                {withUsed && !ctx.readOnly ? (
                  <span className="field">
                    <input type="hidden" name={`chemicals[${i}].id`} value={line.id} />
                    <label htmlFor={id}>Quantity Used ({line.units === 'other' ? 'units' : line.units})</label>
                    <input
                      id={id}
                      name={name}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step="any"
                      defaultValue={used}
                      aria-invalid={invalid(ctx, name) || undefined}
                      aria-describedby={[`${id}-hint`, messages?.length ? `${id}-error` : '', ctx.marked?.names.has(name) ? ctx.marked.by : ''].filter(Boolean).join(' ')}
                    />
                    <span className="hint" id={`${id}-hint`}>
                      {QUANTITY_USED_HINT}
                    </span>
                    {messages?.length ? (
                      <span className="field-error" id={`${id}-error`}>
                        {messages.join(' ')}
                      </span>
                    ) : null}
                  </span>
                ) : withUsed ? (
                  <span>Used {used ? formatQuantity(Number(used), line.units) : '—'}</span>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
