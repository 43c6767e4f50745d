// The first step of an admin Edit screen (/edit-job, /edit-truck, /edit-part, /edit-product,
// /edit-applicator): a record chosen by its whole name from suggestions, in a GET form (?name=…),
// so it works without JavaScript: the loader sends an exact name (case ignored) on to
// /edit-x/{id}, and says so when the text names nothing. With JavaScript an exact name goes on at
// once. The same markup as the CompanyPicker.
import { useNavigate } from '@remix-run/react'
import { Combobox, useServerText } from '#app/components/form/combobox-field.tsx'
import { PickerForm } from '#app/components/form/company-picker.tsx'

export interface RecordPickerData {
  options: { id: number; name: string; detail?: string }[]
  /** the text as typed */
  text: string
  /** why the text names nothing */
  problem?: string
}

/**
 * The loader's half: the record `text` names (its whole name, case ignored), to go on to, or the
 * picker's data with a message for a text that names nothing.
 */
export function pickRecord(options: RecordPickerData['options'], text: string, problem: string): { chosen: number } | { picker: RecordPickerData } {
  const wanted = text.trim().toLowerCase()
  const chosen = wanted ? options.find((o) => o.name.toLowerCase() === wanted) : undefined
  if (chosen) return { chosen: chosen.id }
  return { picker: { options, text: text.trim().slice(0, 200), problem: wanted ? problem : undefined } }
}

export function RecordPicker({ picker, action, label, legend }: { picker: RecordPickerData; action: string; label: string; legend: string }) {
  const navigate = useNavigate()
  // a new ?name= (the form sent again) shows what the server read
  const [text, setText] = useServerText(picker.text)
  const choose = (value: string) => {
    setText(value)
    const chosen = picker.options.find((o) => o.name.toLowerCase() === value.trim().toLowerCase())
    if (chosen) navigate(`${action}/${chosen.id}`)
  }
  const options = picker.options.map((o) => ({ id: o.id, value: o.name, detail: o.detail }))
  return (
    <PickerForm action={action} legend={legend}>
      <Combobox id="record-name" label={label} name="name" options={options} value={text} onChange={choose} problem={picker.problem} hint="Type a name from the list." />
    </PickerForm>
  )
}
