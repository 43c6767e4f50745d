import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { formData } from '#tests/support/forms.ts'
import { partLineProblem, quantityProblem, ServiceSheetSchema } from './service-sheet.ts'

const valid = {
  submission_id: '9b2f8a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b',
  sheet_number: '1001',
  company_id: '3',
  storage_id: '7',
  requested_by: ' Dale ',
  service_rendered: 'Fan',
  service_date: '2026-11-20',
  travel_hours: '1.25',
  labor_hours: '0',
  description: 'Fan 3 rattles',
  notes: 'Replaced the belt',
}

const errorsOf = (fields: Record<string, string | string[]>) => {
  const result = parseWithZod(formData(fields), { schema: ServiceSheetSchema })
  return result.status === 'error' ? result.error : {}
}

describe('ServiceSheetSchema (the same schema in the browser and on the server)', () => {
  it('reads a complete form: numbers, trimmed text, one or more service types, part lines, images', () => {
    const result = parseWithZod(
      formData({
        ...valid,
        service_rendered: ['Fan', 'Doors'],
        'parts[0].part_id': '5',
        'parts[0].quantity': '2',
        'parts[1].part_id': '9',
        'parts[1].quantity': '1',
        'parts[1].description': 'Hinge',
        images: '0c1d2e3f-4a5b-4e5f-8a9b-9b2f8a4e3c1d',
      }),
      { schema: ServiceSheetSchema },
    )
    if (result.status !== 'success') throw new Error(JSON.stringify(result.error))
    expect(result.value).toMatchObject({
      sheet_number: 1001,
      company_id: 3,
      requested_by: 'Dale',
      po_number: '',
      service_rendered: ['Fan', 'Doors'],
      travel_hours: 1.25,
      labor_hours: 0,
      parts: [
        { part_id: 5, quantity: 2, description: '' },
        { part_id: 9, quantity: 1, description: 'Hinge' },
      ],
      images: ['0c1d2e3f-4a5b-4e5f-8a9b-9b2f8a4e3c1d'],
    })
  })

  it('refuses hours below 0, off the 0.25 step, or missing', () => {
    expect(errorsOf({ ...valid, travel_hours: '-1', labor_hours: '1.1' })).toEqual({ travel_hours: ['Travel hours must be 0 or more.'], labor_hours: ['Labor hours must be in steps of 0.25.'] })
    expect(errorsOf({ ...valid, travel_hours: '' })).toEqual({ travel_hours: ['Travel hours are required.'] })
  })

  it('reads hours only as plain decimals: 0x10 is not 16, 1e1 is not 10', () => {
    for (const text of ['0x10', '1e1', 'Infinity', '1e309']) {
      expect(errorsOf({ ...valid, travel_hours: text }), text).toEqual({ travel_hours: ['Travel hours must be a number, like 12 or 1.25.'] })
    }
    expect(errorsOf({ ...valid, labor_hours: '100000' })).toEqual({ labor_hours: ['Labor hours must be 99,999 or less.'] })
    expect(errorsOf({ ...valid, 'parts[0].part_id': '5', 'parts[0].quantity': '0x10' })).toEqual({ 'parts[0].quantity': ['Quantity must be a number, like 12 or 1.25.'] })
  })

  it('refuses a service date outside 2000-01-01 to 2099-12-31', () => {
    expect(errorsOf({ ...valid, service_date: '1000-01-01' })).toEqual({ service_date: ['Service date must be between 2000-01-01 and 2099-12-31.'] })
    expect(errorsOf({ ...valid, service_date: '9999-12-31' })).toEqual({ service_date: ['Service date must be between 2000-01-01 and 2099-12-31.'] })
  })

  it('needs a service type on a customer sheet, none on a job sheet, and the other service when Other is ticked', () => {
    const { service_rendered: _, ...noType } = valid
    expect(errorsOf(noType)).toEqual({ service_rendered: ['Choose at least one service type.'] })
    expect(errorsOf({ ...noType, job_id: '4' })).toEqual({})
    expect(errorsOf({ ...valid, service_rendered: ['Fan', 'Other'], requested_by: '' })).toEqual({ requested_by: ['Requested by is required.'], other_service: ['Describe the other service.'] })
    expect(errorsOf({ ...valid, service_rendered: 'Plumbing' })).toHaveProperty(['service_rendered[0]'])
  })

  it('requires the call description and the detailed notes; the PO number is optional', () => {
    expect(errorsOf({ ...valid, description: ' ', notes: '' })).toEqual({ description: ['Call Description is required.'], notes: ['Detailed notes are required.'] })
  })

  it('refuses a line with quantity 0 or no part', () => {
    expect(errorsOf({ ...valid, 'parts[0].part_id': '5', 'parts[0].quantity': '0', 'parts[1].part_id': '', 'parts[1].quantity': '1' })).toEqual({
      'parts[0].quantity': ['Quantity must be above 0.'],
      'parts[1].part_id': ['Choose a part from the parts list.'],
    })
  })
})

describe('the parts picker rule', () => {
  it('quantity: above 0, at least 1, two decimals at most', () => {
    expect(quantityProblem(0)).toBe('Quantity must be above 0.')
    expect(quantityProblem(Number.NaN)).toBe('Quantity must be above 0.')
    expect(quantityProblem(0.5)).toBe('Quantity must be at least 1.')
    expect(quantityProblem(1.005)).toBe('Quantity can have at most two decimals.')
    expect(quantityProblem(1)).toBeNull()
    expect(quantityProblem(12.5)).toBeNull()
  })

  it('refuses a part not in the list, and a special part without a description', () => {
    expect(partLineProblem(undefined, 1, '')).toEqual({ field: 'part', message: 'Choose a part from the parts list.' })
    expect(partLineProblem({ is_special: false }, 0, '')).toEqual({ field: 'quantity', message: 'Quantity must be above 0.' })
    expect(partLineProblem({ is_special: true }, 1, ' ')).toEqual({ field: 'description', message: 'A special part needs a description.' })
    expect(partLineProblem({ is_special: true }, 1, 'Door hinge')).toBeNull()
  })
})
