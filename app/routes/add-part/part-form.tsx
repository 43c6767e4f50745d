// The part form of Add Part and Edit Part: part number, description, Special (the service sheet
// then asks for a custom description of each line) and Active.
import { AppForm, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { CheckboxField, TextField } from '#app/components/form/fields.tsx'
import { PartSchema } from '#core/schemas/registry.ts'
import type { PartRecord } from '#db/queries/registry.ts'

export function PartForm({ data }: { data: { part: PartRecord | null; submissionId: string } }) {
  const { part } = data
  const { form, fields, fetcher } = useAppForm(PartSchema, {
    id: part ? `part-${part.id}` : 'part-new',
    defaultValue: part ? { part_number: part.part_number, description: part.description, is_special: part.is_special, active: part.active } : { active: true },
  })
  return (
    <div className="form-page">
      <AppForm form={form} fetcher={fetcher} submissionId={data.submissionId}>
        <div className="form-section">
          <TextField field={fields.part_number} label="Part Number" autoComplete="off" />
          <TextField field={fields.description} label="Description" autoComplete="off" />
        </div>
        <CheckboxField field={fields.is_special} label="Special (needs a custom description on sheets)" />
        <CheckboxField field={fields.active} label="Active" />
        <SubmitRow fetcher={fetcher} />
      </AppForm>
    </div>
  )
}
