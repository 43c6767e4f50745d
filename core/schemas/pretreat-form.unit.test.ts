import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { PRETREAT_FORM_MESSAGES, PretreatFormSchema } from './pretreat-form.ts'

const valid: [string, string][] = [
  ['submission_id', '9b2f8a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b'],
  ['company_id', '3'],
  ['storage_id', '7'],
  ['recommended_by', '2'],
  ['requested_by', 'other'],
  ['other_name', 'Dale Jensen'],
  ['destination', 'Lamb Weston'],
  ['variety', 'Russet - Process'],
  ['treated_for', 'Sprouting'],
  ['stock_type', 'Process'],
  ['application_id', '4'],
  ['cwt', '12,500'],
  ['chemicals[0].product_id', '9'],
  ['chemicals[0].cwt', '12,500'],
  ['chemicals[0].quantity_requested', '207.5'],
  ['application_notes', 'Fog through the plenum.'],
]

function read(changes: Record<string, string | string[] | null> = {}) {
  const form = new FormData()
  for (const [name, value] of valid) if (!(name in changes)) form.append(name, value)
  for (const [name, value] of Object.entries(changes)) for (const v of value === null ? [] : [value].flat()) form.append(name, v)
  return parseWithZod(form, { schema: PretreatFormSchema })
}

const errorsOf = (changes: Record<string, string | string[] | null>) => {
  const result = read(changes)
  return result.status === 'success' ? {} : result.error
}

describe('PretreatFormSchema', () => {
  it('reads a complete form: ids as numbers, the billable companies as a list, the chemical line', () => {
    const result = read({ bill_to: ['5', '6'], purge: 'on' })
    if (result.status !== 'success') throw new Error(JSON.stringify(result.error))
    expect(result.value).toMatchObject({
      company_id: 3,
      bill_to: [5, 6],
      application_id: 4,
      cwt: '12,500',
      purge: true,
      void: false,
      chemicals: [{ product_id: 9, cwt: '12,500', quantity_requested: 207.5 }],
    })
  })

  it('reads one billable company as a list of one', () => {
    const result = read({ bill_to: '5' })
    expect(result.status === 'success' && result.value.bill_to).toEqual([5])
  })

  it('refuses a cwt below 100 or not a number', () => {
    for (const cwt of ['99', '99.99', 'abc', '1e3', '12.5.0', '-500', '']) {
      expect(errorsOf({ cwt })?.cwt, cwt).toEqual([cwt === '' ? 'CWT is required.' : PRETREAT_FORM_MESSAGES.cwt])
    }
    expect(errorsOf({ cwt: '100' })?.cwt).toBeUndefined()
  })

  it('refuses a second product', () => {
    expect(errorsOf({ application_id: ['4', '5'] })?.application_id).toEqual([PRETREAT_FORM_MESSAGES.product])
  })

  it('refuses a pre-treat without a product or chemicals', () => {
    expect(errorsOf({ application_id: null })?.application_id).toEqual([PRETREAT_FORM_MESSAGES.product])
    const none = errorsOf({ 'chemicals[0].product_id': null, 'chemicals[0].cwt': null, 'chemicals[0].quantity_requested': null })
    expect(none?.chemicals).toEqual([PRETREAT_FORM_MESSAGES.chemicals])
  })

  it('refuses a billable company added twice, and the owner as a billable company', () => {
    expect(errorsOf({ bill_to: ['5', '5'] })?.bill_to).toEqual([PRETREAT_FORM_MESSAGES.billToTwice])
    expect(errorsOf({ bill_to: ['3'] })?.bill_to).toEqual([PRETREAT_FORM_MESSAGES.billToOwner])
  })

  it('refuses void without notes', () => {
    expect(errorsOf({ void: 'on' })?.void_comments).toEqual([PRETREAT_FORM_MESSAGES.voidNotes])
    expect(errorsOf({ void: 'on', void_comments: '   ' })?.void_comments).toEqual([PRETREAT_FORM_MESSAGES.voidNotes])
    expect(read({ void: 'on', void_comments: 'Grower sold the pile.' }).status).toBe('success')
  })

  it('asks for the other name when Requested By is Other, and for the required fields', () => {
    expect(errorsOf({ other_name: '' })?.other_name).toEqual([PRETREAT_FORM_MESSAGES.otherName])
    expect(read({ requested_by: '12', other_name: '' }).status).toBe('success')
    const missing = errorsOf({ company_id: null, storage_id: null, recommended_by: null, requested_by: null, variety: null, application_notes: null })
    expect(missing).toMatchObject({
      company_id: [PRETREAT_FORM_MESSAGES.company],
      storage_id: [PRETREAT_FORM_MESSAGES.storage],
      recommended_by: [PRETREAT_FORM_MESSAGES.recommendedBy],
      requested_by: [PRETREAT_FORM_MESSAGES.requestedBy],
      variety: ['Choose a variety.'],
      application_notes: ['Notes are required.'],
    })
  })

  it('requires a destination: the application sheet needs one and its applicator cannot set it (decision 0049)', () => {
    expect(errorsOf({ destination: null })?.destination).toEqual(['Destination is required.'])
    expect(errorsOf({ destination: '  ' })?.destination).toEqual(['Destination is required.'])
    expect(errorsOf({ destination: 'Simplot' })?.destination).toBeUndefined()
  })

  it('refuses a quantity that is not a number', () => {
    expect(errorsOf({ 'chemicals[0].quantity_requested': '12 gal' })?.['chemicals[0].quantity_requested']).toEqual(['Quantity must be a number, like 12 or 1.25.'])
  })
})
