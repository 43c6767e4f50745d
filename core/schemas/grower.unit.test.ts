import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { formData, formErrors, type FormFields } from '#tests/support/forms.ts'
import { GrowerSchema, normalizeWebsite } from './grower.ts'

const valid = {
  submission_id: '9b2f8a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b',
  company_name: ' Teton Valley Spuds ',
  qb_list_id: '80000123-1690200000',
  service_start: '2026-11-22',
  notes: 'New grower.',
  storage_check_interval: '30',
  contact_interval: '0',
}

const errorsOf = (fields: FormFields) => formErrors(GrowerSchema, fields)

describe('GrowerSchema', () => {
  it('reads a complete form: trimmed text, whole-day intervals, the checkbox, no website', () => {
    const result = parseWithZod(formData({ ...valid, active: 'on' }), { schema: GrowerSchema })
    expect(result.status === 'success' && result.value).toEqual({
      ...valid,
      company_name: 'Teton Valley Spuds',
      website: '',
      active: true,
      storage_check_interval: 30,
      contact_interval: 0,
    })
  })

  it('refuses each blank required field with its own message', () => {
    const errors = errorsOf({ submission_id: valid.submission_id, company_name: ' ', qb_list_id: '', notes: '', service_start: '', storage_check_interval: '', contact_interval: '' })
    expect(errors.company_name).toEqual(['Company name is required.'])
    expect(errors.qb_list_id).toEqual(['QuickBooks list id is required.'])
    expect(errors.notes).toEqual(['Notes are required.'])
    expect(errors.service_start).toEqual(['Service start must be a valid date.'])
    expect(errors.storage_check_interval).toEqual(['Storage check interval is required.'])
  })

  it('refuses a website that is not a web address', () => {
    for (const website of ['not a url', 'javascript:alert(1)', 'ftp://example.com', 'http://localhost', 'https://user:pw@example.com']) {
      expect(errorsOf({ ...valid, website }).website, website).toEqual(['Website must be a web address, like https://example.com.'])
    }
  })

  it('takes a website with or without its scheme', () => {
    expect(normalizeWebsite('tetonspuds.example')).toBe('https://tetonspuds.example/')
    expect(normalizeWebsite('http://www.tetonspuds.example/about')).toBe('http://www.tetonspuds.example/about')
    expect(normalizeWebsite('')).toBe('')
  })

  it('refuses negative and fractional intervals', () => {
    const errors = errorsOf({ ...valid, storage_check_interval: '-1', contact_interval: '2.5' })
    expect(errors.storage_check_interval).toEqual(['Storage check interval must be 0 or more.'])
    expect(errors.contact_interval).toEqual(['Contact interval must be a whole number.'])
  })

  it('refuses an edit of a company id that is not an id', () => {
    expect(errorsOf({ ...valid, company_id: 'abc' }).company_id).toEqual(['Choose a grower from the list.'])
  })
})

describe('GrowerSchema, every problem at once', () => {
  it('names a bad website beside a blank name', () => {
    const result = parseWithZod(formData({ ...valid, company_name: '', website: 'not a url' }), { schema: GrowerSchema })
    expect(Object.keys(result.reply().error ?? {}).sort()).toEqual(['company_name', 'website'])
  })
})
