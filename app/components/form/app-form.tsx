// The one form component: conform + the shared zod schema in the browser, a CSRF field, the
// submission id, a loading indicator, and the spec's Success / Error modals. Without JavaScript
// it is a plain POST form and the server answers by redirect (or with field messages).
import { getFormProps, useForm, type DefaultValue } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Link, useActionData, useFetcher, useLocation, useNavigate, type ClientActionFunctionArgs, type FetcherWithComponents } from '@remix-run/react'
import { useEffect, useId, useState, type ReactNode } from 'react'
import type { z } from 'zod'
import { CsrfInput } from '../csrf.tsx'
import { useHydrated } from '../use-hydrated.ts'
import { Modal } from '../modal.tsx'
import { notSentText } from '#app/offline/form-outbox.ts'
import { shortTime } from '#app/offline/draft-record.ts'
import { draftRestoredText, useFormDraft } from '#app/offline/form-drafts.ts'
import { useRefusalOf, useRestoredSubmission } from '#app/offline/restore-form.ts'
import { ENHANCED_FIELD, isFormResult, SAVE_FAILED, SUCCESS_MODAL_MS, SUCCESS_TEXT, type FormResult } from './form-result.ts'
import type { AnyForm } from './fields.tsx'

/**
 * Route modules with a form export this as `clientAction`: a lost connection or a server that
 * cannot answer (its database unreachable) becomes the Error modal. A failed submit carries an
 * error status, so the router reads no loader again (single fetch skips revalidation after a
 * 4xx/5xx action): a read would fail the same way and replace the form, and what was typed, by an
 * error page. (The server's status passes through by itself; a request that never got an answer
 * gets one here.)
 */
export async function clientActionCatchingNetworkErrors({ serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction<FormResult>()
  } catch (error) {
    if (error instanceof Response) throw error
    const failed: FormResult = { status: 'error', outcome: 'error', error: { '': [SAVE_FAILED] } }
    return Response.json(failed, { status: 503 })
  }
}

/** `defaultValue` holds values as the schema gives them (numbers as numbers); conform writes them into the inputs as text. */
export function useAppForm<S extends z.ZodObject>(schema: S, options: { id: string; defaultValue?: DefaultValue<z.output<S>> }) {
  const fetcher = useFetcher<FormResult>({ key: options.id })
  const actionData = useActionData<FormResult>()
  // a form reopened from the outbox: the server's messages of its last try, beside their fields
  const refusal = useRefusalOf(options.id)
  const result = fetcher.data ?? actionData ?? refusal
  // A saved form starts again from the page's new values (once the page has read them again): a
  // success reply resets it, but only when the fetcher is idle, after the loaders ran.
  const settled = result?.outcome !== 'success' || fetcher.state === 'idle'
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id: options.id,
    lastResult: isFormResult(result) && settled ? result : undefined,
    // the field builders read text (core/schemas/fields.ts), so the schema's input type is all strings
    defaultValue: options.defaultValue as DefaultValue<z.input<S>>,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  return { form, fields, fetcher }
}

/** A form's `summary`: the parts known so far (a place, a date, a total), in order. */
/** A saved record as a form's default values: a column left empty (null) is an empty field. */
export function recordDefaults<T extends object>(record: T): { [K in keyof T]: Exclude<T[K], null> | undefined } {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, value ?? undefined])) as { [K in keyof T]: Exclude<T[K], null> | undefined }
}

export const recordSummary = (...parts: (string | number | null | undefined)[]): string => parts.filter((part) => part !== undefined && part !== null && part !== '').join(' · ')

export function AppForm({
  form,
  fetcher,
  submissionId,
  children,
  className = 'form',
  encType,
  draftKey,
  keepDraft = false,
  summary,
}: {
  form: AnyForm
  fetcher: FetcherWithComponents<FormResult>
  submissionId: string
  children: ReactNode
  className?: string
  encType?: 'multipart/form-data'
  /** where the offline code keeps this form's draft (the pre-treat sheet) */
  draftKey?: string
  /** a field form that waits in the outbox: what is typed is kept on the device and put back (form-drafts.ts) */
  keepDraft?: boolean
  /** which record this is (recordSummary: its storage, date, total…): the outbox's list and the drafts say it */
  summary?: string
}) {
  const hydrated = useHydrated()
  const { pathname, search } = useLocation()
  // a form reopened from the outbox: its device copy filled in, under its own submission id
  // Every copy of a page read from the device carries the id the server drew it with: with
  // JavaScript each form takes its own as it mounts (a second press of the same form keeps it)
  const [ownId, setOwnId] = useState(submissionId)
  useEffect(() => {
    if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') setOwnId(crypto.randomUUID())
  }, [submissionId])
  // a list's lines (a sheet's parts) live in the form's state: put back there, the page draws them
  const setList = (name: string, lines: Record<string, string>[]) => form.update({ name, value: lines as never })
  const restored = useRestoredSubmission(form.id, hydrated, setList)
  const draft = useFormDraft(form.id, keepDraft && hydrated, setList)
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className={className} encType={encType} data-draft-key={draftKey} data-summary={summary}>
      {/* The router learns this page's own route while there is signal (a link it discovers as it
          renders): a submit then needs no look-up, so one made with no signal reaches its
          clientAction (and the outbox) instead of failing on the look-up. */}
      {hydrated ? <Link to={`${pathname}${search}`} discover="render" hidden tabIndex={-1} aria-hidden="true" /> : null}
      <CsrfInput />
      <input type="hidden" name="submission_id" value={restored?.submissionId ?? draft.submissionId ?? ownId} />
      {draft.restoredAt ? (
        <p className="notice" role="status">
          {draftRestoredText(shortTime(draft.restoredAt))}{' '}
          <button type="button" className="link-button" onClick={() => void draft.startOver()}>
            Start over
          </button>
        </p>
      ) : null}
      {restored?.lastError ? (
        <p className="notice notice-error" role="alert">
          {notSentText(restored.lastError)}
        </p>
      ) : null}
      {hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null}
      {form.errors?.length ? (
        <p className="notice notice-error" role="alert" id={form.errorId}>
          {form.errors.join(' ')}
        </p>
      ) : null}
      {children}
      <SubmitOutcome fetcher={fetcher} />
    </fetcher.Form>
  )
}

/** `name` and `value` tell one of several buttons apart (an `intent`). */
/** `danger`: an action that is not the page's main one and takes something away (a correction page's Delete). */
export function SubmitButton({ fetcher, children, name, value, danger = false }: { fetcher: FetcherWithComponents<unknown>; children: ReactNode; name?: string; value?: string; danger?: boolean }) {
  const busy = fetcher.state !== 'idle'
  return (
    <button type="submit" className={danger ? 'button button-danger-outline' : 'button'} disabled={busy} aria-busy={busy} name={name} value={value}>
      {busy ? <span className="spinner" role="progressbar" aria-label="Submitting" /> : null}
      {children}
    </button>
  )
}

/** A form's last row: its one submit button (Submit unless told). */
export function SubmitRow({ fetcher, children = 'Submit' }: { fetcher: FetcherWithComponents<unknown>; children?: ReactNode }) {
  return (
    <div className="form-actions">
      <SubmitButton fetcher={fetcher}>{children}</SubmitButton>
    </div>
  )
}

/** The Success modal closes itself after 750 ms, then goes on; the Error modal waits for OK. */
function SubmitOutcome({ fetcher }: { fetcher: FetcherWithComponents<FormResult> }) {
  const navigate = useNavigate()
  const result = fetcher.data
  const [dismissed, setDismissed] = useState<FormResult | undefined>()
  // its own title id: a form inside a record's modal must not name this one by the record's title
  const titleId = useId()
  useEffect(() => {
    if (result?.outcome !== 'success' || !result.redirectTo) return
    const target = result.redirectTo
    const timer = window.setTimeout(() => navigate(target), SUCCESS_MODAL_MS)
    return () => window.clearTimeout(timer)
  }, [result, navigate])
  if (!result || fetcher.state !== 'idle' || dismissed === result) return null
  if (result.outcome === 'success') {
    return (
      <Modal title="Success" labelledBy={titleId}>
        <p role="status">{result.message ?? SUCCESS_TEXT}</p>
      </Modal>
    )
  }
  if (result.outcome === 'queued') {
    return (
      <Modal title="Waiting to send" onClose={() => setDismissed(result)} labelledBy={titleId}>
        <p role="status">{result.message}</p>
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setDismissed(result)}>
            OK
          </button>
        </div>
      </Modal>
    )
  }
  if (result.outcome === 'error') {
    return (
      <Modal title="Error" onClose={() => setDismissed(result)} labelledBy={titleId}>
        <p role="alert">{result.error?.['']?.[0] ?? SAVE_FAILED}</p>
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setDismissed(result)}>
            OK
          </button>
        </div>
      </Modal>
    )
  }
  return null
}
