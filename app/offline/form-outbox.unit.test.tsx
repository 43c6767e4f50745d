import { useForm } from '@conform-to/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { TextAreaField } from '../components/form/fields.tsx'
import { fieldOfErrorId } from './form-outbox.ts'

/** A refused form as the server renders it: the field kit's message under `notes`, the form's own above. */
function RefusedForm() {
  const [form, fields] = useForm<{ notes: string }>({
    id: 'storage-check-21',
    lastResult: { status: 'error', error: { notes: ['Notes are too long.'], '': ['Changed by someone else.'] }, state: { validated: { notes: true, '': true } } },
  })
  return (
    <form id={form.id}>
      <p className="notice notice-error" id={form.errorId}>
        {form.errors?.join(' ')}
      </p>
      <TextAreaField field={fields.notes} label="Notes" hint="Optional" />
    </form>
  )
}

describe('a refused page’s messages, read back by field', () => {
  it('the field kit’s message names its field; the form’s own message and a hint name none', () => {
    const html = renderToString(<RefusedForm />)
    const ids = Array.from(html.matchAll(/ id="([^"]+)"/g), (match) => match[1]!)
    const messageId = /<p class="field-error" id="([^"]+)">Notes are too long\.<\/p>/.exec(html)?.[1]
    expect(messageId).toBeDefined()
    expect(fieldOfErrorId('storage-check-21', messageId!)).toBe('notes')
    const others = ids.filter((id) => id !== messageId)
    expect(others.length).toBeGreaterThan(0)
    for (const id of others) expect(fieldOfErrorId('storage-check-21', id)).toBeNull()
  })
})
