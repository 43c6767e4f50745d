// The fields that choose where work happens, shared by the call form, the sheet form and the
// review editor's 'Select Service Details':
// - AutocompleteField: a text field with suggestions (<input list> + <datalist>); it works without
//   JavaScript, and the server accepts only a text that exactly matches a known name (spec §5);
// - StorageSelect: one customer's storages.
// `problem` is the server's message about what was sent.
import type { ChangeEvent, ReactNode } from 'react'

export interface AutocompleteOption {
  id: number | string
  value: string
  /** extra text the browser shows beside the suggestion */
  detail?: ReactNode
}

export function AutocompleteField({
  id,
  label,
  name,
  options,
  value,
  readOnly,
  onChange,
  problem,
  hint,
}: {
  id: string
  label: string
  /** undefined: the field is shown but not sent */
  name: string | undefined
  options: readonly AutocompleteOption[]
  value: string
  readOnly?: boolean
  onChange: (text: string) => void
  problem?: string
  hint?: ReactNode
}) {
  const listId = `${id}-options`
  const problemId = `${id}-problem`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        list={listId}
        autoComplete="off"
        value={value}
        readOnly={readOnly}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
      />
      <datalist id={listId}>
        {options.map((o) => (
          <option key={o.id} value={o.value}>
            {o.detail}
          </option>
        ))}
      </datalist>
      {problem ? (
        <p className="field-error" id={problemId}>
          {problem}
        </p>
      ) : null}
      {hint ? <span className="hint">{hint}</span> : null}
    </div>
  )
}

/** A customer's storages to choose from ('Choose a storage' first), with the server's message. */
export function StorageSelect({
  id = 'storage',
  name = 'storage',
  storages,
  defaultValue,
  onChange,
  problem,
}: {
  id?: string
  name?: string
  storages: readonly { id: number; name: string }[]
  defaultValue: string
  onChange?: (storageId: string) => void
  problem?: string
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Storage</label>
      <select id={id} name={name} defaultValue={defaultValue} onChange={onChange ? (e) => onChange(e.target.value) : undefined} aria-invalid={problem ? true : undefined}>
        <option value="">Choose a storage</option>
        {storages.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      {problem ? <p className="field-error">{problem}</p> : null}
    </div>
  )
}
