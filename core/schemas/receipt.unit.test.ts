import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { formData, formErrors, type FormFields } from '#tests/support/forms.ts'
import { IMAGE_REQUIRED, ReceiptSchema } from './receipt.ts'

const IMAGE = '5c2e8a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b'

const base = {
  submission_id: '9b2f8a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b',
  date: '2026-11-20',
  location: ' Rexburg Maverik ',
  total_amount: '84.37',
  images: IMAGE,
}
const fuel = { ...base, type: 'Fuel', truck_id: '2', mileage: '120433' }
const expenses = { ...base, type: 'Expenses', category: 'Entertainment', customer: 'Snake River Farms', event: 'Grower dinner' }
const parts = { ...base, type: 'Parts' }

const errorsOf = (fields: FormFields) => formErrors(ReceiptSchema, fields)

function valueOf(fields: Record<string, string | string[]>) {
  const result = parseWithZod(formData(fields), { schema: ReceiptSchema })
  if (result.status !== 'success') throw new Error(`expected success: ${JSON.stringify(result.reply().error)}`)
  return result.value
}

describe('ReceiptSchema (the same schema in the browser and on the server)', () => {
  it('reads a receipt of each type with its block', () => {
    expect(valueOf(fuel)).toMatchObject({ type: 'Fuel', location: 'Rexburg Maverik', total_amount: 84.37, truck_id: 2, mileage: 120433, images: [IMAGE] })
    expect(valueOf(expenses)).toMatchObject({ type: 'Expenses', category: 'Entertainment', customer: 'Snake River Farms', event: 'Grower dinner' })
    expect(valueOf(parts)).toMatchObject({ type: 'Parts', customer: '', job: '' })
    expect(valueOf({ ...parts, customer: 'Snake River Farms', job: 'J-1042', service_sheet: '1007' })).toMatchObject({ job: 'J-1042', service_sheet: 1007 })
  })

  it('takes 0 and cents as totals, and refuses totals below 0 or off the 0.01 step', () => {
    expect(valueOf({ ...parts, total_amount: '0' }).total_amount).toBe(0)
    expect(valueOf({ ...parts, total_amount: '999999.99' }).total_amount).toBe(999999.99)
    expect(errorsOf({ ...parts, total_amount: '-0.01' }).total_amount).toEqual(['Total must be 0 or more.'])
    expect(errorsOf({ ...parts, total_amount: '12.345' }).total_amount).toEqual(['Total must be in steps of 0.01.'])
    expect(errorsOf({ ...parts, total_amount: '12,50' }).total_amount).toEqual(['Total must be a number, like 12 or 1.25.'])
  })

  it('refuses a mileage that is not a whole number of 0 or more', () => {
    expect(valueOf({ ...fuel, mileage: '0' }).mileage).toBe(0)
    expect(errorsOf({ ...fuel, mileage: '120433.5' }).mileage).toEqual(['Mileage must be a whole number.'])
    expect(errorsOf({ ...fuel, mileage: '-1' }).mileage).toEqual(['Mileage must be 0 or more.'])
    expect(errorsOf({ ...fuel, mileage: 'lots' }).mileage).toEqual(['Mileage must be a whole number.'])
  })

  it('refuses a truck, sheet or type that is not a choice of the page', () => {
    expect(errorsOf({ ...fuel, truck_id: 'truck 7' }).truck_id).toEqual(['Choose a truck from the list.'])
    expect(errorsOf({ ...parts, service_sheet: '#1007' }).service_sheet).toEqual(['Service sheet number must be a whole number.'])
    expect(errorsOf({ ...parts, service_sheet: '0' }).service_sheet).toEqual(['Service sheet number must be 1 or more.'])
    expect(errorsOf({ ...parts, type: 'Lunch' }).type).toEqual(['Choose a receipt type.'])
    expect(errorsOf({ ...expenses, category: 'Travel' }).category).toEqual(['Choose a category.'])
  })

  it("requires each type's block: Fuel a truck and mileage, Expenses a category, customer and event", () => {
    const fuelErrors = errorsOf({ ...base, type: 'Fuel' })
    expect(fuelErrors.truck_id).toEqual(['Choose a truck from the list.'])
    expect(fuelErrors.mileage).toEqual(['Mileage is required.'])
    const expenseErrors = errorsOf({ ...base, type: 'Expenses', event: '  ' })
    expect(expenseErrors.category).toEqual(['Choose a category.'])
    expect(expenseErrors.customer).toEqual(['Customer is required.'])
    expect(expenseErrors.event).toEqual(['Event is required.'])
  })

  it('requires type, date, location and total, each with its own message', () => {
    const errors = errorsOf({ submission_id: base.submission_id, images: IMAGE, location: ' ' })
    expect(errors.type).toEqual(['Choose a receipt type.'])
    expect(errors.date).toEqual(['Date must be a valid date.'])
    expect(errors.location).toEqual(['Location is required.'])
    expect(errors.total_amount).toEqual(['Total is required.'])
  })

  it("refuses a receipt without an image with the spec's upload error; an image uploaded by JavaScript counts", () => {
    const { images: _, ...withoutImage } = parts
    expect(errorsOf(withoutImage).images).toEqual([IMAGE_REQUIRED])
    expect(IMAGE_REQUIRED).toBe('Error while uploading images.  Please try again.')
    expect(valueOf({ ...withoutImage, images_ids: IMAGE }).images_ids).toEqual([IMAGE])
    // a photo kept on the device for the outbox counts in the browser (the server never sees the field)
    expect(valueOf({ ...withoutImage, images_local: IMAGE }).images_local).toEqual([IMAGE])
    expect(errorsOf({ ...parts, images: 'not-an-id' })['images[0]']).toEqual(['An image was not uploaded. Please add it again.'])
  })

  it('refuses control characters and overlong text', () => {
    expect(errorsOf({ ...parts, location: 'Rexburg\nMaverik' }).location).toEqual(['Location must be one line of text.'])
    expect(errorsOf({ ...expenses, event: 'x'.repeat(201) }).event).toEqual(['Event is too long (at most 200 characters).'])
  })
})
