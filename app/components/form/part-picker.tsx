// The parts picker's fields (the spec's "Parts picker": a part from the parts list, a quantity, a
// custom description for special parts), for a LineItemsField of kind partLines (line-rules.ts).
// The sheet form and the review editor use this one.
import { QUANTITY_MIN } from '#core/schemas/service-sheet.ts'
import type { PartOption } from '#db/queries/registry.ts'
import { ComboboxField } from './combobox-field.tsx'
import { NumberField, TextField, type AnyField } from './fields.tsx'

export function PartPicker({ pick, parts, problemOf }: { pick: Record<string, AnyField>; parts: readonly PartOption[]; problemOf: (name: string) => string | undefined }) {
  const picked = parts.find((p) => p.part_number === String(pick.part!.value ?? '').trim())
  return (
    <>
      <ComboboxField
        field={pick.part!}
        label="Part Number"
        options={parts.map((p) => ({ id: p.id, value: p.part_number, detail: p.description }))}
        hint={picked ? `${picked.description}${picked.is_special ? ' (special: describe it below)' : ''}` : 'Choose a part number from the parts list.'}
        problem={problemOf('part')}
      />
      <NumberField field={pick.quantity!} label="Quantity" min={QUANTITY_MIN} step="any" problem={problemOf('quantity')} />
      <TextField field={pick.description!} label="Part Description" autoComplete="off" hint="Needed for special parts." problem={problemOf('description')} />
    </>
  )
}
