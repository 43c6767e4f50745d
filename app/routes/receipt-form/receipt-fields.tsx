// The receipt itself, once its type is chosen: date, location, total, the type's block (Fuel: truck
// and mileage; Expenses: category, customer, event; Parts: customer, job, service sheet, all
// optional) and the required image. A receipt without an image is refused with the spec's image
// upload error in the Error modal: the server's answer without JavaScript (FileUpload shows it),
// the same check in the browser with it (shown here).
import { useState, type ReactNode } from 'react'
import { AppForm, recordSummary, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { ComboboxField } from '#app/components/form/combobox-field.tsx'
import { NumberField, SelectField, TextField } from '#app/components/form/fields.tsx'
import { useCsrfToken } from '#app/components/csrf.tsx'
import { Modal } from '#app/components/modal.tsx'
import { ImagesField } from '#app/components/form/images-field.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { EXPENSE_CATEGORIES, type ReceiptType } from '#core/enums.ts'
import { IMAGE_REQUIRED, ReceiptSchema, SHOW_JOBS_INTENT, TOTAL_STEP } from '#core/schemas/receipt.ts'
import type { LoaderData } from './data.server.ts'

/** A new receipt's form, one per type (its draft on the device is kept under it). */
export const receiptFormId = (type: ReceiptType) => `receipt-${type}`

export function ReceiptFields({ data, type, submissionId, imageIds }: { data: LoaderData; type: ReceiptType; submissionId: string; imageIds: string[] }) {
  const { correcting } = data
  const { form, fields, fetcher } = useAppForm(ReceiptSchema, {
    id: correcting ? `receipt-correct-${correcting.id}-v${correcting.version}` : receiptFormId(type),
    defaultValue: correcting ? { ...correcting.values, type, category: correcting.values.category as 'Food' } : { type, date: data.today, category: 'Food' },
  })
  const csrfToken = useCsrfToken()
  const imageError = useImageErrorModal(fields.images.errors)
  const hydrated = useHydrated()
  // once a customer is named exactly, the Job list offers only its jobs (without JavaScript: once posted back)
  const typedCustomer = typeof fields.customer.value === 'string' ? fields.customer.value.trim() : ''
  const customer = typedCustomer ? data.customers.find((c) => c.name === typedCustomer) : undefined
  const jobs = customer ? data.jobs.filter((j) => j.company_id === customer.id) : data.jobs
  return (
    <div onSubmitCapture={imageError.onSubmit}>
      <AppForm
        keepDraft={!correcting}
        form={form}
        fetcher={fetcher}
        submissionId={submissionId}
        encType="multipart/form-data"
        summary={recordSummary(type, fields.date.value, fields.total_amount.value ? `$${fields.total_amount.value}` : null)}
      >
        {correcting ? <input type="hidden" name="version" value={correcting.version} /> : null}
        {/* Enter presses the first submit button: Submit, not Show Their Jobs (only there without JavaScript). */}
        {type === 'Parts' && !hydrated ? <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" /> : null}
        <input type="hidden" name="type" value={type} />
        {fields.type.errors ? (
          <p className="notice notice-error" role="alert">
            {fields.type.errors.join(' ')}
          </p>
        ) : null}
        <div className="form-section">
          <TextField field={fields.date} label="Date" type="date" />
          <TextField field={fields.location} label="Location" autoComplete="off" />
          <NumberField field={fields.total_amount} label="Total" min={0} step={TOTAL_STEP} />
        </div>

        {type === 'Fuel' ? (
          <div className="form-section">
            <SelectField field={fields.truck_id} label="Truck" placeholder="Choose a truck" options={data.trucks.map((t) => ({ value: String(t.id), label: t.name }))} />
            <TextField field={fields.mileage} label="Mileage" type="number" inputMode="numeric" min={0} step={1} />
          </div>
        ) : null}

        {type === 'Expenses' ? (
          <div className="form-section">
            <SelectField field={fields.category} label="Category" options={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: c }))} />
            <ComboboxField field={fields.customer} label="Customer" options={data.customers.map((c) => ({ id: c.id, value: c.name }))} />
            <TextField field={fields.event} label="Event" autoComplete="off" />
          </div>
        ) : null}

        {type === 'Parts' ? (
          <div className="form-section">
            <ComboboxField field={fields.customer} label="Customer" hint="Optional" options={data.customers.map((c) => ({ id: c.id, value: c.name }))} />
            {hydrated ? null : (
              <div className="form-actions">
                <button type="submit" name="intent" value={SHOW_JOBS_INTENT} formNoValidate className="button button-secondary">
                  Show Their Jobs
                </button>
              </div>
            )}
            <ComboboxField
              field={fields.job}
              label="Job"
              hint={customer ? `Optional: the jobs of ${customer.name}` : 'Optional'}
              options={jobs.map((j) => ({ id: j.id, value: j.name, detail: j.company_name }))}
            />
            <TextField field={fields.service_sheet} label="Service Sheet" hint="Optional: the sheet's number" inputMode="numeric" autoComplete="off" />
          </div>
        ) : null}

        <ImagesField field={fields.images} area="receipts" csrfToken={csrfToken} label="Image" initialIds={imageIds} hint="A photo of the receipt (image files only)." />

        <SubmitRow fetcher={fetcher}>{correcting ? 'Save Correction' : 'Submit'}</SubmitRow>
      </AppForm>
      {imageError.modal}
    </div>
  )
}

/**
 * With JavaScript, a send refused in the browser for want of an image opens the spec's Error modal
 * (without it, the server's answer does, through FileUpload). Only a send counts, not conform's
 * checks as fields lose focus (those submit with a hidden button).
 */
function useImageErrorModal(errors: string[] | undefined) {
  const hydrated = useHydrated()
  const [sends, setSends] = useState(0)
  const [dismissed, setDismissed] = useState(0)
  const onSubmit = (event: React.FormEvent) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    if (!submitter?.hidden) setSends((n) => n + 1)
  }
  const open = hydrated && sends > dismissed && errors?.includes(IMAGE_REQUIRED)
  const close = () => setDismissed(sends)
  const modal: ReactNode = open ? (
    <Modal title="Error" onClose={close}>
      <p role="alert">{IMAGE_REQUIRED}</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={close}>
          OK
        </button>
      </div>
    </Modal>
  ) : null
  return { onSubmit, modal }
}
