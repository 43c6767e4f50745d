import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { formData, formErrors, type FormFields } from '#tests/support/forms.ts'
import { StorageCheckSchema } from './storage-check.ts'

const valid = {
  submission_id: '9b2f8a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b',
  company_id: '3',
  storage_id: '7',
  date_inspected: '2026-11-20',
  variety: 'Russet - Process',
  fill_status: '3/4 Full',
  notes: 'Pile looks good',
}

const errorsOf = (fields: FormFields) => formErrors(StorageCheckSchema, fields)

describe('StorageCheckSchema (the same schema in the browser and on the server)', () => {
  it('reads a complete check: ids, readings as numbers, trimmed notes', () => {
    const result = parseWithZod(
      formData({ ...valid, notes: ' Pile looks good ', setpoint: '45', runtime_hours: '12.5', plenum: '44.2', humidity: '95', pile1: '46.1', pile2: '-3', pile3: '0', pile4: '150' }),
      { schema: StorageCheckSchema },
    )
    expect(result.status).toBe('success')
    expect(result.status === 'success' && result.value).toEqual({
      ...valid,
      company_id: 3,
      storage_id: 7,
      setpoint: 45,
      runtime_hours: 12.5,
      plenum: 44.2,
      humidity: 95,
      pile1: 46.1,
      pile2: -3,
      pile3: 0,
      pile4: 150,
      images: [],
    })
  })

  it('leaves readings left blank out (they are optional)', () => {
    const result = parseWithZod(formData({ ...valid, humidity: '', pile1: '' }), { schema: StorageCheckSchema })
    if (result.status !== 'success') throw new Error('expected success')
    expect(result.value.humidity).toBeUndefined()
    expect(result.value.pile1).toBeUndefined()
  })

  it('gives each blank required field its own message', () => {
    const errors = errorsOf({ submission_id: valid.submission_id, notes: '   ' })
    expect(errors.company_id).toEqual(['Choose an owner from the list.'])
    expect(errors.storage_id).toEqual(['Choose a storage.'])
    expect(errors.date_inspected).toEqual(['Date inspected must be a valid date.'])
    expect(errors.variety).toEqual(['Choose a variety from the list.'])
    expect(errors.fill_status).toEqual(['Choose a fill status from the list.'])
    expect(errors.notes).toEqual(['Notes are required.'])
  })

  it('refuses a variety or fill status that is not one of the spec’s', () => {
    const errors = errorsOf({ ...valid, variety: 'Purple', fill_status: '2/3 Full' })
    expect(errors.variety).toEqual(['Choose a variety from the list.'])
    expect(errors.fill_status).toEqual(['Choose a fill status from the list.'])
  })

  it('refuses an owner or storage that is not an id', () => {
    const errors = errorsOf({ ...valid, company_id: 'Snake River Farms', storage_id: '-4' })
    expect(errors.company_id).toEqual(['Choose an owner from the list.'])
    expect(errors.storage_id).toEqual(['Choose a storage.'])
  })

  it('refuses readings out of bounds: humidity 0–100, temperatures −40…150 °F, runtime from 0', () => {
    const errors = errorsOf({ ...valid, humidity: '100.5', plenum: '-41', pile2: '151', runtime_hours: '-1' })
    expect(errors.humidity).toEqual(['Humidity must be 100 or less.'])
    expect(errors.plenum).toEqual(['Plenum temperature must be -40 or more.'])
    expect(errors.pile2).toEqual(['Pile 2 temperature must be 150 or less.'])
    expect(errors.runtime_hours).toEqual(['Runtime hours must be 0 or more.'])
    expect(errorsOf({ ...valid, humidity: '-0.5' }).humidity).toEqual(['Humidity must be 0 or more.'])
  })

  it('refuses text in a number, and numbers with more than two decimals', () => {
    const errors = errorsOf({ ...valid, setpoint: 'forty', pile1: '1e3', pile3: '0x10', pile4: '45.123' })
    expect(errors.setpoint).toEqual(['Setpoint must be a number, like 12 or 1.25.'])
    expect(errors.pile1).toEqual(['Pile 1 temperature must be a number, like 12 or 1.25.'])
    expect(errors.pile3).toEqual(['Pile 3 temperature must be a number, like 12 or 1.25.'])
    expect(errors.pile4).toEqual(['Pile 4 temperature must be in steps of 0.01.'])
  })

  it('refuses a date outside the window and notes with control characters', () => {
    const errors = errorsOf({ ...valid, date_inspected: '1999-12-31', notes: 'a\0b' })
    expect(errors.date_inspected?.[0]).toMatch(/^Date inspected must be /)
    expect(errors.notes).toEqual(['Notes cannot contain control characters.'])
  })
})
