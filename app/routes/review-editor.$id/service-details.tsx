// 'Select Service Details' (?details=1): the sheet's customer and storage, or its job, changed with
// the PlacePicker; without a job, its service types too. Apply posts the choice by name and the
// action resolves it again (place.server.ts) before changeServiceDetails.
import { Link, useLocation } from '@remix-run/react'
import { AppForm, SubmitButton, useAppForm } from '#app/components/form/app-form.tsx'
import { CheckboxGroupField } from '#app/components/form/checkbox-group-field.tsx'
import { PlaceErrors, PlacePicker, usePlacePicker } from '#app/components/form/place-picker.tsx'
import type { PlacePickerData } from '#app/components/form/place.server.ts'
import { Modal } from '#app/components/modal.tsx'
import { SERVICE_TYPES } from '#core/enums.ts'
import { ServiceDetailsSchema } from '#core/schemas/review.ts'
import type { LoaderData } from './data.server.ts'

export function ServiceDetailsModal({ data, picker: pickerData }: { data: LoaderData; picker: PlacePickerData }) {
  const { pathname } = useLocation()
  const picker = usePlacePicker(pickerData, { keep: { details: '1' } })
  const { form, fields, fetcher } = useAppForm(ServiceDetailsSchema, {
    id: 'service-details',
    defaultValue: { service_rendered: data.sheet.service_rendered, other_service: data.sheet.other_service },
  })
  const place = picker.place
  const placeErrors = [fields.company, fields.storage_id, fields.job].flatMap((f) => f.errors ?? [])
  return (
    <Modal title="Select Service Details" closeTo={pathname}>
      <PlacePicker picker={picker} />
      {place ? (
        <AppForm form={form} fetcher={fetcher} submissionId={`details-${data.review.id}-${data.review.version}`} className="form service-details">
          <input type="hidden" name="intent" value="details" />
          <input type="hidden" name="version" value={data.review.version} />
          <input type="hidden" name="company" value={place.companyName} />
          <input type="hidden" name="storage_id" value={place.storageId} />
          {place.jobName ? <input type="hidden" name="job" value={place.jobName} /> : null}
          <PlaceErrors errors={placeErrors} />
          <p>
            Move the sheet to {place.companyName}, {place.storageName}
            {place.jobName ? `, job ${place.jobName}` : ''}.
          </p>
          {place.jobName ? null : (
            <CheckboxGroupField field={fields.service_rendered} legend="Service Type" options={SERVICE_TYPES} other={{ value: 'Other', field: fields.other_service, label: 'Other Service' }} />
          )}
          <div className="form-actions">
            <Link to={pathname} className="button button-secondary">
              Cancel
            </Link>
            <SubmitButton fetcher={fetcher}>Apply</SubmitButton>
          </div>
        </AppForm>
      ) : (
        <p className="muted">Choose a customer and one of its storages, or a job number.</p>
      )}
    </Modal>
  )
}
