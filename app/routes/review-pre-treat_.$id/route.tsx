// The review sheet (/review-pre-treat/{id}, spec §2 "Application sheet" in review mode; decision
// 0039): the application sheet's sections, which reviewers may correct, with Pricing, what was
// changed after the first save, the dose warnings and the application record's gaps. Next/Back
// shows the final checklist (read-only: it is not required again in review). Reviewers and
// superusers Save or Submit (level 1 → to-review1, level 2 → completed); everyone else the access
// rule lets in reads it; a completed pre-treat opens read-only, its prices too.
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useForm } from '@conform-to/react'
import type { MetaFunction } from '@remix-run/node'
import { useActionData, useFetcher, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { RecordNotices, SendBackForm, sendBackError } from '#app/features/notices/notices.tsx'
import type { MouseEvent } from 'react'
import { ACCESS } from '#app/access.ts'
import { AppForm, clientActionCatchingNetworkErrors, SubmitButton } from '#app/components/form/app-form.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { flatten, useSheetPart } from '#app/features/pretreat-sheet/sheet-page.ts'
import { ChecklistFields } from '#app/features/pretreat-sheet/checklist.tsx'
import { SheetConditions } from '#app/features/pretreat-sheet/conditions.tsx'
import { ApplicationDateWarning, ApplicationInfo, ChemicalInfo } from '#app/features/pretreat-sheet/info.tsx'
import { SeasonCheck, SeasonReasonField } from '#app/features/pretreat-sheet/season-check.tsx'
import { Pricing, type PricingLine } from '#app/features/pretreat-sheet/pricing.tsx'
import type { FieldContext } from '#app/features/pretreat-sheet/sheet-fields.tsx'
import { SheetEdits } from '#app/features/pretreat-sheet/what-changed.tsx'
import sheetCss from '#app/features/pretreat-sheet/sheet.css?url'
import { PretreatReviewSchema } from '#core/schemas/pretreat-review.ts'
import type { LoaderData, loader, ReviewResult } from './data.server.ts'

export { action, loader } from './data.server.ts'
/** The rule the loader checks, for the menus (app/access.ts). */
export const access = ACCESS['/review-pre-treat/:id']
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Review Pre-Treat ${data.sheet.number}` : 'Review Pre-Treat' }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Review', to: '/review-pre-treat' },
    { label: 'Review Sheet', to: '.' },
  ],
}
export const links = () => [{ rel: 'stylesheet', href: sheetCss }]

export const clientAction = clientActionCatchingNetworkErrors

/** After a submit the Success modal shows, then the list: the sheet is not read again meanwhile. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  if ((args.actionResult as ReviewResult | undefined)?.outcome === 'success') return false
  return keepPageAfterFailedSubmit(args)
}

const FORM_ID = 'pretreat-review'

export default function ReviewPretreatPage() {
  const data = useLoaderData<typeof loader>()
  const { sheet } = data
  const { part: view, show: toggle } = useSheetPart(data.view)
  const actionResult = useActionData()
  return (
    <div className="pretreat-sheet">
      <h1>{sheet.status === 'completed' ? `Completed Pre-Treat ${sheet.number}` : `Review Pre-Treat ${sheet.number}`}</h1>
      {data.saved ? (
        <p className="notice notice-success" role="status">
          Saved.
        </p>
      ) : null}
      <RecordNotices notices={data.notices} entity="pretreat" recordId={sheet.id} sentBack={false} />
      <ReaderNotice data={data} />
      {data.canReview && data.recordGaps.length > 0 ? (
        <p className="notice notice-warning" role="note">
          Application record incomplete: {data.recordGaps.join(', ')}. A second-level review cannot complete this pre-treat until they are filled in.
        </p>
      ) : null}
      {data.secondReviewNeeded ? (
        <p className="notice notice-warning" role="note">
          {data.secondReviewNeeded}
        </p>
      ) : null}
      <div hidden={view !== 'sheet'}>
        <ReviewForm data={data} next={toggle('checklist')} />
        {data.canSendBack ? <SendBackForm submissionId={data.submissionId} version={sheet.version} error={sendBackError(actionResult)} /> : null}
      </div>
      <div hidden={view !== 'checklist'}>
        <section className="sheet-section" aria-labelledby="rv-final-checklist">
          <h2 id="rv-final-checklist">Final Checklist</h2>
          <ChecklistFields ctx={{ values: data.checklist, errors: {}, readOnly: true, prefix: 'rv-fc' }} />
          <div className="form-actions">
            <a href={`/review-pre-treat/${sheet.id}`} className="button button-secondary" onClick={toggle('sheet')}>
              Back
            </a>
          </div>
        </section>
      </div>
    </div>
  )
}

function ReaderNotice({ data }: { data: LoaderData }) {
  if (data.canReview) return null
  const text =
    data.sheet.status === 'completed'
      ? 'This pre-treat is completed: its sheet and prices are read-only.'
      : data.level === null
        ? 'You can read this sheet; pre-treat reviewers review it.'
        : 'This pre-treat is not waiting for a review.'
  return <p className="notice">{text}</p>
}

function ReviewForm({ data, next }: { data: LoaderData; next: (e: MouseEvent) => void }) {
  const { sheet } = data
  const fetcher = useFetcher<ReviewResult>({ key: FORM_ID })
  const actionData = useActionData<ReviewResult>()
  const result = fetcher.data ?? actionData
  const [form] = useForm({
    id: FORM_ID,
    lastResult: result && result.status !== 'success' ? result : undefined,
    constraint: getZodConstraint(PretreatReviewSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PretreatReviewSchema }),
  })
  // Without JavaScript a refused post renders the page again: the form shows what was posted.
  const posted = result?.status !== 'success' && result?.initialValue ? flatten(result.initialValue) : null
  const readOnly = !data.canReview
  const values = posted ? { ...Object.fromEntries(Object.keys(data.values).map((k) => [k, ''])), ...posted } : data.values
  const ctx: FieldContext = { values, errors: form.allErrors, readOnly, prefix: 'rv' }
  const reasonError = form.allErrors.season_reason?.join(' ')
  // the server's last answer asked for a reason: the field stays while it is typed (conform's check as one types clears the message)
  const reasonAsked = result?.status === 'error' && Boolean(result.error?.season_reason?.length)
  const prices: PricingLine[] = posted ? data.prices.map((l, i) => ({ ...l, cwt_share: posted[`prices[${i}].cwt_share`] ?? '', price: posted[`prices[${i}].price`] ?? '' })) : data.prices
  const saved = result?.status === 'success' && result.outcome !== 'success' && fetcher.state === 'idle'
  const nextLink = (
    <a href={`/review-pre-treat/${sheet.id}?view=checklist`} className="button button-secondary" onClick={next}>
      Next
    </a>
  )
  const body = (
    <>
      <ApplicationDateWarning date={data.applicationDateAhead} />
      <ApplicationInfo sheet={sheet} />
      <ChemicalInfo sheet={sheet} ctx={ctx} withUsed />
      <SeasonCheck warnings={data.seasonCheck} reasons={data.seasonReasons} unanswered={data.seasonUnanswered} checked={data.seasonChecked} />
      {/* asked while a warning has no reason, or after a Submit refused for one (the page is not read again after a refusal) */}
      {!readOnly && (data.seasonUnanswered.length > 0 || reasonAsked) ? <SeasonReasonField id="rv-season-reason" error={reasonError} defaultValue={values.season_reason ?? ''} /> : null}
      {/* with JavaScript it keeps what was typed; without, the page comes again with what was posted */}
      <Pricing lines={prices} expectedCwt={data.expectedCwt} readOnly={readOnly} errors={form.allErrors} />
      <SheetConditions ctx={ctx} trucks={data.trucks} />
      <SheetEdits edits={data.edits} />
    </>
  )
  if (readOnly) {
    // a post refused for a reader (not a reviewer, or the pre-treat moved on) says why here
    const refused = result?.status === 'error' ? result.error?.['']?.[0] : undefined
    return (
      <>
        {refused ? (
          <p className="notice notice-error" role="alert">
            {refused}
          </p>
        ) : null}
        {body}
        <div className="form-actions">{nextLink}</div>
      </>
    )
  }
  return (
    <AppForm form={form} fetcher={fetcher} submissionId={data.submissionId} className="form pretreat-sheet__form">
      <input type="hidden" name="version" value={String(sheet.version)} />
      {body}
      <div className="form-actions sheet-actions">
        {saved ? (
          <p className="notice notice-success" role="status">
            Saved.
          </p>
        ) : null}
        <SubmitButton fetcher={fetcher} name="intent" value="save">
          Save
        </SubmitButton>
        {nextLink}
        <SubmitButton fetcher={fetcher} name="intent" value="submit">
          Submit
        </SubmitButton>
      </div>
    </AppForm>
  )
}

/** No such pre-treat: Not found. Not allowed: the Error modal with the server's text. */
export function ErrorBoundary() {
  return <FormErrorBoundary notFoundText="That pre-treat does not exist." />
}
