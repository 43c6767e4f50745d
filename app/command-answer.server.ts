// One answer for every command call (decision 0088): a command's outcome or refusal (core/errors.ts)
// becomes the answer its caller needs here, and nowhere else. One status table:
//   input 400 · forbidden 403 · not found 404 · conflict 409 · anything else 500 (the spec's failure text).
// Its faces:
//  - a form (submitForm, submitCommand): conform's reply: 400 with the messages beside their
//    fields, 409 with the message above the form; saved, with JavaScript 200 { outcome: 'success',
//    redirectTo } (the timed Success modal), without a redirect to redirectTo?flash=…; a failure
//    500 with the spec's text. A 403 or 404 found while saving is the page's error (thrown).
//  - the same form asked for JSON (`Accept: application/json`, the key in the Idempotency-Key
//    header in place of its submission id, as the outbox sends): a CommandAnswer (command-answer.ts),
//    200 { ok: true, redirectTo, message? } or { ok: false, error, fieldErrors? } with its status.
//    The page's entry sends it as JSON instead of the page (entry.server.tsx, jsonCommandAnswer).
//  - a list row's button (rowRefusal): the status and the message, for the row's own { error } shape.
//  - a JSON API (runJsonCommand, refusalResponse): { error } with its status.
//  - the application sheet and its review (sheetOutcome, sheetPageAnswer, sheetApiAnswer).
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { runCommand, type Actor, type Command, type CommandResult } from '#commands/command.ts'
import { InputError, Refusal, type RefusalKind } from '#core/errors.ts'
import { FORM_INVALID, IncompleteError } from '#core/pretreat-sheet.ts'
import { getDb, type Executor } from '#db/client.server.ts'
import { CHANGED_MEANWHILE } from '#workflows/transition.server.ts'
import { IDEMPOTENCY_HEADER, isCommandAnswer, type CommandAnswer, type CommandRefused, type SheetAnswer } from './command-answer.ts'
import { FLASH_PARAM, FLASH_TEXT, type FlashKey } from './components/form/flash-notice.tsx'
import { ENHANCED_FIELD, SAVE_FAILED, type FormResult } from './components/form/form-result.ts'
import { forbidden, notFound, textAnswer } from './http-errors.server.ts'

export { IDEMPOTENCY_HEADER }

/** The one status table. */
const STATUS: Record<RefusalKind, 400 | 403 | 404 | 409> = { input: 400, forbidden: 403, not_found: 404, conflict: 409 }

/** A refusal as every face reads it: its status, its message, and (input) the messages by field, '' for the whole form. */
interface Refused {
  kind: RefusalKind
  status: 400 | 403 | 404 | 409
  message: string
  fieldErrors: Record<string, string>
}

/** The refusal `error` stands for, or null when it is none (a failure: the caller answers 500 or lets it through). */
function refusedOf(error: unknown): Refused | null {
  if (!(error instanceof Refusal)) return null
  return { kind: error.kind, status: STATUS[error.kind], message: error.message, fieldErrors: error instanceof InputError ? error.fieldErrors : {} }
}

/** The page answer a refusal stands for (the error boundary shows it), or the error itself when it is not one. */
export function asHttpError(error: unknown): unknown {
  const refused = refusedOf(error)
  if (!refused) return error
  if (refused.kind === 'not_found') return notFound(refused.message)
  if (refused.kind === 'forbidden') return forbidden(refused.message)
  return textAnswer(refused.status, refused.message)
}

// ——— forms, and their JSON face ———

const CONFORM_INTENT = '__intent__'
/** The field every form's idempotency key comes in (its hidden submission id). */
const SUBMISSION_FIELD = 'submission_id'
const KEY_NOT_UUID = `The ${IDEMPOTENCY_HEADER} header must be a UUID.`
/** Whether the caller asks for the command's JSON answer rather than a page (the outbox does). */
export function asksForJson(request: Request): boolean {
  return request.method === 'POST' && (request.headers.get('Accept') ?? '').split(',')[0]?.trim() === 'application/json'
}

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

type Submission = ReturnType<typeof parseSubmission>

/** The messages of a refused parse or refusal, by field ('' for the form's own), as conform holds them. */
function asLists(errors: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]]))
}

/** A JSON caller's refusal: the form's own message, else its fields' messages, and the fields' by name. */
function refusedAnswer(fieldErrors: Record<string, string[] | null | undefined>, formMessage?: string): CommandRefused {
  const { '': own, ...fields } = fieldErrors
  const byField = Object.fromEntries(Object.entries(fields).flatMap(([name, messages]) => (messages?.length ? [[name, messages]] : []))) as Record<string, string[]>
  // with no message above the form, its fields' messages say why (the outbox's 'Not sent: …')
  const error = formMessage || own?.join(' ') || Object.values(byField).flat().join(' ') || FORM_INVALID
  return Object.keys(byField).length > 0 ? { ok: false, error, fieldErrors: byField } : { ok: false, error }
}

/** Where a saved form leads without JavaScript: the next page says so (its flash). */
function withFlash(path: string, flash: FlashKey): string {
  const target = new URL(path, 'http://x')
  target.searchParams.set(FLASH_PARAM, flash)
  return `${target.pathname}${target.search}`
}

const jsonAnswer = (answer: CommandAnswer, status = 200) => data<CommandAnswer>(answer, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * A form refused before its save ran (a file the server would not take, a place that is not
 * known): 400 with the messages beside their fields, or the JSON caller's refusal.
 */
export function refuseForm(request: Request, submission: Submission, fieldErrors: Record<string, string[]>) {
  if (asksForJson(request)) return jsonAnswer(refusedAnswer(fieldErrors), 400)
  return data<FormResult>(submission.reply({ fieldErrors }), { status: 400 })
}

/** A form refused before its save by a refusal of its input (a place not known); anything else is rethrown. */
export function refuseFormFor(request: Request, submission: Submission, error: unknown) {
  const refused = refusedOf(error)
  if (refused?.kind !== 'input') throw error
  return refuseForm(request, submission, asLists(refused.fieldErrors))
}

/** A JSON caller's key (Idempotency-Key) put where the form's is read; false when it is not a UUID. */
function takeHeaderKey(request: Request, form: FormData): boolean {
  if (!asksForJson(request)) return true
  const key = request.headers.get(IDEMPOTENCY_HEADER)
  if (key === null) return true // the form's own submission id, then
  if (!z.guid().safeParse(key).success) return false
  form.set(SUBMISSION_FIELD, key)
  return true
}

interface FormOptions<S extends z.ZodType> {
  request: Request
  form: FormData
  /** the Error modal's text when saving fails (default: the spec's general save failure) */
  failureText?: string
  /** the form's own success text (the Success modal; without JavaScript the next page's flash), default the spec's general one */
  successFlash?: FlashKey
  schema: S
  /**
   * Saves the valid value; must be idempotent on the form's submission id. Throws refusals
   * (core/errors.ts). May name where to go instead of `redirectTo` (where the record now is).
   */
  save: (value: z.output<S>) => Promise<void | { redirectTo: string }>
  redirectTo: string
}

async function answerForm<S extends z.ZodType>(options: FormOptions<S>) {
  const { request, form, schema, save, failureText = SAVE_FAILED, successFlash } = options
  const json = asksForJson(request)
  let redirectTo = options.redirectTo
  const submission = parseSubmission(form, schema)
  if (submission.status !== 'success') {
    if (json) return jsonAnswer(refusedAnswer(submission.error ?? {}), 400)
    return data<FormResult>(submission.reply(), { status: 400 })
  }
  try {
    const saved = await save(submission.value as z.output<S>)
    if (saved) redirectTo = saved.redirectTo
  } catch (error) {
    if (error instanceof Response) throw error
    const refused = refusedOf(error)
    if (refused && json) return jsonAnswer(refused.kind === 'input' ? refusedAnswer(asLists(refused.fieldErrors)) : { ok: false, error: refused.message }, refused.status)
    if (refused?.kind === 'input') return data<FormResult>(submission.reply({ fieldErrors: asLists(refused.fieldErrors) }), { status: 400 })
    // someone else changed the record meanwhile, or the workflow no longer allows the step
    if (refused?.kind === 'conflict') return data<FormResult>(submission.reply({ formErrors: [refused.message] }), { status: 409 })
    if (refused) throw asHttpError(error) // a 403 or 404 found while saving
    console.error('Form save failed', error)
    if (json) return jsonAnswer({ ok: false, error: failureText }, 500)
    return data<FormResult>({ ...submission.reply({ formErrors: [failureText] }), outcome: 'error' }, { status: 500 })
  }
  const message = successFlash ? { message: FLASH_TEXT[successFlash] } : {}
  if (json) return jsonAnswer({ ok: true, redirectTo, ...message })
  if (form.get(ENHANCED_FIELD) !== '1') throw redirect(withFlash(redirectTo, successFlash ?? 'submitted'))
  return data<FormResult>({ ...(submission.reply({ resetForm: true }) as SubmissionResult<string[]>), outcome: 'success', redirectTo, ...message })
}

/** How a form action ends whose save is not one command (see answerForm). */
export async function submitForm<S extends z.ZodType>(options: FormOptions<S>) {
  if (!takeHeaderKey(options.request, options.form)) return jsonAnswer({ ok: false, error: KEY_NOT_UUID }, 400)
  return answerForm(options)
}

/**
 * A form whose save is a command (commands/command.ts): the form's submission id (or a JSON
 * caller's Idempotency-Key) is its idempotency key, so the same form sent twice acts once.
 */
export async function submitCommand<S extends z.ZodType, R extends CommandResult>(
  options: Omit<FormOptions<S>, 'schema' | 'save' | 'redirectTo'> & {
    command: Command<S, R>
    actor: Actor
    /** inputs the route sets from what it knows (the address, the screen), never taken from the post */
    fixed?: Record<string, string | number | null>
    /** work of app/ committed with the command's (runCommand's `then`) */
    then?: (trx: Executor, result: R) => Promise<unknown>
    /** where a success leads: a path, or one made from the command's answer (where the record now is) */
    redirectTo: string | ((result: R) => string)
  },
) {
  const { form, command, actor, fixed = {}, then, redirectTo, ...rest } = options
  if (!takeHeaderKey(options.request, form)) return jsonAnswer({ ok: false, error: KEY_NOT_UUID }, 400)
  for (const [name, value] of Object.entries(fixed)) {
    form.delete(name)
    if (value !== null) form.set(name, String(value))
  }
  return answerForm({
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

/**
 * What a page answers a JSON caller (entry.server.tsx): its action's CommandAnswer with its status;
 * a refusal thrown on the way (signed in without the right: 403; no such record: 404) as one too;
 * anything else 500 with the spec's failure text. Null when the caller asked for the page.
 */
export function jsonCommandAnswer(request: Request, context: { actionData?: Record<string, unknown> | null; errors?: Record<string, unknown> | null; statusCode: number }): Response | null {
  if (!asksForJson(request)) return null
  const headers = { 'Cache-Control': 'no-store' }
  const answer = Object.values(context.actionData ?? {})[0]
  if (isCommandAnswer(answer)) return Response.json(answer, { status: context.statusCode, headers })
  const thrown = Object.values(context.errors ?? {})[0] as { status?: unknown; data?: unknown } | undefined
  const status = typeof thrown?.status === 'number' && thrown.status >= 400 && thrown.status < 500 ? thrown.status : 500
  const error = status < 500 && typeof thrown?.data === 'string' && thrown.data !== '' ? thrown.data : SAVE_FAILED
  return Response.json({ ok: false, error } satisfies CommandAnswer, { status, headers })
}

// ——— a list row's button ———

/** A row's refused button: its status and message (input: the first field's, and all of them by field). */
export interface RowRefusal {
  status: 400 | 403 | 404 | 409
  error: string
  fieldErrors: Record<string, string>
}

/** The row's answer to a refusal; anything else is rethrown (a 500). */
export function rowRefusal(error: unknown): RowRefusal {
  const refused = refusedOf(error)
  if (!refused) throw error
  const first = refused.fieldErrors[''] ?? Object.values(refused.fieldErrors)[0]
  return { status: refused.status, error: first ?? refused.message, fieldErrors: refused.fieldErrors }
}

// ——— JSON APIs ———

export const jsonError = (status: number, error: string, headers?: HeadersInit) => Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store', ...headers } })

/** The JSON answer a refusal stands for; a thrown Response is the answer itself; anything else is rethrown (a 500). */
export function refusalResponse(error: unknown): Response {
  if (error instanceof Response) return error
  const refused = refusedOf(error)
  if (refused) return jsonError(refused.status, refused.message)
  throw error
}

/** Runs a command once for its key; a command with work after its commit has a runner of its own (commands/drive.ts deleteDriveFiles). */
type Runner<S extends z.ZodType, A> = (db: Executor, call: { actor: Actor; key: string; input: z.output<S> }) => Promise<A>

/**
 * Runs `command` for a JSON caller and answers with `answer(result)`, or with the refusal. A call
 * without an Idempotency-Key acts as a call of its own (a fresh key), as before keys were taken.
 */
export async function runJsonCommand<S extends z.ZodType, R extends CommandResult, A = R>(
  request: Request,
  command: Command<S, R>,
  call: { actor: Actor; input: unknown; run?: Runner<S, A> },
  answer: (result: A) => Response,
): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_HEADER) ?? crypto.randomUUID()
  if (!z.guid().safeParse(key).success) return jsonError(400, KEY_NOT_UUID)
  const parsed = command.schema.safeParse(call.input)
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'The request is not valid.')
  // without a runner of its own, A is R (its default): runCommand's own result
  const run: Runner<S, A> = call.run ?? ((db, c) => runCommand(db, command, c) as Promise<unknown> as Promise<A>)
  try {
    return answer(await run(getDb(), { actor: call.actor, key, input: parsed.data as z.output<S> }))
  } catch (error) {
    return refusalResponse(error)
  }
}

// ——— the application sheet and its review ———

export type SheetIntent = 'save' | 'checklist' | 'submit'

export type SheetOutcome =
  | { kind: 'saved'; version: number; savedAt: string }
  | { kind: 'submitted' }
  /** refused input: the toast's message, the fields' messages, and the inputs a submit or the checklist still needs (to mark them) */
  | { kind: 'invalid'; message: string; errors: Record<string, string>; missing: string[] }
  /** someone saved a newer version: theirs, as the form would hold it */
  | { kind: 'conflict'; message: string; version: number; server: Record<string, string> }
  /** not possible now (409), not the user's to fill (403), no such sheet (404), or a failure (500) */
  | { kind: 'refused'; status: 403 | 404 | 409 | 500; message: string }

/**
 * A sheet's step, run: what it did, or its refusal told as an outcome. `invalidText` is the toast's
 * message for refused input without one of its own; `serverCopy` reads the sheet as it now is, for
 * a save on an older version (absent: that is a refusal like any other).
 */
export async function sheetOutcome(
  run: () => Promise<SheetOutcome>,
  options: { invalidText: string; serverCopy?: () => Promise<{ version: number; server: Record<string, string> } | null> },
): Promise<SheetOutcome> {
  try {
    return await run()
  } catch (error) {
    const refused = refusedOf(error)
    if (refused?.kind === 'input') {
      const { '': message, ...errors } = refused.fieldErrors
      return { kind: 'invalid', message: message ?? options.invalidText, errors, missing: error instanceof IncompleteError ? [...error.missing] : [] }
    }
    if (refused?.kind === 'conflict' && refused.message === CHANGED_MEANWHILE && options.serverCopy) {
      const current = await options.serverCopy()
      if (current) return { kind: 'conflict', message: refused.message, ...current }
    }
    if (refused) return { kind: 'refused', status: refused.status as 403 | 404 | 409, message: refused.message }
    console.error('Pre-treat sheet save failed', error)
    return { kind: 'refused', status: 500, message: SAVE_FAILED }
  }
}

/** The sheet's JSON API answer (SheetAnswer) for an outcome; `redirectTo` is where a submit leads, `sheetAt` the sheet itself. */
export function sheetApiAnswer(outcome: SheetOutcome, at: { redirectTo: string; sheetAt: string }): Response {
  const json = (status: number, body: SheetAnswer) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })
  switch (outcome.kind) {
    case 'saved':
      return json(200, { ok: true, redirectTo: at.sheetAt, saved: { version: outcome.version, savedAt: outcome.savedAt } })
    case 'submitted':
      return json(200, { ok: true, redirectTo: at.redirectTo })
    case 'invalid':
      return json(400, { ...refusedAnswer(asLists(outcome.errors), outcome.message), missing: outcome.missing })
    case 'conflict':
      return json(409, { ok: false, error: outcome.message, conflict: { version: outcome.version, server: outcome.server } })
    case 'refused':
      return json(outcome.status, { ok: false, error: outcome.message })
  }
}

/** What a sheet page's post answers besides conform's reply: which form it was, when it saved, and the inputs a refusal marks. */
export type SheetResult = FormResult & { form?: 'sheet' | 'checklist'; savedAt?: string; conflict?: boolean; missing?: string[] }

/**
 * The sheet page's answer (its own post, or the review's) for an outcome. `reply` is conform's for
 * the posted form. Saved or submitted without JavaScript, a redirect: to `savedAt` (the sheet
 * again, with its notice) or `redirectTo` with the flash. A 403 or 404 is the page's error.
 */
export function sheetPageAnswer(outcome: SheetOutcome, options: { form: FormData; which: 'sheet' | 'checklist'; reply: Submission['reply']; redirectTo: string; savedAt: string }) {
  const { which, reply } = options
  const enhanced = options.form.get(ENHANCED_FIELD) === '1'
  switch (outcome.kind) {
    case 'submitted':
      if (!enhanced) throw redirect(withFlash(options.redirectTo, 'submitted'))
      return data<SheetResult>({ status: 'success', outcome: 'success', redirectTo: options.redirectTo, form: which })
    case 'saved':
      if (!enhanced) throw redirect(options.savedAt)
      return data<SheetResult>({ status: 'success', form: which, savedAt: outcome.savedAt })
    case 'invalid':
      return data<SheetResult>({ ...reply({ formErrors: [outcome.message], fieldErrors: asLists(outcome.errors) }), form: which, missing: outcome.missing }, { status: 400 })
    case 'conflict':
      return data<SheetResult>({ ...reply({ formErrors: [outcome.message] }), form: which, conflict: true }, { status: 409 })
    case 'refused':
      if (outcome.status === 403 || outcome.status === 404) throw textAnswer(outcome.status, outcome.message)
      if (outcome.status === 500) return data<SheetResult>({ ...reply({ formErrors: [outcome.message] }), outcome: 'error', form: which }, { status: 500 })
      return data<SheetResult>({ ...reply({ formErrors: [outcome.message] }), form: which }, { status: 409 })
  }
}
