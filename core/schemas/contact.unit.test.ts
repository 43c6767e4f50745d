import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { formData, formErrors, type FormFields } from '#tests/support/forms.ts'
import { ContactSchema, formatPhone, normalizePhone } from './contact.ts'

const valid = {
  submission_id: '9b2f8a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b',
  company_id: '3',
  name: 'Wade Christensen',
  email: 'wade@example.com',
  notes: 'Owner.',
  contact_interval: '30',
}

const errorsOf = (fields: FormFields) => formErrors(ContactSchema, fields)

describe('ContactSchema', () => {
  it('reads a complete form; phone and role may be left empty', () => {
    const result = parseWithZod(formData(valid), { schema: ContactSchema })
    expect(result.status === 'success' && result.value).toEqual({ ...valid, company_id: 3, phone: '', role: '', active: false, receives_reports: false, contact_interval: 30 })
  })

  it('refuses each blank required field and a missing company', () => {
    const errors = errorsOf({ submission_id: valid.submission_id, name: '', email: ' ', notes: '', contact_interval: '0' })
    expect(errors.company_id).toEqual(['Choose a company from the list.'])
    expect(errors.name).toEqual(['Name is required.'])
    expect(errors.email).toEqual(['Email is required.'])
    expect(errors.notes).toEqual(['Notes are required.'])
  })

  it('refuses an e-mail that is not one', () => {
    for (const email of ['wade', 'wade@', '@example.com', 'wade@example', 'wade @example.com', 'a@b@example.com']) {
      expect(errorsOf({ ...valid, email }).email, email).toEqual(['Email must be an e-mail address, like name@example.com.'])
    }
  })

  it('refuses a phone with letters, or without 10 digits after +1', () => {
    for (const phone of ['208-555-CALL', '555-1000', '+1 208 555 10000', '+44 20 7946 0958', '2085551000x12']) {
      expect(errorsOf({ ...valid, phone }).phone, phone).toEqual(['Phone must be a 10-digit number, like (208) 555-1000.'])
    }
  })

  it('stores a phone as +1 and ten digits, however it was written, and shows it formatted', () => {
    for (const phone of ['(208) 555-1000', '208.555.1000', '+1 208 555 1000', '1-208-555-1000', '2085551000']) expect(normalizePhone(phone), phone).toBe('+12085551000')
    expect(formatPhone('+12085551000')).toBe('(208) 555-1000')
  })

  it('refuses negative and fractional contact intervals', () => {
    expect(errorsOf({ ...valid, contact_interval: '-3' }).contact_interval).toEqual(['Contact interval must be 0 or more.'])
    expect(errorsOf({ ...valid, contact_interval: '1.5' }).contact_interval).toEqual(['Contact interval must be a whole number.'])
  })

  it('names every problem at once, field by field', () => {
    const errors = errorsOf({ ...valid, name: '', email: 'nope', phone: 'abc' })
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'phone'])
  })
})
