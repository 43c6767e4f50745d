// LineItemsField: a list of lines in a form (parts today, chemicals next), with a picker and Add.
// The lines are a conform list field, posted as {list}[i].{field}. With JavaScript, Add checks the
// picker with the list's LineKind and inserts the line in the page, and Remove takes it out; without
// JavaScript both buttons post the form (intent add-line / remove-line) and applyLineIntent
// (line-items.server.ts) answers with the same form, the list changed. The page lays the lines out
// (renderLines) and the picker's fields (renderPicker); this component owns the rest.
//   <LineItemsField form={form} field={fields.parts} kind={partLines(parts)} legend="Parts" addLabel="Add Part"
//     renderPicker={(pick, problemOf) => <PartPicker …/>} renderLines={(lines) => <ul>…</ul>} />
import type { FieldMetadata } from '@conform-to/react'
import { useState, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react'
import { lineIntent, pickName, type LineKind, type LineValues } from './line-rules.ts'
import type { AnyField, AnyForm } from './fields.tsx'

type Fieldset = Record<string, AnyField>

export interface LineItem {
  key: string
  index: number
  /** the line's fields (conform metadata): render them as hidden inputs or as cells to edit */
  fields: Fieldset
  /** props for the line's Remove button */
  removeButton: ButtonHTMLAttributes<HTMLButtonElement>
}

/** The picked values, read from the form as the browser would post them. */
function pickedValues(formId: string, pick: string): LineValues {
  const element = document.forms.namedItem(formId)
  const values: LineValues = {}
  if (!element) return values
  for (const [name, value] of new FormData(element)) {
    if (name.startsWith(`${pick}.`) && typeof value === 'string') values[name.slice(pick.length + 1)] = value
  }
  return values
}

export function LineItemsField({
  form,
  field,
  kind,
  legend,
  addLabel,
  renderPicker,
  renderLines,
  className,
  readOnly = false,
}: {
  form: AnyForm
  field: AnyField
  kind: LineKind
  legend: string
  addLabel: string
  /** the picker's fields; `problemOf(name)` is the refusal found in the page for that field */
  renderPicker: (pick: Fieldset, problemOf: (name: string) => string | undefined) => ReactNode
  renderLines: (lines: LineItem[]) => ReactNode
  className?: string
  /** the lines are shown only: no picker, no Add */
  readOnly?: boolean
}) {
  const pick = pickName(field.name)
  const list = field as unknown as FieldMetadata<LineValues[]>
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null)

  const add = (event: MouseEvent) => {
    event.preventDefault()
    const choice = kind.toLine(pickedValues(form.id, pick))
    setProblem(choice.problem ?? null)
    if (!choice.line) return
    form.insert({ name: field.name, defaultValue: choice.line as never })
    form.update({ name: pick, value: kind.empty as never })
  }
  const lines: LineItem[] = list.getFieldList().map((line, index) => ({
    key: line.key ?? `${index}`,
    index,
    fields: line.getFieldset() as Fieldset,
    removeButton: {
      type: 'submit',
      name: 'intent',
      value: lineIntent.remove(field.name, index),
      formNoValidate: true,
      onClick: (event: MouseEvent) => {
        event.preventDefault()
        form.remove({ name: field.name, index })
      },
    },
  }))
  // the lines' own messages from a refused submit, as "Line n: …"
  const lineErrors = Object.entries(field.allErrors ?? {}).map(([name, messages]) => {
    const line = new RegExp(`^${field.name}\\[(\\d+)\\]`).exec(name)
    return line ? `Line ${Number(line[1]) + 1}: ${messages.join(' ')}` : messages.join(' ')
  })

  return (
    <fieldset className={['line-items', className].filter(Boolean).join(' ')}>
      <legend>{legend}</legend>
      {renderLines(lines)}
      {lineErrors.length > 0 ? (
        <p className="field-error" role="alert">
          {lineErrors.join(' ')}
        </p>
      ) : null}
      {readOnly ? null : (
        <>
          <div className="line-items__pick">
            {renderPicker((form.getFieldset()[pick] as FieldMetadata<LineValues>).getFieldset() as Fieldset, (name) => (problem?.field === name ? problem.message : undefined))}
          </div>
          <div className="form-actions">
            <button type="submit" name="intent" value={lineIntent.add(field.name)} formNoValidate className="button button-secondary" onClick={add}>
              {addLabel}
            </button>
          </div>
        </>
      )}
    </fieldset>
  )
}
