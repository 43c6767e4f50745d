// The application sheet (/pretreats/{id}, spec §2 "Application sheet"): Application Info and
// Chemical Info, then (once assigned) the sheet's own sections; Next/Back toggles the Final
// Checklist (with JavaScript on the page; without it ?view=checklist). The assigned applicator,
// reviewers and admins fill it (Save, Save Checklist, Submit); everyone else the access rule lets in
// reads it (docs/decisions/0037-pretreat-sheet.md). Both forms are plain named inputs, with
// id/data-draft-key for the offline drafts; their JSON twin is /api/pretreat-sheet/{id}.
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useForm } from '@conform-to/react'
import type { MetaFunction } from '@remix-run/node'
import { useActionData, useFetcher, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react'
import type { z } from 'zod'
import { ACCESS } from '#app/access.ts'
import { AppForm, clientActionCatchingNetworkErrors, SubmitButton } from '#app/components/form/app-form.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { CHECKLIST_KEPT_TEXT, QUEUED_TEXT, SheetOffline, type SheetPart } from '#app/offline/sheet-offline.tsx'
import { refusalOf, RefusalNotice, useMarks, withoutFormMessage, type Refusal } from '#app/features/pretreat-sheet/refusal.tsx'
import { flatten, useSheetPart } from '#app/features/pretreat-sheet/sheet-page.ts'
import { ChecklistFields } from '#app/features/pretreat-sheet/checklist.tsx'
import { SheetConditions } from '#app/features/pretreat-sheet/conditions.tsx'
import { ApplicationInfo, ChemicalInfo } from '#app/features/pretreat-sheet/info.tsx'
import type { FieldContext } from '#app/features/pretreat-sheet/sheet-fields.tsx'
import sheetCss from '#app/features/pretreat-sheet/sheet.css?url'
import { PretreatChecklistSchema, PretreatSheetSchema } from '#core/schemas/pretreat-sheet.ts'
import type { LoaderData, loader, SheetResult } from './data.server.ts'
import { RecordNotices } from '#app/features/notices/notices.tsx'

export { action, loader } from './data.server.ts'
/** The rule the loader checks, for the menus (app/access.ts). */
export const access = ACCESS['/pretreats/:id']
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Pre-Treat ${data.sheet.number}` : 'Pre-Treat' }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Application Sheet', to: '.' },
  ],
}
export const links = () => [{ rel: 'stylesheet', href: sheetCss }]

export const clientAction = clientActionCatchingNetworkErrors

/**
 * After a post the sheet is read again (a save moves its version on), except after a submit (the
 * Success modal shows, then /pretreats) and after a conflict: the form keeps the version it was
 * based on, so saving again is refused again until the page is reloaded (nothing is overwritten).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const result = actionResult as SheetResult | undefined
  if (result?.outcome === 'success' || result?.conflict) return false
  return defaultShouldRevalidate
}

const SAVED_TEXT = { sheet: 'Saved.', checklist: 'Final checklist saved.' } as const
/** Each form's field ids' prefix (sheet-fields.tsx fieldId). */
const FIELD_PREFIX = { sheet: 'pt', checklist: 'fc' } as const

/** What the page tells each form: a refusal to show by its buttons (from its own post, or from the offline sync). */
interface Told {
  refusal: Refusal | null
  refuse: (part: SheetPart, refusal: Refusal | null) => void
}

/**
 * conform over one of the page's two forms; a post's answer goes to the form that sent it. Its
 * message is the page's (shown by the buttons until the next answer), its fields' messages conform's.
 */
function useSheetForm<S extends z.ZodObject>(schema: S, id: string, which: SheetPart, told: Told) {
  const fetcher = useFetcher<SheetResult>({ key: id })
  const actionData = useActionData<SheetResult>()
  const result = fetcher.data ?? (actionData?.form === which ? actionData : undefined)
  const { refuse } = told
  useEffect(() => {
    if (fetcher.data) refuse(which, refusalOf(fetcher.data, which))
  }, [fetcher.data, refuse, which])
  const marks = useMarks(told.refusal)
  // one object per answer: conform reads a new one as a new answer
  const lastResult = useMemo(() => (result && result.status !== 'success' ? withoutFormMessage(result) : undefined), [result])
  const [form] = useForm({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const saved = result?.status === 'success' && fetcher.state === 'idle' && result.outcome !== 'success' ? SAVED_TEXT[which] : null
  // Without JavaScript a refused post renders the page again: the form shows what was posted.
  const posted = result?.status !== 'success' && result?.initialValue ? flatten(result.initialValue) : null
  const marked = { names: marks.marked, by: `${id}-refusal` }
  const refusal = told.refusal ? <RefusalNotice refusal={told.refusal} id={marked.by} prefix={FIELD_PREFIX[which]} /> : null
  return { form, fetcher, saved, posted, marked, onEdit: marks.onEdit, refusal }
}

export default function PretreatSheetPage() {
  const data = useLoaderData<typeof loader>()
  const { sheet } = data
  const { part: view, show: toggle } = useSheetPart(data.view)
  // the version the forms post: the server's, moved on by the draft sync's own saves (a redraw must not put it back)
  const [version, setVersion] = useState(sheet.version)
  useEffect(() => setVersion(sheet.version), [sheet.version])
  const pending = sheet.status === 'pending'
  const readOnly = !data.canSave
  const flash = data.saved === 'sheet' || data.saved === 'checklist' ? SAVED_TEXT[data.saved] : null
  // what was refused, by form: a post's answer (without JavaScript, the page's action data) or the offline sync's
  const actionData = useActionData<SheetResult>()
  const [refusals, setRefusals] = useState<Record<SheetPart, Refusal | null>>(() => ({ sheet: refusalOf(actionData, 'sheet'), checklist: refusalOf(actionData, 'checklist') }))
  const refuse = useCallback((part: SheetPart, refusal: Refusal | null) => setRefusals((now) => (now[part] === refusal ? now : { ...now, [part]: refusal })), [])
  const [checklistKept, setChecklistKept] = useState(false)
  const [submitQueued, setSubmitQueued] = useState(false)
  const checklistAnswer = useFetcher<SheetResult>({ key: 'pretreat-checklist' }).data
  return (
    <div className="pretreat-sheet">
      <h1>Application Sheet {sheet.number}</h1>
      <RecordNotices notices={data.notices} entity="pretreat" recordId={sheet.id} sentBack={data.sentBack} />
      {data.canSave ? (
        <SheetOffline
          formId="pretreat-sheet"
          checklistFormId="pretreat-checklist"
          draftKey={`pretreat:${sheet.id}`}
          version={sheet.version}
          sheetId={sheet.id}
          number={sheet.number}
          onVersion={setVersion}
          onRefused={refuse}
          onChecklistKept={setChecklistKept}
          onSubmitQueued={setSubmitQueued}
          checklistSavedAt={checklistAnswer?.status === 'success' ? checklistAnswer.savedAt : undefined}
          syncIntervalMs={60_000}
        />
      ) : null}
      {flash ? (
        <p className="notice notice-success" role="status">
          {flash}
        </p>
      ) : null}
      {!data.mayFill && !pending ? <p className="notice">You can read this sheet; the assigned applicator, reviewers and admins fill it.</p> : null}
      {pending ? (
        <>
          <ApplicationInfo sheet={sheet} />
          <ChemicalInfo sheet={sheet} ctx={{ values: data.values, errors: {}, readOnly: true, prefix: 'pt' }} withUsed={false} />
        </>
      ) : (
        <>
          <div hidden={view !== 'sheet'}>
            <SheetView data={data} version={version} readOnly={readOnly} next={toggle('checklist')} told={{ refusal: refusals.sheet, refuse }} queued={submitQueued} />
          </div>
          <div hidden={view !== 'checklist'}>
            <ChecklistView data={data} version={version} readOnly={readOnly} back={toggle('sheet')} told={{ refusal: refusals.checklist, refuse }} kept={checklistKept} />
          </div>
        </>
      )}
    </div>
  )
}

/** Every field empty (a field posted empty is missing from conform's copy). */
const emptyOf = (values: Record<string, string>) => Object.fromEntries(Object.keys(values).map((k) => [k, '']))

function SheetView({ data, version, readOnly, next, told, queued }: { data: LoaderData; version: number; readOnly: boolean; next: (e: MouseEvent) => void; told: Told; queued: boolean }) {
  const { sheet } = data
  const { form, fetcher, saved, posted, marked, onEdit, refusal } = useSheetForm(PretreatSheetSchema, 'pretreat-sheet', 'sheet', told)
  // the offline sync's answer carries the fields' messages too (conform never saw that post), each until edited
  const synced = Object.entries(told.refusal?.errors ?? {}).filter(([name]) => marked.names.has(name))
  const errors = { ...Object.fromEntries(synced.map(([k, v]) => [k, [v]])), ...form.allErrors }
  const ctx: FieldContext = { values: posted ? { ...emptyOf(data.values), ...posted } : data.values, errors, readOnly, prefix: FIELD_PREFIX.sheet, marked }
  const nextLink = (
    <a href={`/pretreats/${sheet.id}?view=checklist`} className="button button-secondary" onClick={next}>
      Next
    </a>
  )
  const body = (
    <>
      <ApplicationInfo sheet={sheet} />
      <ChemicalInfo sheet={sheet} ctx={ctx} withUsed />
      <SheetConditions ctx={ctx} trucks={data.trucks} />
    </>
  )
  if (readOnly) {
    return (
      <>
        {body}
        <div className="form-actions">{nextLink}</div>
      </>
    )
  }
  return (
    <div onInput={onEdit} onChange={onEdit}>
      <AppForm form={form} fetcher={fetcher} submissionId={data.submissionId} className="form pretreat-sheet__form" draftKey={`pretreat:${sheet.id}`}>
        <input type="hidden" name="version" value={String(version)} />
        {body}
        <div className="form-actions sheet-actions">
          {refusal}
          {queued ? (
            <p className="notice" role="status">
              {QUEUED_TEXT}
            </p>
          ) : null}
          {saved ? (
            <p className="notice notice-success" role="status">
              {saved}
            </p>
          ) : null}
          <SubmitButton fetcher={fetcher} name="intent" value="save">
            Save
          </SubmitButton>
          {nextLink}
          {data.canSubmit ? (
            <SubmitButton fetcher={fetcher} name="intent" value="submit">
              Submit
            </SubmitButton>
          ) : null}
        </div>
      </AppForm>
    </div>
  )
}

function ChecklistView({ data, version, readOnly, back, told, kept }: { data: LoaderData; version: number; readOnly: boolean; back: (e: MouseEvent) => void; told: Told; kept: boolean }) {
  const { sheet } = data
  const { form, fetcher, saved, posted, marked, onEdit, refusal } = useSheetForm(PretreatChecklistSchema, 'pretreat-checklist', 'checklist', told)
  const ctx: FieldContext = { values: posted ? { ...emptyOf(data.checklist), ...posted } : data.checklist, errors: form.allErrors, readOnly, prefix: FIELD_PREFIX.checklist, marked }
  const backLink = (
    <a href={`/pretreats/${sheet.id}`} className="button button-secondary" onClick={back}>
      Back
    </a>
  )
  return (
    <section className="sheet-section" aria-labelledby="pt-final-checklist">
      <h2 id="pt-final-checklist">Final Checklist</h2>
      {readOnly ? (
        <>
          <ChecklistFields ctx={ctx} />
          <div className="form-actions">{backLink}</div>
        </>
      ) : (
        <div onInput={onEdit} onChange={onEdit}>
          <AppForm form={form} fetcher={fetcher} submissionId={data.submissionId} className="form pretreat-sheet__form" draftKey={`pretreat:${sheet.id}:checklist`}>
            <input type="hidden" name="intent" value="checklist" />
            <input type="hidden" name="version" value={String(version)} />
            <ChecklistFields ctx={ctx} />
            <div className="form-actions sheet-actions">
              {refusal}
              {kept ? (
                <p className="notice" role="status">
                  {CHECKLIST_KEPT_TEXT}
                </p>
              ) : saved ? (
                <p className="notice notice-success" role="status">
                  {saved}
                </p>
              ) : null}
              {backLink}
              <SubmitButton fetcher={fetcher}>Save Checklist</SubmitButton>
            </div>
          </AppForm>
        </div>
      )}
    </section>
  )
}

/** No such sheet: Not found. Not allowed: the Error modal with the server's text. */
export function ErrorBoundary() {
  return <FormErrorBoundary notFoundText="That pre-treat does not exist." />
}
