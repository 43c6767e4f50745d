// Review editor: one review of a service sheet at its level. An open review of a level the user
// holds is editable ('Edit Review - Level N'); an approved one is read-only ('Completed Review') and
// shows that level's values only. Save keeps the level open, Approve closes it and opens the next
// (workflows/service-review.*). Levels 2 and 3 see what the level before changed (what-changed.tsx).
// The form is review-form.tsx; 'Select Service Details' is service-details.tsx (?details=1); what
// the page reads and what its posts do is data.server.ts.
import type { MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation, type ShouldRevalidateFunction } from '@remix-run/react'
import { SendBackForm, sendBackError } from '#app/features/notices/notices.tsx'
import { ACCESS } from '#app/access.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { FlashNotice } from '#app/components/form/flash-notice.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { afterFailedSubmit } from '#app/components/form/form-result.ts'
import { serviceText } from '#app/components/service-sheet-detail.tsx'
import { RecordImages } from '#app/components/record-images.tsx'
import { formatDate } from '#core/formats.ts'
import type { loader } from './data.server.ts'
import { ReviewForm } from './review-form.tsx'
import { ServiceDetailsModal } from './service-details.tsx'
import { WhatChanged } from './what-changed.tsx'

export { action, loader } from './data.server.ts'
/** The rule the loader checks, for the menus (app/access.ts). */
export const access = ACCESS['/review-editor/:id']
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.editable ? `Edit Review - Level ${data.review.review_level}` : 'Completed Review' }]
export const handle = {
  crumbs: [
    { label: 'Service', to: '/service' },
    { label: 'Reviews', to: '/review-sheets' },
    { label: 'Review', to: '.' },
  ],
}

export const clientAction = clientActionCatchingNetworkErrors

/** Read the review again after every submit, refused ones too: a conflict must bring the current version. */
// a save reads the review again; a failed one (the Error modal) does not: the form stays as typed
export const shouldRevalidate: ShouldRevalidateFunction = (args) => !afterFailedSubmit(args) && (args.actionResult !== undefined || args.defaultShouldRevalidate)

export default function ReviewEditor() {
  const data = useLoaderData<typeof loader>()
  const { review, sheet, editable } = data
  const level = review.review_level
  const { pathname } = useLocation()
  const result = useActionData()
  return (
    <>
      <FlashNotice />
      <h1>{editable ? `Edit Review - Level ${level}` : 'Completed Review'}</h1>
      {review.status === 'approved' ? (
        <p className="notice">
          Level {level} approved by {review.reviewed_by_name ?? 'a reviewer'} on {formatDate(review.reviewed_at)}.
        </p>
      ) : review.status === 'returned' ? (
        <p className="notice">This sheet was sent back to its author; its reviews start again when it is submitted again.</p>
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
          <RecordImages images={data.images} />
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
          {editable ? <SendBackForm submissionId={`review-${review.id}-${review.version}`} version={review.version} error={sendBackError(result)} /> : null}
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
