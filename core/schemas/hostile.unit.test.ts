// Every hostile value (tests/support/hostile/values.ts) in every field of every form schema of
// core/schemas, read the way the forms read them (conform's parseWithZod): never a throw; either a
// clear message for that field, or a value inside the field's bounds. The crawl over every route
// sends only what can fail end to end (tests/e2e/hostile-crawl-*.test.ts); this proves the rest.
import fs from 'node:fs'
import path from 'node:path'
import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { TEXTS } from '#tests/support/hostile/values.ts'
import { date, decimal, hours, id, multiLineText, oneLineText, uuid, wholeNumber } from './fields.ts'

/** The field names of a schema, down through objects, arrays (index 0) and wrappers. */
function fieldsOf(schema: z.ZodType, at = ''): string[] {
  const def = schema._zod.def as unknown as {
    type: string
    shape?: Record<string, z.ZodType>
    element?: z.ZodType
    innerType?: z.ZodType
    in?: z.ZodType
    left?: z.ZodType
    right?: z.ZodType
    options?: z.ZodType[]
  }
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape!).flatMap(([key, field]) => fieldsOf(field, at ? `${at}.${key}` : key))
    case 'array':
      return fieldsOf(def.element!, `${at}[0]`)
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'prefault':
      return fieldsOf(def.innerType!, at)
    case 'pipe':
      return fieldsOf(def.in!, at)
    default:
      return at ? [at] : []
  }
}

/** What a leaf value may be after a successful read: bounded text, a finite number, a boolean, a date in the window. */
function boundedValue(value: unknown): boolean {
  if (value === undefined || value === null || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER
  if (typeof value === 'string') return !value.includes('\0') && value.length <= 10_000
  if (Array.isArray(value)) return value.every(boundedValue)
  if (typeof value === 'object') return Object.values(value as object).every(boundedValue)
  return false
}

function read(schema: z.ZodType, fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return parseWithZod(form, { schema })
}

describe('every hostile value in every field of every form schema', () => {
  it('answers with a message or a bounded value, and never throws', async () => {
    const dir = import.meta.dirname
    const problems: string[] = []
    let checks = 0
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'fields.ts')) {
      for (const [name, schema] of Object.entries(await import(path.join(dir, file)))) {
        if (!(schema instanceof z.ZodType) || !(schema instanceof z.ZodObject || schema._zod.def.type === 'pipe')) continue
        for (const field of fieldsOf(schema as z.ZodType)) {
          for (const [label, value] of TEXTS) {
            checks++
            try {
              const result = read(schema as z.ZodType, { [field]: value })
              if (result.status === 'success') {
                if (!boundedValue(result.value)) problems.push(`${file} ${name}.${field} = ${label}: took an unbounded value`)
              } else if (
                !Object.values(result.error ?? {})
                  .flat()
                  .every((message) => typeof message === 'string' && message.length > 0)
              ) {
                problems.push(`${file} ${name}.${field} = ${label}: an empty message`)
              }
            } catch (error) {
              problems.push(`${file} ${name}.${field} = ${label}: threw ${String(error)}`)
            }
          }
        }
      }
    }
    expect(checks).toBeGreaterThan(1000)
    expect(problems).toEqual([])
  })
})

describe('every hostile value in every field builder', () => {
  const builders: [string, z.ZodType][] = [
    ['oneLineText', oneLineText('Name')],
    ['oneLineText optional', oneLineText('Name', { optional: true })],
    ['multiLineText', multiLineText('Notes')],
    ['decimal', decimal('Amount', { min: 0, max: 1000, step: 0.25 })],
    ['hours', hours('Travel hours')],
    ['wholeNumber', wholeNumber('Mileage')],
    ['id', id('Choose a storage.')],
    ['date', date('Call date')],
    ['uuid', uuid()],
  ]
  it.each(builders)('%s: a message for what it refuses, a bounded value for what it takes', (name, builder) => {
    for (const [label, value] of TEXTS) {
      const result = read(z.object({ value: builder }), { value })
      if (result.status === 'success') {
        const taken = (result.value as { value: unknown }).value
        expect(boundedValue(taken), label).toBe(true)
        if (typeof taken === 'string') expect(/[\0\r\n]/.test(taken) && name !== 'multiLineText', label).toBe(false)
      } else {
        expect(result.error?.value?.[0], label).toMatch(/\S/)
      }
    }
  })
})
