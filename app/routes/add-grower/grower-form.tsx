// The grower form of Add Grower and Edit Grower: the same fields, schema and save (spec §2: "Add
// Grower and Edit Grower use one save call"). Edit adds the company's id and the version it read.
import { getInputProps } from '@conform-to/react'
import { AppForm, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { CheckboxField, NumberField, TextAreaField, TextField } from '#app/components/form/fields.tsx'
import type { GrowerRecord } from '#db/queries/companies.ts'
import { DEFAULT_CONTACT_INTERVAL, DEFAULT_STORAGE_CHECK_INTERVAL, GrowerSchema, INTERVAL_MAX_DAYS } from '#core/schemas/grower.ts'

export function GrowerForm({ grower, today, submissionId }: { grower: GrowerRecord | null; today: string; submissionId: string }) {
  const { form, fields, fetcher } = useAppForm(GrowerSchema, {
    // a new form for each grower (picking another one shows its values)
    id: grower ? `grower-${grower.id}` : 'grower-new',
    defaultValue: grower
      ? { ...grower, service_start: grower.service_start ?? '', company_id: grower.id }
      : { service_start: today, active: true, storage_check_interval: DEFAULT_STORAGE_CHECK_INTERVAL, contact_interval: DEFAULT_CONTACT_INTERVAL },
  })
  return (
    <AppForm form={form} fetcher={fetcher} submissionId={submissionId}>
      {grower ? (
        <>
          <input type="hidden" name="company_id" value={grower.id} />
          {/* the version this form was read at, kept through a refused save (not the page's newer
              one), so a save over someone else's stays refused until the page is read again */}
          <input {...getInputProps(fields.version, { type: 'hidden' })} key={fields.version.key} />
        </>
      ) : null}
      <div className="form-section">
        <TextField field={fields.company_name} label="Company Name" autoComplete="off" />
        <TextField field={fields.qb_list_id} label="QuickBooks List ID" autoComplete="off" />
        <TextField field={fields.website} label="Website" inputMode="url" autoComplete="off" hint="Optional, e.g. https://example.com" />
        <TextField field={fields.service_start} label="Service Start" type="date" />
        <NumberField field={fields.storage_check_interval} label="Storage Check Interval (days)" min={0} max={INTERVAL_MAX_DAYS} step={1} />
        <NumberField field={fields.contact_interval} label="Contact Interval (days)" min={0} max={INTERVAL_MAX_DAYS} step={1} hint="The default of its new contacts (0: no follow-up reminders)" />
      </div>
      <CheckboxField field={fields.active} label="Active" />
      <TextAreaField field={fields.notes} label="Notes" />
      <SubmitRow fetcher={fetcher} />
    </AppForm>
  )
}
