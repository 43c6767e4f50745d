// Labelled fields bound to conform: each shows its messages beside it (from the shared zod schema,
// the server's reply, or `problem`, a message found in the page such as a line picker's refusal)
// and its hint, both tied to the input for screen readers.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type FormMetadata } from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode } from 'react'

// conform's field and form types are invariant in their form's schema: the kit takes any form's
/* eslint-disable @typescript-eslint/no-explicit-any -- that, in these two names only */
export type AnyField = FieldMetadata<any>
export type AnyForm = FormMetadata<any>
/* eslint-enable @typescript-eslint/no-explicit-any */
type Field = AnyField

function messagesOf(field: Field, problem: string | undefined): string[] | undefined {
  return field.errors?.length ? field.errors : problem ? [problem] : undefined
}

/** aria-invalid and aria-describedby for an input with these messages and hint. */
export function fieldAria(field: Field, messages: string[] | undefined, hasHint: boolean) {
  const describedBy = [messages ? field.errorId : '', hasHint ? `${field.id}-hint` : ''].filter(Boolean).join(' ')
  return { 'aria-invalid': messages ? true : undefined, 'aria-describedby': describedBy || undefined }
}

export function FieldMessages({ field, messages, hint }: { field: Field; messages: string[] | undefined; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <span className="hint" id={`${field.id}-hint`}>
          {hint}
        </span>
      ) : null}
      {messages ? (
        <p className="field-error" id={field.errorId}>
          {messages.join(' ')}
        </p>
      ) : null}
    </>
  )
}

type InputType = 'text' | 'date' | 'number' | 'email' | 'tel' | 'search'

export function TextField({
  field,
  label,
  type = 'text',
  hint,
  problem,
  ...rest
}: { field: Field; label: string; type?: InputType; hint?: ReactNode; problem?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const messages = messagesOf(field, problem)
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type, ariaAttributes: false })} {...fieldAria(field, messages, Boolean(hint))} {...rest} key={field.key} />
      <FieldMessages field={field} messages={messages} hint={hint} />
    </div>
  )
}

/**
 * A number typed as a plain decimal. `min`, `step` and `max` go into the HTML (the browser checks
 * them too); the schema checks them again.
 */
export function NumberField({ field, label, hint, problem, min, step, max }: { field: Field; label: string; hint?: ReactNode; problem?: string; min?: number; step?: number | 'any'; max?: number }) {
  return <TextField field={field} label={label} type="number" inputMode="decimal" min={min} step={step} max={max} hint={hint} problem={problem} />
}

/** `errorsAs`: what to show for the field's errors where the page says the rest beside it. */
export function TextAreaField({ field, label, rows = 4, hint, readOnly, errorsAs }: { field: Field; label: string; rows?: number; hint?: ReactNode; readOnly?: boolean; errorsAs?: string }) {
  const messages = field.errors?.length && errorsAs ? [errorsAs] : messagesOf(field, undefined)
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea {...getTextareaProps(field, { ariaAttributes: false })} {...fieldAria(field, messages, Boolean(hint))} rows={rows} readOnly={readOnly} key={field.key} />
      <FieldMessages field={field} messages={messages} hint={hint} />
    </div>
  )
}

export function CheckboxField({ field, label }: { field: Field; label: string }) {
  const messages = messagesOf(field, undefined)
  return (
    <div className="field">
      <label className="checkbox" htmlFor={field.id}>
        <input {...getInputProps(field, { type: 'checkbox', ariaAttributes: false })} {...fieldAria(field, messages, false)} key={field.key} />
        {label}
      </label>
      <FieldMessages field={field} messages={messages} />
    </div>
  )
}

export interface SelectOption {
  value: string
  label: string
}

/** A <select>: options as {value, label} or plain strings (value and label alike); `placeholder` is an empty first choice. */
export function SelectField({ field, label, options, placeholder, hint }: { field: Field; label: string; options: readonly (SelectOption | string)[]; placeholder?: string; hint?: ReactNode }) {
  const messages = messagesOf(field, undefined)
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select {...getSelectProps(field, { ariaAttributes: false })} {...fieldAria(field, messages, !!hint)} key={field.key}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => {
          const { value, label: text } = typeof o === 'string' ? { value: o, label: o } : o
          return (
            <option key={value} value={value}>
              {text}
            </option>
          )
        })}
      </select>
      <FieldMessages field={field} messages={messages} hint={hint} />
    </div>
  )
}

/** The Continue button of a step sent as a GET form (a picker's choice, a receipt's type). */
export function ContinueRow() {
  return (
    <div className="form-actions">
      <button type="submit" className="button button-secondary">
        Continue
      </button>
    </div>
  )
}
