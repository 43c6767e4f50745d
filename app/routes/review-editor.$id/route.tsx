// Review editor: one review of a service sheet at its level. An open review of a level the user
// holds is editable ('Edit Review - Level N'); an approved one is read-only ('Completed Review') and
// shows that level's values only. Save keeps the level open, Approve closes it and opens the next
// (workflows/service-review.*). Levels 2 and 3 see what the level before changed (what-changed.tsx).
// The form is review-form.tsx; 'Select Service Details' is service-details.tsx (?details=1).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation, type ShouldRevalidateFunction } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { FlashNotice } from '#app/components/form/flash-notice.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { applyLineIntent } from '#app/components/form/line-items.server.ts'
import { partLines } from '#app/components/form/line-rules.ts'
import { loadPlacePicker, placeQuery, requirePlace, resolvePlace } from '#app/components/form/place.server.ts'
import { serviceText } from '#app/components/service-sheet-detail.tsx'
import { submitForm } from '#app/forms.server.ts'
import { forbidden } from '#app/http-errors.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import type { ReviewLevel } from '#core/enums.ts'
import { formatDate } from '#core/formats.ts'
import { ReviewSchema, reviewValues, ServiceDetailsSchema } from '#core/schemas/review.ts'
import { getDb } from '#db/client.server.ts'
import { partOptions } from '#db/queries/registry.ts'
import { detailsChangesAt, earlierComments, reviewById, reviewSheet, sheetPartLines } from '#db/queries/service-reviews.ts'
import { changeServiceDetails, mayOpenReview, reviewerLevels, submitReview } from '#workflows/service-review.server.ts'
import { ReviewForm } from './review-form.tsx'
import { ServiceDetailsModal } from './service-details.tsx'
import { WhatChanged } from './what-changed.tsx'

export const access = ACCESS['/review-editor/:id']
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.editable ? `Edit Review - Level ${data.review.review_level}` : 'Completed Review' }]
export const handle = { crumbs: [{ label: 'Service', to: '/service' }, { label: 'Reviews', to: '/review-sheets' }, { label: 'Review', to: '.' }] }

/** Runs a read; a failure becomes the spec's text in the Error modal. */
async function orFail<T>(text: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof Response) throw error
    console.error(text, error)
    throw new Response(text, { status: 500 })
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  const db = getDb()
  const review = requireRecord(await orFail('Error fetching review', () => reviewById(db, id)))
  const levels = reviewerLevels(user)
  const level = review.review_level
  if (!mayOpenReview(levels, review)) {
    throw forbidden(review.status === 'approved' ? `This completed review is for level ${level} and level 3 reviewers.` : `This review is for level ${level} reviewers.`)
  }
  const [sheet, lines, earlier, detailsChanges, partList] = await orFail('Failed to load sheet details', () =>
    Promise.all([
      reviewSheet(db, review.service_sheet_id),
      sheetPartLines(db, review.service_sheet_id),
      earlierComments(db, review.service_sheet_id, level),
      level > 1 ? detailsChangesAt(db, review.service_sheet_id, (level - 1) as ReviewLevel) : Promise.resolve([]),
      partOptions(db),
    ]),
  )
  if (!sheet) throw new Response('Failed to load sheet details', { status: 500 })
  const editable = review.status === 'open' && levels.includes(level)
  const search = new URL(request.url).searchParams
  const chosen = search.has('company') || search.has('job')
  const details =
    editable && search.get('details') === '1'
      ? await loadPlacePicker(db, chosen ? placeQuery(search) : { company: sheet.company_name, job: sheet.job_name ?? '', storage: String(sheet.storage_id) })
      : null
  // the lines this level saw: none added by a later level
  const parts = lines.filter((line) => line.added_at_level <= level)
  return { review, sheet, parts, earlier, detailsChanges, partList, editable, reviewerLevels: levels, details }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  const db = getDb()
  const form = await readForm(request)
  const reviewer = { id: user.id, levels: reviewerLevels(user) }
  const failureText = 'Error updating review'

  if (form.get('intent') === 'details') {
    return submitForm({
      form,
      schema: ServiceDetailsSchema,
      failureText,
      redirectTo: `/review-editor/${id}`,
      save: async (value) => {
        const query = { company: value.company ?? '', job: value.job ?? '', storage: value.storage_id ? String(value.storage_id) : '' }
        const place = requirePlace(await resolvePlace(db, query), { company: 'company', job: 'job', storage: 'storage_id' })
        await changeServiceDetails(db, id, reviewer, {
          version: value.version,
          companyId: place.companyId,
          storageId: place.storageId,
          jobId: place.jobId,
          serviceRendered: value.service_rendered,
          otherService: value.other_service,
        })
      },
    })
  }

  const lines = applyLineIntent(form, { new_parts: partLines(await partOptions(db)) })
  if (lines) return lines
  return submitForm({
    form,
    schema: ReviewSchema,
    failureText,
    redirectTo: form.get('intent') === 'approve' ? '/review-sheets' : `/review-editor/${id}`,
    save: async (value) => {
      await submitReview(db, id, reviewer, value.intent === 'approve' ? 'approve' : 'save', {
        version: value.version,
        values: reviewValues(value),
        comments: value.comments,
        parts: value.parts,
        newParts: value.new_parts.map((p) => ({ partId: p.part_id, quantity: p.quantity, description: p.description, nc: p.nc })),
      })
    },
  })
}

export const clientAction = clientActionCatchingNetworkErrors

/** Read the review again after every submit, refused ones too: a conflict must bring the current version. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => actionResult !== undefined || defaultShouldRevalidate

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export default function ReviewEditor() {
  const data = useLoaderData<typeof loader>()
  const { review, sheet, editable } = data
  const level = review.review_level
  const { pathname } = useLocation()
  return (
    <>
      <FlashNotice />
      <h1>{editable ? `Edit Review - Level ${level}` : 'Completed Review'}</h1>
      {review.status === 'approved' ? (
        <p className="notice">
          Level {level} approved by {review.reviewed_by_name ?? 'a reviewer'} on {formatDate(review.reviewed_at)}.
        </p>
      ) : !editable ? (
        <p className="notice">This review is waiting for a level {level} reviewer.</p>
      ) : null}
      <div className="review-page">
        <section className="review-sheet" aria-labelledby="sheet-heading">
          <h2 id="sheet-heading">Service Sheet #{sheet.service_sheet_number}</h2>
          <dl className="detail-list">
            <dt>Date</dt>
            <dd>{formatDate(sheet.service_date)}</dd>
            <dt>Customer</dt>
            <dd>{sheet.company_name}</dd>
            <dt>Storage</dt>
            <dd>{sheet.storage_name}</dd>
            <dt>Job</dt>
            <dd>{sheet.job_name ?? 'None'}</dd>
            <dt>Service</dt>
            <dd>{serviceText(sheet)}</dd>
            <dt>Requested by</dt>
            <dd>{sheet.requested_by}</dd>
            <dt>Tech</dt>
            <dd>{sheet.created_by_name}</dd>
            <dt>Call description</dt>
            <dd>{sheet.description}</dd>
            <dt>Detailed notes</dt>
            <dd>{sheet.notes}</dd>
          </dl>
          {editable ? (
            <Link to={`${pathname}?details=1`} className="button button-secondary" preventScrollReset>
              Select Service Details
            </Link>
          ) : null}
        </section>
        <div className="review-page__main">
          <WhatChanged data={data} />
          {data.earlier.length > 0 ? (
            <section className="earlier-comments" aria-labelledby="comments-heading">
              <h2 id="comments-heading">Earlier comments</h2>
              {data.earlier.map((c) => (
                <p key={c.level}>
                  <strong>Level {c.level} comments</strong>
                  <br />
                  {c.comments || 'No comments.'}
                </p>
              ))}
            </section>
          ) : null}
          <ReviewForm data={data} />
        </div>
      </div>
      {data.details ? <ServiceDetailsModal data={data} picker={data.details} /> : null}
    </>
  )
}

/** A review the user may not open: the Error modal with the server's reason. Not found: 'Not found'. */
export function ErrorBoundary() {
  return <FormErrorBoundary notFoundText="That review does not exist." />
}
