// Labelled fields that show their conform errors beside them.
import { getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode } from 'react'

function FieldErrors({ field }: { field: FieldMetadata<any> }) {
  if (!field.errors?.length) return null
  return (
    <p className="field-error" id={field.errorId}>
      {field.errors.join(' ')}
    </p>
  )
}

type InputType = 'text' | 'date' | 'number' | 'email' | 'tel' | 'search'

export function TextField({ field, label, type = 'text', hint, ...rest }: { field: FieldMetadata<any>; label: string; type?: InputType; hint?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type, ariaAttributes: true })} {...rest} key={field.key} />
      {hint ? <span className="hint">{hint}</span> : null}
      <FieldErrors field={field} />
    </div>
  )
}

export function TextAreaField({ field, label, rows = 4 }: { field: FieldMetadata<any>; label: string; rows?: number }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea {...getTextareaProps(field, { ariaAttributes: true })} rows={rows} key={field.key} />
      <FieldErrors field={field} />
    </div>
  )
}

export function CheckboxField({ field, label }: { field: FieldMetadata<any>; label: string }) {
  return (
    <div className="field">
      <label className="checkbox" htmlFor={field.id}>
        <input {...getInputProps(field, { type: 'checkbox', ariaAttributes: true })} key={field.key} />
        {label}
      </label>
      <FieldErrors field={field} />
    </div>
  )
}
