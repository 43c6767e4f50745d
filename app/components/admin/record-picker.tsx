// The first step of /edit-job, /edit-truck and /edit-part (copy of the CompanyPicker): a text field
// with every record as a suggestion, in a GET form, so it works without JavaScript (Continue sends
// ?name=…, the loader goes on to /edit-x/{id}). With JavaScript an exact name goes on at once.
import { Form, useNavigate } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { Combobox } from '#app/components/form/combobox-field.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import type { RecordPickerData } from './record-picker.server.ts'

export function RecordPicker({ picker, action, label, legend, editPath }: { picker: RecordPickerData; action: string; label: string; legend: string; editPath: string }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [text, setText] = useState(picker.text)
  useEffect(() => setText(picker.text), [picker.text])
  const choose = (value: string) => {
    setText(value)
    const wanted = value.trim().toLowerCase()
    const record = picker.options.find((o) => o.name.toLowerCase() === wanted)
    if (record) navigate(`${editPath}/${record.id}`)
  }
  return (
    <Form method="get" action={action} className="form company-picker" aria-label={legend}>
      <fieldset className="stage">
        <legend>{legend}</legend>
        <Combobox
          id="name"
          label={label}
          name="name"
          options={picker.options.map((o) => ({ id: o.id, value: o.name }))}
          value={text}
          onChange={choose}
          problem={picker.problem}
          hint="Type a name from the list."
        />
        {hydrated ? null : (
          <div className="form-actions">
            <button type="submit" className="button button-secondary">
              Continue
            </button>
          </div>
        )}
      </fieldset>
    </Form>
  )
}
