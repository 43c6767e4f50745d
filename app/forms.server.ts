// How every form action ends, in one place. The schema is the same zod schema the browser uses.
//  - invalid input: 400 with conform's reply (field messages beside their fields), nothing saved;
//  - saved, with JavaScript: 200 { outcome: 'success', redirectTo } → the timed Success modal;
//  - saved, without JavaScript: a redirect to redirectTo?flash=submitted;
//  - a failure while saving: 500 with the spec's error text (the Error modal, or the text on the page).
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from '@remix-run/node'
import type { z } from 'zod'
import { FLASH_PARAM } from './components/form/flash-notice.tsx'
import { ENHANCED_FIELD, SAVE_FAILED, type FormResult } from './components/form/form-result.ts'

/** Thrown by a save for input that is well-formed but wrong (a storage that is not the company's…). */
export class FormInputError extends Error {
  constructor(readonly fieldErrors: Record<string, string>) {
    super(Object.values(fieldErrors).join(' '))
  }
}

export async function submitForm<S extends z.ZodType>(options: {
  form: FormData
  schema: S
  /** Saves the valid value; must be idempotent on the form's submission id. */
  save: (value: z.output<S>) => Promise<void>
  redirectTo: string
  /** the Error modal's text when saving fails (default: the spec's general save failure) */
  failureText?: string
}) {
  const { form, schema, save, redirectTo, failureText = SAVE_FAILED } = options
  const enhanced = form.get(ENHANCED_FIELD) === '1'
  const submission = parseWithZod(form, { schema })
  if (submission.status !== 'success') {
    return data<FormResult>(submission.reply(), { status: 400 })
  }
  try {
    await save(submission.value as z.output<S>)
  } catch (error) {
    if (error instanceof Response) throw error // a 403 or 404 found while saving
    if (error instanceof FormInputError) {
      const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, [v]]))
      return data<FormResult>(submission.reply({ fieldErrors }), { status: 400 })
    }
    console.error('Form save failed', error)
    return data<FormResult>({ ...submission.reply({ formErrors: [failureText] }), outcome: 'error' }, { status: 500 })
  }
  if (!enhanced) {
    const target = new URL(redirectTo, 'http://x')
    target.searchParams.set(FLASH_PARAM, 'submitted')
    throw redirect(`${target.pathname}${target.search}`)
  }
  return data<FormResult>({ ...(submission.reply({ resetForm: true }) as SubmissionResult<string[]>), outcome: 'success', redirectTo })
}
