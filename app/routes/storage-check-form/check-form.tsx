// The storage check itself, once its storage is chosen: date inspected, variety, cellar fill
// status, the readings (°F, %, hours), the four pile temperatures, images and notes.
import { AppForm, recordSummary, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { NumberField, SelectField, TextAreaField, TextField } from '#app/components/form/fields.tsx'
import { PlaceInputs } from '#app/components/form/place-picker.tsx'
import type { Place } from '#app/components/form/place.server.ts'
import { useCsrfToken } from '#app/components/csrf.tsx'
import { ImagesField } from '#app/components/form/images-field.tsx'
import { FILL_STATUSES, VARIETIES } from '#core/enums.ts'
import { READING_BOUNDS, StorageCheckSchema } from '#core/schemas/storage-check.ts'
import type { LoaderData } from './data.server.ts'

const PILES = ['pile1', 'pile2', 'pile3', 'pile4'] as const

/** `place` null: a check reopened from the outbox while its choice is refused; `storage` is the id its address names. */
export function CheckForm({ data, place, storage, submissionId, imageIds }: { data: LoaderData; place: Place | null; storage: string; submissionId: string; imageIds: string[] }) {
  const { correcting } = data
  const { form, fields, fetcher } = useAppForm(StorageCheckSchema, {
    id: correcting ? `storage-check-correct-${correcting.id}-v${correcting.version}` : `storage-check-${storage}`,
    defaultValue: correcting ? (correcting.values as never) : { date_inspected: data.today },
  })
  const csrfToken = useCsrfToken()
  const placeErrors = [fields.company_id, fields.storage_id].flatMap((f) => f.errors ?? [])
  const { temperature, humidity, runtime } = READING_BOUNDS
  return (
    <AppForm
      keepDraft={!correcting}
      form={form}
      fetcher={fetcher}
      submissionId={submissionId}
      encType="multipart/form-data"
      summary={recordSummary(place?.companyName, place?.storageName, fields.date_inspected.value)}
    >
      {correcting ? <input type="hidden" name="version" value={correcting.version} /> : null}
      <PlaceInputs place={place} errors={placeErrors} />
      <div className="form-section">
        <TextField field={fields.date_inspected} label="Date Inspected" type="date" />
        <SelectField field={fields.variety} label="Variety" options={VARIETIES} placeholder="Choose…" />
        <SelectField field={fields.fill_status} label="Cellar Fill Status" options={FILL_STATUSES} placeholder="Choose…" />
      </div>
      <fieldset className="form-section">
        <legend>Readings</legend>
        <NumberField field={fields.setpoint} label="Setpoint (°F)" min={temperature.min} max={temperature.max} step={temperature.step} hint="Optional" />
        <NumberField field={fields.runtime_hours} label="Runtime (hours)" min={runtime.min} max={runtime.max} step={runtime.step} hint="Optional" />
        <NumberField field={fields.plenum} label="Plenum Temperature (°F)" min={temperature.min} max={temperature.max} step={temperature.step} hint="Optional" />
        <NumberField field={fields.humidity} label="Humidity (%)" min={humidity.min} max={humidity.max} step={humidity.step} hint="Optional" />
      </fieldset>
      <fieldset className="form-section">
        <legend>Pile Temperatures</legend>
        {PILES.map((pile, i) => (
          <NumberField key={pile} field={fields[pile]} label={`Pile ${i + 1} (°F)`} min={temperature.min} max={temperature.max} step={temperature.step} hint="Optional" />
        ))}
      </fieldset>
      <ImagesField field={fields.images} area="storage_checks" csrfToken={csrfToken} label="Images" initialIds={imageIds} hint="Photos of the storage (image files only)." />
      <TextAreaField field={fields.notes} label="Notes" rows={5} />
      <SubmitRow fetcher={fetcher}>{correcting ? 'Save Correction' : 'Submit'}</SubmitRow>
    </AppForm>
  )
}
