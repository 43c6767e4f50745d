import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { formData } from '#tests/support/forms.ts'
import { InteractionSchema } from './interaction.ts'

const submission_id = '9b2f8a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b'

describe('InteractionSchema', () => {
  it('reads a contact and multi-line notes', () => {
    const result = parseWithZod(formData({ submission_id, contact_id: '12', notes: 'Called about fan 3.\nWill visit Monday.' }), { schema: InteractionSchema })
    expect(result.status === 'success' && result.value).toEqual({ submission_id, contact_id: 12, notes: 'Called about fan 3.\nWill visit Monday.' })
  })

  it('refuses a missing contact and blank notes', () => {
    const result = parseWithZod(formData({ submission_id, contact_id: '', notes: '  ' }), { schema: InteractionSchema })
    const errors = result.reply().error ?? {}
    expect(errors.contact_id).toEqual(['Choose a contact.'])
    expect(errors.notes).toEqual(['Notes are required.'])
  })

  it('refuses a contact that is not an id', () => {
    for (const contact_id of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      const result = parseWithZod(formData({ submission_id, contact_id, notes: 'x' }), { schema: InteractionSchema })
      expect(result.reply().error?.contact_id, contact_id).toEqual(['Choose a contact.'])
    }
  })
})
