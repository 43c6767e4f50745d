// A text field with suggestions: <input list> + <datalist>, so it works without JavaScript; the
// server accepts only a text that exactly matches a known name (spec §5: "Autocomplete choices take
// effect only when the text exactly matches a known name").
// - ComboboxField: bound to a conform field of an AppForm (its name, value and messages);
// - Combobox: the same field driven by hand, for GET forms such as the PlacePicker's. On a slow
//   phone a person types before the page's script has loaded: the Combobox hands what the input
//   holds to the page when the script takes over (onChange), so nothing typed is lost, and its
//   page keeps the server's text only until then (useServerText).
import { getInputProps } from '@conform-to/react'
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { FieldMessages, fieldAria, type AnyField } from './fields.tsx'

export interface ComboboxOption {
  id: number | string
  value: string
  /** extra text the browser shows beside the suggestion */
  detail?: ReactNode
}

function Suggestions({ id, options }: { id: string; options: readonly ComboboxOption[] }) {
  return (
    <datalist id={id}>
      {options.map((o) => (
        <option key={o.id} value={o.value}>
          {o.detail}
        </option>
      ))}
    </datalist>
  )
}

export function ComboboxField({
  field,
  label,
  options,
  hint,
  problem,
  ...rest
}: { field: AnyField; label: string; options: readonly ComboboxOption[]; hint?: ReactNode; problem?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'list'>) {
  const messages = field.errors?.length ? field.errors : problem ? [problem] : undefined
  const listId = `${field.id}-options`
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type: 'text', ariaAttributes: false })} {...fieldAria(field, messages, Boolean(hint))} list={listId} autoComplete="off" {...rest} key={field.key} />
      <Suggestions id={listId} options={options} />
      <FieldMessages field={field} messages={messages} hint={hint} />
    </div>
  )
}

/** `name` undefined: the field is shown but not sent. `problem`: the server's message about what was sent. */
export function Combobox({
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
  name: string | undefined
  options: readonly ComboboxOption[]
  value: string
  readOnly?: boolean
  onChange: (text: string) => void
  problem?: string
  hint?: ReactNode
}) {
  const problemId = `${id}-problem`
  const hintId = `${id}-hint`
  const input = useRef<HTMLInputElement>(null)
  // Once, when the script takes over: text typed before it loaded is in the input only (React keeps
  // it on hydration, then would put the page's value back): hand it to the page as if typed now.
  useEffect(() => {
    const typed = input.current?.value
    if (!readOnly && typed !== undefined && typed !== value) onChange(typed)
  }, []) // eslint-disable-line react-hooks/exhaustive-deps
  const describedBy = [problem ? problemId : '', hint ? hintId : ''].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        name={name}
        list={readOnly ? undefined : `${id}-options`}
        autoComplete="off"
        value={value}
        readOnly={readOnly}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {readOnly ? null : <Suggestions id={`${id}-options`} options={options} />}
      {problem ? (
        <p className="field-error" id={problemId}>
          {problem}
        </p>
      ) : null}
      {hint ? (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      ) : null}
    </div>
  )
}

/**
 * A hand-driven Combobox's text: the server's at first, and the server's again whenever it sends a
 * new one (a new page: a chosen name as the list spells it, a step back). Not on hydration: then
 * the Combobox hands over what was typed before the script loaded, which must not be overwritten.
 */
export function useServerText(serverText: string): [string, (text: string) => void] {
  const [text, setText] = useState(serverText)
  useAfterMount(() => setText(serverText), [serverText])
  return [text, setText]
}

/** useEffect that skips the first render (hydration): for effects that follow a value as it changes. */
export function useAfterMount(effect: () => void, deps: readonly unknown[]) {
  const mounted = useRef(false)
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true
      return
    }
    effect()
  }, deps) // eslint-disable-line react-hooks/exhaustive-deps
}
