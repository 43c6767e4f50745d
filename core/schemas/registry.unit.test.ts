import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { formData } from '#tests/support/forms.ts'
import { DestinationFormSchema, JobSchema, MessageFormSchema, shortListAction } from './registry.ts'

const submission_id = '9b2f8a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b'

describe('JobSchema', () => {
  it('reads a job: trimmed name, the chosen ids, Active as ticked', () => {
    const result = parseWithZod(formData({ submission_id, name: ' J-2026-040 ', company_id: '3', storage_id: '12', active: 'on' }), { schema: JobSchema })
    expect(result.status === 'success' && result.value).toEqual({ submission_id, name: 'J-2026-040', company_id: 3, storage_id: 12, notes: '', active: true })
  })

  it('refuses a blank name and a storage that is not an id', () => {
    const result = parseWithZod(formData({ submission_id, name: '  ', company_id: '3', storage_id: '0x1' }), { schema: JobSchema })
    expect(result.reply().error).toMatchObject({ name: ['Job name is required.'], storage_id: ["Choose one of this customer's storages."] })
  })
})

describe('a short list post', () => {
  it('needs a text to add or save, and nothing else to move or (de)activate', () => {
    expect(parseWithZod(formData({ intent: 'add', submission_id, text: ' ' }), { schema: DestinationFormSchema }).reply().error).toEqual({ text: ['Destination is required.'] })
    expect(parseWithZod(formData({ intent: 'save:4', text: '' }), { schema: MessageFormSchema }).reply().error).toEqual({ text: ['Message is required.'] })
    expect(parseWithZod(formData({ intent: 'up:4' }), { schema: DestinationFormSchema }).status).toBe('success')
    expect(parseWithZod(formData({ intent: 'deactivate:4', text: '' }), { schema: MessageFormSchema }).status).toBe('success')
  })

  it('refuses an intent it does not know, or one without its row', () => {
    for (const intent of ['delete:4', 'save', 'up:', 'up:4:5', 'add:4', 'up:1e3']) {
      expect(parseWithZod(formData({ intent, text: 'X' }), { schema: DestinationFormSchema }).status, intent).toBe('error')
    }
    expect(shortListAction('down:17')).toEqual({ kind: 'down', id: 17 })
    expect(shortListAction('add')).toEqual({ kind: 'add' })
  })
})
