import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { ReviewSchema, ServiceDetailsSchema } from './review.ts'

function errorsOf(schema: typeof ReviewSchema | typeof ServiceDetailsSchema, fields: Record<string, string>) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  const result = parseWithZod(form, { schema })
  return result.status === 'error' ? result.error : {}
}

const valid = { intent: 'save', version: '3', travel_hours: '1.5', labor_hours: '2', nc_travel: '0', nc_labor: '0.25', comments: 'Checked.' }

describe('ReviewSchema (the same schema in the browser and on the server)', () => {
  it('reads a valid review', () => {
    expect(errorsOf(ReviewSchema, valid)).toEqual({})
  })

  it('refuses comments with a NUL, hours that are not plain decimals, and a version no column holds', () => {
    expect(errorsOf(ReviewSchema, { ...valid, comments: 'Fine\0', labor_hours: '0x10', version: '99999999999' })).toEqual({
      comments: ['Comments cannot contain control characters.'],
      labor_hours: ['Labor hours must be a number, like 12 or 1.25.'],
      version: ['Version must be 2,147,483,647 or less.'],
    })
  })

  it('refuses a name with control characters in Select Service Details', () => {
    expect(errorsOf(ServiceDetailsSchema, { intent: 'details', version: '1', company: 'Aberdeen\0Acres', job: 'J-1\r\nX' })).toEqual({
      company: ['Customer must be one line of text.'],
      job: ['Job number must be one line of text.'],
    })
  })
})
