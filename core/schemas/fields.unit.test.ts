import fs from 'node:fs'
import path from 'node:path'
import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { BUILT, date, decimal, id, multiLineText, oneLineText, wholeNumber } from './fields.ts'

/** How conform reads one field named `value` from a form (the same in the browser and on the server). */
function read(schema: z.ZodType, value: string) {
  const form = new FormData()
  form.set('value', value)
  const result = parseWithZod(form, { schema: z.object({ value: schema }) })
  return result.status === 'success' ? { value: result.value.value } : { errors: result.error?.value }
}

describe('decimal: plain decimals only, inside their bounds', () => {
  const amount = decimal('Amount', { min: 0, max: 1000, step: 0.25 })

  it('reads plain decimals', () => {
    expect(read(amount, '12')).toEqual({ value: 12 })
    expect(read(amount, ' 1.25 ')).toEqual({ value: 1.25 })
    expect(read(amount, '.5')).toEqual({ value: 0.5 })
    expect(read(amount, '0')).toEqual({ value: 0 })
  })

  it('refuses what Number() would have read: hex, exponents, Infinity, NaN, blanks, separators', () => {
    for (const text of ['0x10', '1e3', '1e309', 'Infinity', '-Infinity', 'NaN', '1,5', '1 000', '12abc', '0b1', '+-1', '1.', '']) {
      expect(read(amount, text), text).toEqual({ errors: [text === '' ? 'Amount is required.' : 'Amount must be a number, like 12 or 1.25.'] })
    }
    expect(read(amount, '   ')).toEqual({ errors: ['Amount is required.'] })
    expect(read(amount, '9'.repeat(40))).toEqual({ errors: ['Amount must be a number, like 12 or 1.25.'] })
  })

  it('gives one message for a value out of bounds, and one for a value off the step', () => {
    expect(read(amount, '-1')).toEqual({ errors: ['Amount must be 0 or more.'] })
    expect(read(amount, '1000.25')).toEqual({ errors: ['Amount must be 1,000 or less.'] })
    expect(read(amount, '1.1')).toEqual({ errors: ['Amount must be in steps of 0.25.'] })
  })

  it("takes a domain rule instead of bounds, with that rule's messages", () => {
    const even = decimal('Count', (n) => (n % 2 === 0 ? null : 'Count must be even.'))
    expect(read(even, '4')).toEqual({ value: 4 })
    expect(read(even, '3')).toEqual({ errors: ['Count must be even.'] })
    expect(read(even, '0x10')).toEqual({ errors: ['Count must be a number, like 12 or 1.25.'] })
  })
})

describe('whole numbers and ids', () => {
  it('reads whole numbers in their bounds, and nothing else', () => {
    const version = wholeNumber('Version', { min: 1 })
    expect(read(version, '3')).toEqual({ value: 3 })
    expect(read(version, '1.5')).toEqual({ errors: ['Version must be a whole number.'] })
    expect(read(version, '0x10')).toEqual({ errors: ['Version must be a whole number.'] })
    expect(read(version, '0')).toEqual({ errors: ['Version must be 1 or more.'] })
    expect(read(version, '2147483648')).toEqual({ errors: ['Version must be 2,147,483,647 or less.'] })
  })

  it('gives an id one message for anything but a whole number from 1 that a bigint column holds', () => {
    const storage = id('Choose a storage.')
    expect(read(storage, '7')).toEqual({ value: 7 })
    for (const text of ['', '0', '-1', '1.0', '1e3', '0x10', '99999999999999999999', 'seven', '7\0']) {
      expect(read(storage, text), text).toEqual({ errors: ['Choose a storage.'] })
    }
  })
})

describe('dates: real yyyy-mm-dd dates from 2000-01-01 to 2099-12-31', () => {
  const day = date('Call date')

  it('takes the dates of the window, its first and last day included', () => {
    expect(read(day, '2026-11-20')).toEqual({ value: '2026-11-20' })
    expect(read(day, '2000-01-01')).toEqual({ value: '2000-01-01' })
    expect(read(day, '2099-12-31')).toEqual({ value: '2099-12-31' })
  })

  it('refuses dates outside the window, and what is not a real date', () => {
    for (const text of ['1000-01-01', '9999-12-31', '1999-12-31', '2100-01-01']) {
      expect(read(day, text), text).toEqual({ errors: ['Call date must be between 2000-01-01 and 2099-12-31.'] })
    }
    for (const text of ['0000-01-01', '2025-02-30', '11/20/2026', '20261120', '2026-11-20T00:00', '+02026-11-20']) {
      expect(read(day, text), text).toEqual({ errors: ['Call date must be a valid date.'] })
    }
  })
})

describe('text: capped, trimmed, no control characters', () => {
  it('one line: refuses NUL, CR, LF and tab', () => {
    const name = oneLineText('Requested by')
    expect(read(name, '  Dale Jensen ')).toEqual({ value: 'Dale Jensen' })
    expect(read(name, "🥔 <script> O'Brien \u202E")).toEqual({ value: "🥔 <script> O'Brien \u202E" })
    for (const text of ['Dale\0', 'Dale\r\nSet-Cookie: x=1', 'Da\tle', 'Da\x1ble', 'Da\x7fle']) {
      expect(read(name, text), JSON.stringify(text)).toEqual({ errors: ['Requested by must be one line of text.'] })
    }
    expect(read(name, 'x'.repeat(201))).toEqual({ errors: ['Requested by is too long (at most 200 characters).'] })
    expect(read(name, ' ')).toEqual({ errors: ['Requested by is required.'] })
  })

  it('multi-line: keeps line breaks and tabs, refuses NUL and the other controls', () => {
    const notes = multiLineText('Notes')
    expect(read(notes, 'Belt replaced.\r\n\tFan 3 runs.')).toEqual({ value: 'Belt replaced.\r\n\tFan 3 runs.' })
    expect(read(notes, 'Fan\0 3')).toEqual({ errors: ['Notes cannot contain control characters.'] })
    expect(read(notes, 'x'.repeat(10_240))).toEqual({ errors: ['Notes are too long (at most 4000 characters).'] })
  })

  it("optional text reads as '' when left empty", () => {
    expect(read(oneLineText('PO number', { optional: true }), '')).toEqual({ value: '' })
    expect(read(multiLineText('Comments', { optional: true }), 'a\0')).toEqual({ errors: ['Comments cannot contain control characters.'] })
  })
})

describe('messages: a plural label takes "are", a limit is named (issue 19, item 27)', () => {
  it('says "are required" of a plural label, "is required" of one thing', () => {
    expect(read(oneLineText('GPS coordinates'), '')).toEqual({ errors: ['GPS coordinates are required.'] })
    expect(read(multiLineText('Notes'), ' ')).toEqual({ errors: ['Notes are required.'] })
    expect(read(multiLineText('Pre-Treat Notes'), '')).toEqual({ errors: ['Pre-Treat Notes are required.'] })
    expect(read(decimal('Labor hours', { min: 0, max: 10 }), '')).toEqual({ errors: ['Labor hours are required.'] })
    expect(read(multiLineText('Notes', { max: 5 }), 'longer')).toEqual({ errors: ['Notes are too long (at most 5 characters).'] })
    for (const label of ['Address', 'Status', 'GPS', 'Line CWT', 'Ducts open (other)', 'Maximum applications per season', 'Name']) {
      expect(read(oneLineText(label), ''), label).toEqual({ errors: [`${label} is required.`] })
    }
  })

  it('names the limit of a number that is too large', () => {
    expect(read(decimal('Humidity', { min: 0, max: 100, step: 0.01 }), '101')).toEqual({ errors: ['Humidity must be 100 or less.'] })
    expect(read(decimal('Runtime hours', { min: 0, max: 999_999, step: 0.01 }), '1000000')).toEqual({ errors: ['Runtime hours must be 999,999 or less.'] })
    expect(read(wholeNumber('Door count', { max: 1000 }), '1001')).toEqual({ errors: ['Door count must be 1,000 or less.'] })
  })
})

/** The fields of `schema` that were not made by a builder (booleans and fixed choices need none). */
function unbuilt(schema: z.ZodType, at: string): string[] {
  if (BUILT.has(schema)) return []
  const def = schema._zod.def as unknown as Record<string, z.ZodType> & { type: string; shape: Record<string, z.ZodType> }
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape).flatMap(([key, field]) => unbuilt(field, at ? `${at}.${key}` : key))
    case 'array':
      return unbuilt(def.element!, `${at}[]`)
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
      return unbuilt(def.innerType!, at)
    case 'boolean':
    case 'enum':
    case 'literal':
      return []
    default:
      return [`${at} (${def.type})`]
  }
}

describe('every form schema in core/schemas', () => {
  it('reads each of its fields through a field builder, so each field is bounded the same way', async () => {
    const dir = import.meta.dirname
    const loose: string[] = []
    let schemas = 0
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'fields.ts')) {
      for (const [name, value] of Object.entries(await import(path.join(dir, file)))) {
        if (!(value instanceof z.ZodObject)) continue
        schemas++
        loose.push(...unbuilt(value, '').map((field) => `${file} ${name}.${field}`))
      }
    }
    expect(schemas).toBeGreaterThanOrEqual(4)
    expect(loose).toEqual([])
  })
})
