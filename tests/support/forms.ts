// Schema tests' side of a form post: the fields as the browser sends them, and the messages a
// schema answers a refused form with (the same parse the server runs: parseWithZod).
import { parseWithZod } from '@conform-to/zod/v4'
import { expect } from 'vitest'
import type { z } from 'zod'

/** A form's fields: a list is sent as one entry a value, an undefined field not at all. */
export type FormFields = Record<string, string | readonly string[] | undefined>

export function formData(fields: FormFields): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) for (const one of value === undefined ? [] : [value].flat()) data.append(name, one)
  return data
}

/** The field messages of a form the schema refuses; the test fails where the schema takes it. */
export function formErrors(schema: z.ZodType, fields: FormFields) {
  const result = parseWithZod(formData(fields), { schema })
  expect(result.status).toBe('error')
  return result.reply().error ?? {}
}
