// The service sheet itself, once its place is chosen: the spec's customer sheet form (service types,
// with 'Other' revealing its field) or job sheet form (service type N/A), hours, parts, photos,
// the call's description and the detailed notes.
import { AppForm, recordSummary, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { CheckboxGroupField } from '#app/components/form/checkbox-group-field.tsx'
import { NumberField, TextAreaField, TextField } from '#app/components/form/fields.tsx'
import { LineItemsField } from '#app/components/form/line-items.tsx'
import { partLines, pickName } from '#app/components/form/line-rules.ts'
import { PartPicker } from '#app/components/form/part-picker.tsx'
import { PlaceInputs } from '#app/components/form/place-picker.tsx'
import type { Place } from '#app/components/form/place.server.ts'
import { useCsrfToken } from '#app/components/csrf.tsx'
import { ImagesField } from '#app/components/form/images-field.tsx'
import { SERVICE_TYPES } from '#core/enums.ts'
import { ServiceSheetSchema } from '#core/schemas/service-sheet.ts'
import { HOURS_STEP } from '#core/service-hours.ts'
import type { PartOption } from '#db/queries/registry.ts'
import type { LoaderData } from './data.server.ts'

/** What the read-only Sheet Number says on a form opened from the device, where no number could be given yet. */
export const NUMBER_WHEN_SENT = 'Given when the sheet is sent'

/**
 * `sheetNumber` null: the form was opened with no signal (the server gives the number when the sheet
 * arrives), or reopened from the outbox while its choice is refused (`place` null; `path` the one its
 * address names).
 */
export function SheetForm({
  data,
  place,
  path,
  sheetNumber,
  submissionId,
  imageIds,
}: {
  data: LoaderData
  place: Place | null
  path: Place['path']
  sheetNumber: number | null
  submissionId: string
  imageIds: string[]
}) {
  const parts = partLines(data.parts)
  const { form, fields, fetcher } = useAppForm(ServiceSheetSchema, {
    id: `service-sheet-${sheetNumber ?? 'on-device'}`,
    defaultValue: { service_date: data.today, requested_by: data.call?.requestedBy ?? '', description: data.call?.description ?? '', [pickName('parts')]: parts.empty },
  })
  const csrfToken = useCsrfToken()
  const fromCall = data.call !== null
  const placeErrors = [fields.company_id, fields.storage_id, fields.job_id, fields.call_in_id, fields.sheet_number].flatMap((f) => f.errors ?? [])

  return (
    <AppForm
      keepDraft
      form={form}
      fetcher={fetcher}
      submissionId={submissionId}
      encType="multipart/form-data"
      className="form sheet-form"
      summary={recordSummary(place?.companyName, place?.storageName, fields.service_date.value)}
    >
      {/* The first submit button is the one Enter presses: Submit, not Add Part or Remove. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      {sheetNumber ? <input type="hidden" name="sheet_number" value={sheetNumber} /> : null}
      {data.call ? <input type="hidden" name="call_in_id" value={data.call.id} /> : null}
      <PlaceInputs place={place} errors={placeErrors} />

      <div className="form-section">
        <div className="field">
          <label htmlFor="sheet-number">Sheet Number</label>
          <input id="sheet-number" readOnly value={sheetNumber ?? NUMBER_WHEN_SENT} />
        </div>
        <TextField field={fields.service_date} label="Service Date" type="date" />
        <TextField field={fields.requested_by} label="Requested By" autoComplete="off" />
        <TextField field={fields.po_number} label="PO Number" autoComplete="off" hint="Optional" />
        <NumberField field={fields.travel_hours} label="Travel Hours" min={0} step={HOURS_STEP} />
        <NumberField field={fields.labor_hours} label="Labor Hours" min={0} step={HOURS_STEP} />
      </div>

      {path === 'job' ? (
        <div className="field">
          <label htmlFor="service-type">Service Type</label>
          <select id="service-type" disabled>
            <option>N/A</option>
          </select>
        </div>
      ) : (
        <CheckboxGroupField field={fields.service_rendered} legend="Service Type" options={SERVICE_TYPES} other={{ value: 'Other', field: fields.other_service, label: 'Other Service' }} />
      )}

      <LineItemsField
        form={form}
        field={fields.parts}
        kind={parts}
        legend="Parts"
        addLabel="Add Part"
        className="sheet-form__wide"
        renderPicker={(pick, problemOf) => <PartPicker pick={pick} parts={data.parts} problemOf={problemOf} />}
        renderLines={(lines) =>
          lines.length === 0 ? (
            <p className="muted">No parts added.</p>
          ) : (
            <ul className="parts-lines" aria-label="Parts on this sheet">
              {lines.map(({ key, index, fields: line, removeButton }) => {
                const part = partOf(data.parts, line.part_id!.initialValue)
                return (
                  <li key={key} className="parts-lines__line">
                    {(['part_id', 'quantity', 'description'] as const).map((name) => (
                      <input key={name} type="hidden" name={line[name]!.name} value={String(line[name]!.initialValue ?? '')} />
                    ))}
                    <span className="parts-lines__qty">{String(line.quantity!.initialValue ?? '')} ×</span>
                    <span className="parts-lines__part">
                      <strong>{part?.part_number ?? 'Unknown part'}</strong> {part?.description}
                      {line.description!.initialValue ? <span className="parts-lines__note">{String(line.description!.initialValue)}</span> : null}
                    </span>
                    <button {...removeButton} className="button button-secondary" aria-label={`Remove ${part?.part_number ?? 'part'} (line ${index + 1})`}>
                      Remove
                    </button>
                  </li>
                )
              })}
            </ul>
          )
        }
      />

      <ImagesField field={fields.images} className="sheet-form__wide" area="service" csrfToken={csrfToken} label="Images" initialIds={imageIds} hint="Photos of the work (image files only)." />

      <TextAreaField field={fields.description} label="Call Description" rows={3} readOnly={fromCall} hint={fromCall ? 'From the call.' : undefined} />
      <TextAreaField field={fields.notes} label="Detailed Notes" rows={5} />

      <SubmitRow fetcher={fetcher} />
    </AppForm>
  )
}

function partOf(parts: readonly PartOption[], id: unknown): PartOption | undefined {
  return parts.find((p) => String(p.id) === String(id))
}
