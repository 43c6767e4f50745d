// How every form action ends, in one place. The schema is the same zod schema the browser uses.
//  - invalid input: 400 with conform's reply (field messages beside their fields), nothing saved;
//  - a conflict (the record moved on meanwhile): 409 with the message above the form;
//  - saved, with JavaScript: 200 { outcome: 'success', redirectTo } → the timed Success modal;
//  - saved, without JavaScript: a redirect to redirectTo?flash=submitted;
//  - a failure while saving: 500 with the spec's error text (the Error modal, or the text on the page).
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from '@remix-run/node'
import type { z } from 'zod'
import { runCommand, type Actor, type Command, type CommandResult } from '#commands/command.ts'
import { ConflictError, InputError } from '#core/errors.ts'
import { getDb, type Executor } from '#db/client.server.ts'
import { FLASH_PARAM, FLASH_TEXT, type FlashKey } from './components/form/flash-notice.tsx'
import { ENHANCED_FIELD, SAVE_FAILED, type FormResult } from './components/form/form-result.ts'
import { asHttpError } from './http-errors.server.ts'

const CONFORM_INTENT = '__intent__'

/**
 * Reads a posted form with its schema, as the browser did. Conform's own control field
 * (`__intent__`, its client-side validate/reset steps) is left out: the server only ever submits,
 * and conform throws on an intent it cannot read, which a hostile post would turn into a 500.
 */
export function parseSubmission<S extends z.ZodType>(form: FormData, schema: S) {
  const plain = new FormData()
  for (const [name, value] of form) if (name !== CONFORM_INTENT) plain.append(name, value)
  return parseWithZod(plain, { schema })
}

export async function submitForm<S extends z.ZodType>(options: {
  form: FormData
  schema: S
  /**
   * Saves the valid value; must be idempotent on the form's submission id. Throws core errors
   * (core/errors.ts). May name where to go instead of `redirectTo` (where the record now is).
   */
  save: (value: z.output<S>) => Promise<void | { redirectTo: string }>
  redirectTo: string
  /** the Error modal's text when saving fails (default: the spec's general save failure) */
  failureText?: string
  /** the form's own success text (the Success modal; without JavaScript the next page's flash), default the spec's general one */
  successFlash?: FlashKey
}) {
  const { form, schema, save, failureText = SAVE_FAILED, successFlash } = options
  let redirectTo = options.redirectTo
  const enhanced = form.get(ENHANCED_FIELD) === '1'
  const submission = parseSubmission(form, schema)
  if (submission.status !== 'success') {
    return data<FormResult>(submission.reply(), { status: 400 })
  }
  try {
    const saved = await save(submission.value as z.output<S>)
    if (saved) redirectTo = saved.redirectTo
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof InputError) {
      const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, [v]]))
      return data<FormResult>(submission.reply({ fieldErrors }), { status: 400 })
    }
    // someone else changed the record meanwhile, or the workflow no longer allows the step
    if (error instanceof ConflictError) return data<FormResult>(submission.reply({ formErrors: [error.message] }), { status: 409 })
    const http = asHttpError(error) // a 403 or 404 found while saving
    if (http instanceof Response) throw http
    console.error('Form save failed', error)
    return data<FormResult>({ ...submission.reply({ formErrors: [failureText] }), outcome: 'error' }, { status: 500 })
  }
  if (!enhanced) {
    const target = new URL(redirectTo, 'http://x')
    target.searchParams.set(FLASH_PARAM, successFlash ?? 'submitted')
    throw redirect(`${target.pathname}${target.search}`)
  }
  return data<FormResult>({ ...(submission.reply({ resetForm: true }) as SubmissionResult<string[]>), outcome: 'success', redirectTo, ...(successFlash ? { message: FLASH_TEXT[successFlash] } : {}) })
}

/**
 * A form whose save is a command (commands/command.ts): the form's submission id is its
 * idempotency key, so the same form sent twice acts once.
 */
export async function submitCommand<S extends z.ZodType, R extends CommandResult>(options: {
  form: FormData
  command: Command<S, R>
  actor: Actor
  /** inputs the route sets from what it knows (the address, the screen), never taken from the post */
  fixed?: Record<string, string | number | null>
  /** work of app/ committed with the command's (runCommand's `then`) */
  then?: (trx: Executor, result: R) => Promise<unknown>
  /** where a success leads: a path, or one made from the command's answer (where the record now is) */
  redirectTo: string | ((result: R) => string)
  failureText?: string
  successFlash?: FlashKey
}) {
  const { form, command, actor, fixed = {}, then, redirectTo, ...rest } = options
  for (const [name, value] of Object.entries(fixed)) {
    form.delete(name)
    if (value !== null) form.set(name, String(value))
  }
  return submitForm({
    ...rest,
    form,
    schema: command.schema,
    redirectTo: typeof redirectTo === 'string' ? redirectTo : '/',
    save: async (value) => {
      const result = await runCommand(getDb(), command, { actor, key: String(form.get(SUBMISSION_FIELD) ?? ''), input: value, then })
      return typeof redirectTo === 'string' ? undefined : { redirectTo: redirectTo(result) }
    },
  })
}

/** The field every form's idempotency key comes in (its hidden submission id). */
const SUBMISSION_FIELD = 'submission_id'
