// A refused Save, Save Checklist or Submit on the sheet (issue 19, items 13 and 14): the toast's
// message by the form's buttons, where the applicator just pressed, brought into view and focused
// (with JavaScript by an effect, without it by `autofocus`); the inputs it names marked (aria-invalid
// and the danger colour) until each is edited. It stays until the next answer: a message that went
// away as a field lost focus moved the page under the finger and the next tap missed (item 14).
// A field the server refused (a value out of bounds, a date after today) is named after the message
// with a link to it (#id, so without JavaScript too), and with JavaScript the first one is focused
// and brought into view instead: it may be 2,000 px above the buttons (issue 38, item 19).
import { useEffect, useRef, useState } from 'react'
import type { Refusal, SheetPart } from '#app/offline/sheet-offline.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { fieldId } from './sheet-fields.tsx'
import { fieldLabel } from './what-changed.tsx'

export type { Refusal }

/** A post's answer as the page's action gives it (data.server.ts SheetResult). */
type Answer = FormResult & { form?: SheetPart; missing?: string[] }

/** The refusal in a post's answer for `part`; null for a success, a failure of the server (its Error modal) or another form's answer. */
export function refusalOf(answer: Answer | undefined, part: SheetPart): Refusal | null {
  if (!answer || answer.status === 'success' || answer.outcome === 'error' || (answer.form ?? 'sheet') !== part) return null
  const message = answer.error?.['']?.[0]
  const errors = Object.fromEntries(Object.entries(answer.error ?? {}).flatMap(([name, messages]) => (name !== '' && messages?.length ? [[name, messages.join(' ')]] : [])))
  return message ? { message, errors, missing: answer.missing ?? [] } : null
}

/** conform keeps the fields' messages; the form's own message is the page's (RefusalNotice). */
export function withoutFormMessage<T extends Answer>(answer: T | undefined): T | undefined {
  if (!answer?.error || !('' in answer.error)) return answer
  const { '': _message, ...fields } = answer.error
  return { ...answer, error: fields }
}

/** The inputs the refusal names, less those edited since; `onEdit` goes on an element around the form. */
export function useMarks(refusal: Refusal | null) {
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set())
  useEffect(() => setEdited(new Set()), [refusal])
  const named = refusal ? [...refusal.missing, ...Object.keys(refusal.errors)] : []
  const marked: ReadonlySet<string> = new Set(named.filter((name) => !edited.has(name)))
  const onEdit = (event: { target: EventTarget }) => {
    const name = (event.target as HTMLInputElement).name
    if (name && marked.has(name)) setEdited((before) => new Set(before).add(name))
  }
  return { marked, onEdit }
}

/** The first of `ids` in the page's order that is in the page. */
function firstInPage(ids: readonly string[]): HTMLElement | null {
  const found = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null)
  return found.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0] ?? null
}

/** `prefix`: the form's field ids' (sheet-fields.tsx fieldId), for the links to the fields refused. */
export function RefusalNotice({ refusal, id, prefix }: { refusal: Refusal; id: string; prefix: string }) {
  const ref = useRef<HTMLParagraphElement>(null)
  const fields = Object.keys(refusal.errors).map((name) => ({ name, id: fieldId(prefix, name), label: fieldLabel(name) }))
  useEffect(() => {
    const target = firstInPage(fields.map((f) => f.id)) ?? ref.current
    target?.focus({ preventScroll: true })
    target?.scrollIntoView({ block: 'center' })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [refusal])
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the answer to the button just pressed; without JavaScript nothing else brings it into view
    <p ref={ref} id={id} className="notice notice-error sheet-refusal" role="alert" tabIndex={-1} autoFocus>
      {refusal.message}
      {fields.length > 0 ? (
        <>
          {' '}
          Check{' '}
          {fields.map((f, i) => (
            <span key={f.name}>
              {i > 0 ? ', ' : null}
              <a href={`#${f.id}`}>{f.label}</a>
            </span>
          ))}
          .
        </>
      ) : null}
    </p>
  )
}
