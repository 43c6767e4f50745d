// The sheet's fields: plain named inputs (FormData-able, so the offline code can read and fill
// them), each labelled, with its message from conform (the browser's check or the server's reply).
// For a reader the same field shows its value as text: no input.
import type { ReactNode } from 'react'

export interface FieldContext {
  /** the form's values as it holds them (form-values.ts) */
  values: Record<string, string>
  /** conform's messages by field name */
  errors: Record<string, string[] | undefined>
  readOnly: boolean
  /** the id prefix, so the sheet's and the checklist's fields never share an id */
  prefix: string
  /** inputs a refused post named (refusal.tsx): aria-invalid, drawn in the danger colour, described by the message */
  marked?: { names: ReadonlySet<string>; by: string }
}

/** Whether a field shows as wrong: a message of its own, or named by the refusal. */
export const invalid = (ctx: FieldContext, name: string) => Boolean(ctx.errors[name]?.length || ctx.marked?.names.has(name))

interface Common {
  ctx: FieldContext
  name: string
  /** the field's name for screen readers and tests ('Pile Temp 1 Front (°F)') */
  label: string
  /** what shows when a group's legend says the rest ('Front' under 'Pile Temps 1 (°F)') */
  short?: string
  hint?: ReactNode
}

/** The id of a field's input (a Yes/No's fieldset): what a label, a message and a refusal's link point at. */
export function fieldId(prefix: string, name: string): string {
  const line = /^chemicals\[(\d+)\]\.quantity_used$/.exec(name)
  return line ? `${prefix}-used-${line[1]}` : `${prefix}-${name.replace(/[^a-z0-9_-]/gi, '-')}`
}

const idOf = (ctx: FieldContext, name: string) => fieldId(ctx.prefix, name)

function Shell({ ctx, name, label, short, hint, display, children }: Common & { display: string; children: (aria: Record<string, string | boolean | undefined>) => ReactNode }) {
  const id = idOf(ctx, name)
  const messages = ctx.errors[name]
  if (ctx.readOnly) {
    return (
      <div className="field field--read">
        <span className="field__label">{short ?? label}</span>
        <span className="field__value">{display || '—'}</span>
      </div>
    )
  }
  const describedBy = [messages?.length ? `${id}-error` : '', hint ? `${id}-hint` : '', ctx.marked?.names.has(name) ? ctx.marked.by : ''].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{short ?? label}</label>
      {children({ id, 'aria-label': short ? label : undefined, 'aria-invalid': invalid(ctx, name) || undefined, 'aria-describedby': describedBy || undefined })}
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {messages?.length ? (
        <p className="field-error" id={`${id}-error`}>
          {messages.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

export function TextInput({ type = 'text', maxLength = 200, ...props }: Common & { type?: 'text' | 'date' | 'time'; maxLength?: number }) {
  const value = props.ctx.values[props.name] ?? ''
  return (
    <Shell {...props} display={value}>
      {(aria) => <input {...aria} name={props.name} type={type} defaultValue={value} maxLength={type === 'text' ? maxLength : undefined} autoComplete="off" />}
    </Shell>
  )
}

export function NumberInput({ min, max, step = 'any', unit, ...props }: Common & { min?: number; max?: number; step?: number | 'any'; unit?: string }) {
  const value = props.ctx.values[props.name] ?? ''
  return (
    <Shell {...props} display={value && unit ? `${value} ${unit}` : value}>
      {(aria) => <input {...aria} name={props.name} type="number" inputMode="decimal" min={min} max={max} step={step} defaultValue={value} />}
    </Shell>
  )
}

export function TextArea(props: Common & { rows?: number }) {
  const value = props.ctx.values[props.name] ?? ''
  return (
    <Shell {...props} display={value}>
      {(aria) => <textarea {...aria} name={props.name} rows={props.rows ?? 3} maxLength={4000} defaultValue={value} />}
    </Shell>
  )
}

export type Option = string | { value: string; label: string }
const optionOf = (o: Option) => (typeof o === 'string' ? { value: o, label: o } : o)

export function Choice({ options, ...props }: Common & { options: readonly Option[] }) {
  const value = props.ctx.values[props.name] ?? ''
  const shown = options.map(optionOf).find((o) => o.value === value)?.label ?? value
  return (
    <Shell {...props} display={shown}>
      {(aria) => (
        <select {...aria} name={props.name} defaultValue={value}>
          <option value="">Choose…</option>
          {options.map(optionOf).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Shell>
  )
}

export const YES_NO_OPTIONS: readonly Option[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
]

/** A yes/no question as two radio buttons (the checklist's items): answered or not, never a default. */
export function YesNo({ ctx, name, label }: Common) {
  const value = ctx.values[name] ?? ''
  const messages = ctx.errors[name]
  if (ctx.readOnly) {
    return (
      <div className="field field--read">
        <span className="field__label">{label}</span>
        <span className="field__value">{value === 'yes' ? 'Yes' : value === 'no' ? 'No' : '—'}</span>
      </div>
    )
  }
  return (
    <fieldset id={idOf(ctx, name)} tabIndex={-1} className="yes-no" aria-invalid={invalid(ctx, name) || undefined} aria-describedby={ctx.marked?.names.has(name) ? ctx.marked.by : undefined}>
      <legend>{label}</legend>
      <label className="checkbox">
        <input type="radio" name={name} value="yes" defaultChecked={value === 'yes'} /> Yes
      </label>
      <label className="checkbox">
        <input type="radio" name={name} value="no" defaultChecked={value === 'no'} /> No
      </label>
      {messages?.length ? <p className="field-error">{messages.join(' ')}</p> : null}
    </fieldset>
  )
}
