import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { formData } from '#tests/support/forms.ts'
import { CallInSchema } from './call-in.ts'

const valid = {
  submission_id: '9b2f8a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b',
  company_id: '3',
  storage_id: '7',
  requested_by: ' Dale ',
  call_in_date: '2026-11-20',
  description: 'Fan 3 rattles',
}

describe('CallInSchema (the same schema in the browser and on the server)', () => {
  it('reads a complete form: numbers, trimmed text, the checkbox', () => {
    const result = parseWithZod(formData({ ...valid, got_it: 'on', job_id: '4' }), { schema: CallInSchema })
    expect(result.status).toBe('success')
    expect(result.status === 'success' && result.value).toEqual({ ...valid, company_id: 3, storage_id: 7, job_id: 4, requested_by: 'Dale', got_it: true })
  })

  it('treats an unticked "I got it" as false and a missing job as none', () => {
    const result = parseWithZod(formData(valid), { schema: CallInSchema })
    if (result.status !== 'success') throw new Error('expected success')
    expect(result.value.got_it).toBe(false)
    expect(result.value.job_id).toBeUndefined()
  })

  it('gives each missing or malformed field its own message', () => {
    const result = parseWithZod(formData({ submission_id: valid.submission_id, company_id: 'abc', call_in_date: '11/20/2026', requested_by: '   ' }), { schema: CallInSchema })
    expect(result.status).toBe('error')
    const errors = result.reply().error ?? {}
    expect(errors.company_id).toEqual(['Choose a customer from the list.'])
    expect(errors.storage_id).toEqual(['Choose a storage.'])
    expect(errors.call_in_date).toEqual(['Call date must be a valid date.'])
    expect(errors.requested_by).toEqual(['Requested by is required.'])
    expect(errors.description).toEqual(['Reason for Service is required.'])
  })

  it('refuses dates outside 2000-01-01 to 2099-12-31, ids no column holds, and control characters', () => {
    const errorsOf = (fields: Record<string, string>) => {
      const result = parseWithZod(formData({ ...valid, ...fields }), { schema: CallInSchema })
      return result.status === 'error' ? result.error : {}
    }
    for (const call_in_date of ['0000-01-01', '1000-01-01', '9999-12-31']) {
      expect(errorsOf({ call_in_date })).toEqual({ call_in_date: [expect.stringMatching(/^Call date must be/)] })
    }
    expect(errorsOf({ storage_id: '99999999999999999999', company_id: '0x10' })).toEqual({ storage_id: ['Choose a storage.'], company_id: ['Choose a customer from the list.'] })
    expect(errorsOf({ requested_by: 'Dale\r\nJensen', description: 'Fan\0 3' })).toEqual({
      requested_by: ['Requested by must be one line of text.'],
      description: ['Reason for Service cannot contain control characters.'],
    })
  })

  it('refuses a form without a valid submission id (a resend must be recognisable)', () => {
    const result = parseWithZod(formData({ ...valid, submission_id: 'not-a-uuid' }), { schema: CallInSchema })
    expect(result.status).toBe('error')
  })
})
