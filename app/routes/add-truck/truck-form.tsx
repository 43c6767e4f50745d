// The truck form of Add Truck and Edit Truck: make, model, number and Active.
import { AppForm, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { CheckboxField, TextField } from '#app/components/form/fields.tsx'
import { TruckSchema } from '#core/schemas/registry.ts'
import type { TruckRecord } from '#db/queries/registry.ts'

export function TruckForm({ data }: { data: { truck: TruckRecord | null; submissionId: string } }) {
  const { truck } = data
  const { form, fields, fetcher } = useAppForm(TruckSchema, {
    id: truck ? `truck-${truck.id}` : 'truck-new',
    defaultValue: truck ? { make: truck.make, model: truck.model, number: truck.number, active: truck.active } : { active: true },
  })
  return (
    <div className="form-page">
      <AppForm form={form} fetcher={fetcher} submissionId={data.submissionId}>
        <div className="form-section">
          <TextField field={fields.number} label="Truck Number" autoComplete="off" />
          <TextField field={fields.make} label="Make" autoComplete="off" />
          <TextField field={fields.model} label="Model" autoComplete="off" />
        </div>
        <CheckboxField field={fields.active} label="Active" />
        <SubmitRow fetcher={fetcher} />
      </AppForm>
    </div>
  )
}
