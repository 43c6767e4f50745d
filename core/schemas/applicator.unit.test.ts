import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { formData } from '#tests/support/forms.ts'
import { APPLICATOR_MESSAGES, ApplicatorSchema, licenceHoldsOn, licenseStatus } from './applicator.ts'

const id = '9b2f8a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b'

describe('licenseStatus', () => {
  it('is Expired after the day, Expires soon within 30 days, else Valid', () => {
    expect(licenseStatus('2026-11-21', '2026-11-22')).toBe('Expired')
    expect(licenseStatus('2026-11-22', '2026-11-22')).toBe('Expires soon')
    expect(licenseStatus('2026-12-22', '2026-11-22')).toBe('Expires soon')
    expect(licenseStatus('2026-12-23', '2026-11-22')).toBe('Valid')
    expect(licenseStatus(null, '2026-11-22')).toBe('No expiration')
  })
})

describe('ApplicatorSchema', () => {
  it('reads a new applicator: a user, a license and an expiration in the future', () => {
    const result = parseWithZod(formData({ submission_id: id, user_id: '12', license: ' ID-PA-1 ', expiration: '2098-12-31', active: 'on' }), { schema: ApplicatorSchema })
    expect(result.status === 'success' && result.value).toEqual({ submission_id: id, user_id: 12, license: 'ID-PA-1', expiration: '2098-12-31', active: true })
  })

  it('refuses a new applicator without a user or with an expiration in the past, and keeps an edit with one', () => {
    const result = parseWithZod(formData({ submission_id: id, license: 'ID-PA-1', expiration: '2001-01-01' }), { schema: ApplicatorSchema })
    expect(result.status === 'error' && result.reply().error).toEqual({ user_id: [APPLICATOR_MESSAGES.user], expiration: [APPLICATOR_MESSAGES.pastExpiration] })
    const edit = parseWithZod(formData({ submission_id: id, applicator_id: '4', license: 'ID-PA-1', expiration: '2001-01-01' }), { schema: ApplicatorSchema })
    expect(edit.status).toBe('success')
  })
})

describe('licenceHoldsOn (the pre-treat form and the assign select: licence on the day)', () => {
  const on = (license: string, expiration: string | null, day = '2026-11-23') => licenceHoldsOn({ license, expiration }, day)
  it('holds with a licence number and an expiration on or after the day', () => {
    expect(on('ID-PA-1', '2026-11-23')).toBe(true)
    expect(on('ID-PA-1', '2027-06-30')).toBe(true)
  })
  it('does not hold once expired before the day, nor without a number or an expiration', () => {
    expect(on('ID-PA-1', '2026-11-22')).toBe(false)
    expect(on('ID-PA-1', '2026-12-31', '2027-01-04')).toBe(false)
    expect(on('  ', '2027-06-30')).toBe(false)
    expect(on('ID-PA-1', null)).toBe(false)
  })
})
