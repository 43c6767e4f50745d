// Reading and filling a plain form from a flat { name: value } map (browser only).
import { valuesOf, type FormValues } from './draft-record.ts'

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

function fields(form: HTMLFormElement): Field[] {
  return [...form.elements].filter((el): el is Field => (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) && el.name !== '')
}

export function readForm(form: HTMLFormElement): FormValues {
  return valuesOf(new FormData(form))
}

/**
 * Puts `values` into the form. Written through the element's own value setter and announced with
 * input/change events, so a field React controls takes the value too. A checkbox or radio is
 * checked when its value is the one in the map (FormData leaves an unchecked box out).
 */
export function fillForm(form: HTMLFormElement, values: FormValues): void {
  for (const field of fields(form)) {
    if (field.type === 'hidden' || field.type === 'submit' || field.type === 'button' || field.type === 'file') continue
    if (!(field.name in values) && field.type !== 'checkbox' && field.type !== 'radio') continue
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      const checked = values[field.name] === field.value
      if (field.checked === checked) continue
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(field, checked)
    } else {
      const value = values[field.name] ?? ''
      if (field.value === value) continue
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value)
    }
    field.dispatchEvent(new Event('input', { bubbles: true }))
    field.dispatchEvent(new Event('change', { bubbles: true }))
  }
}

/** A hidden input's value (version, submission_id), set the same way. */
export function setHidden(form: HTMLFormElement, name: string, value: string): void {
  const input = form.elements.namedItem(name)
  if (input instanceof HTMLInputElement) input.value = value
}

export function hiddenValue(form: HTMLFormElement, name: string): string {
  const input = form.elements.namedItem(name)
  return input instanceof HTMLInputElement ? input.value : ''
}

/** The words a person sees beside a field: its label, else its name. */
export function fieldLabel(form: HTMLFormElement, name: string): string {
  const field = fields(form).find((f) => f.name === name)
  const label = field?.labels?.[0]?.textContent?.trim()
  return label || name
}
