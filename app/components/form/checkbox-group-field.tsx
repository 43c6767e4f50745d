// Several choices ticked in one field (the sheet's service types), optionally with an 'Other'
// choice that reveals its own text field (spec §4: "Service type 'Other' reveals a required
// other-service field"). The reveal is CSS (:has), so it works without JavaScript; with it, the
// revealed field is also `required` in the browser. The schema requires it on both sides.
import { getCollectionProps } from '@conform-to/react'
import { useHydrated } from '../use-hydrated.ts'
import { FieldMessages, TextField, type AnyField } from './fields.tsx'

export function CheckboxGroupField({
  field,
  legend,
  options,
  other,
}: {
  field: AnyField
  legend: string
  options: readonly string[]
  /** the choice that reveals a text field, and that field */
  other?: { value: string; field: AnyField; label: string }
}) {
  const hydrated = useHydrated()
  const ticked = other ? [field.value ?? []].flat().includes(other.value) : false
  const messages = field.errors?.length ? field.errors : undefined
  return (
    <div className="choices">
      <fieldset className="field choices__group" aria-describedby={messages ? field.errorId : undefined}>
        <legend className="label">{legend}</legend>
        <div className="choices__options">
          {getCollectionProps(field, { type: 'checkbox', options: [...options], ariaAttributes: false }).map(({ key, ...props }) => (
            <label key={key} className="checkbox">
              <input {...props} className={props.value === other?.value ? 'choices__reveal' : undefined} />
              <span>{props.value}</span>
            </label>
          ))}
        </div>
        <FieldMessages field={field} messages={messages} />
      </fieldset>
      {other ? (
        <div className="choices__other">
          <TextField field={other.field} label={other.label} autoComplete="off" required={hydrated && ticked} hint={`Required when ${other.value} is ticked.`} />
        </div>
      ) : null}
    </div>
  )
}
