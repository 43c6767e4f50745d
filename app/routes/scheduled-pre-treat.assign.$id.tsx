// Assign in a modal over the scheduled list (/scheduled-pre-treat/assign/{id}): the pre-treat's
// facts and the applicator select (licence valid on its application day, 'Expires soon' marked,
// Unassigned = 0). Its own URL, a <dialog open> from the server, so it works without JavaScript;
// saving or closing goes back to the list with the same sort, filter and page. Assigners only.
// Beyond the spec, the season check: what this application would do to its storage's season, with
// every reason given so far; a warning no reason answers yet puts the reason field in the form, and
// the server refuses the Assign without it (decision 0063). An Assign that books the applicator (or
// the truck) at another storage that day is refused naming it, and the form then asks "Assign
// anyway" (the dispatch board's confirm; decision 0066).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { Modal } from '#app/components/modal.tsx'
import { runRowStep, type RowStepResult } from '#app/features/pretreat-lists/list-data.server.ts'
import { mayTakeStep } from '#core/pretreat-steps.ts'
import { AssignForm, statusText } from '#app/features/pretreat-lists/pretreat-list.tsx'
import { forbidden } from '#app/http-errors.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { CONFIRM_FIELD, DISPATCH_MESSAGES } from '#core/dispatch.ts'
import { formatDate } from '#core/formats.ts'
import { localToday } from '#core/schemas/applicator.ts'
import { getDb } from '#db/client.server.ts'
import { scheduledPretreat } from '#db/queries/pretreat-lists.ts'
import { applicatorChoices } from '#db/queries/pretreat-form.ts'
import { pretreatSeasonCheck } from '#db/queries/season.ts'
import { SeasonCheck, SeasonReasonField } from '#app/features/pretreat-sheet/season-check.tsx'
import { SEASON_REASON_MISSING, unansweredWarnings } from '#core/season-reasons.ts'
import { seasonReasonsOf } from '#db/queries/season-reasons.ts'

export const access = ACCESS['/scheduled-pre-treat']
export const meta: MetaFunction = () => [{ title: 'Assign Applicator' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access)
  if (!mayTakeStep(user, 'ASSIGN')) throw forbidden()
  const id = requireId(params)
  const today = localToday()
  const [pretreat, applicators, seasonCheck, { reasons, answered }] = await Promise.all([
    scheduledPretreat(getDb(), id),
    applicatorChoices(getDb()),
    pretreatSeasonCheck(getDb(), id, today),
    seasonReasonsOf(getDb(), id),
  ])
  const unanswered = unansweredWarnings(seasonCheck, answered)
  return { pretreat: requireRecord(pretreat), applicators, today, seasonCheck, reasons, unanswered, submissionId: crypto.randomUUID() }
}

export function action({ request }: ActionFunctionArgs) {
  return runRowStep(request, access, `/scheduled-pre-treat${new URL(request.url).search}`)
}

export default function AssignModal() {
  const { pretreat, applicators, today, seasonCheck, reasons, unanswered, submissionId } = useLoaderData<typeof loader>()
  const failed = useActionData<RowStepResult>()
  const { pathname, search } = useLocation()
  return (
    <Modal title="Assign Applicator" closeTo={`/scheduled-pre-treat${search}`}>
      {failed?.error ? (
        <p className="notice notice-error" role="alert">
          {failed.error}
        </p>
      ) : null}
      <dl className="detail-list">
        <dt>Pre-Treat #</dt>
        <dd>{pretreat.pre_treat_number}</dd>
        <dt>Owner</dt>
        <dd>{pretreat.company_name}</dd>
        <dt>Storage</dt>
        <dd>{pretreat.storage_name}</dd>
        <dt>Status</dt>
        <dd>{statusText(pretreat)}</dd>
        <dt>Application Date</dt>
        <dd>{pretreat.application_date ? formatDate(pretreat.application_date) : `Not set (licences are checked for today, ${today})`}</dd>
        <dt>Chemical</dt>
        <dd>{pretreat.chemicals ?? ''}</dd>
        <dt>Planned Date</dt>
        <dd>{pretreat.planned_on ?? 'Not planned'}</dd>
        <dt>Assigned To</dt>
        <dd>{pretreat.assigned_name ?? 'Unassigned'}</dd>
      </dl>
      <SeasonCheck warnings={seasonCheck} reasons={reasons} unanswered={unanswered} />
      {pretreat.void ? (
        <p>This pre-treat is void: it cannot be assigned.</p>
      ) : (
        <div className="pretreat-assign-form">
          <AssignForm row={pretreat} applicators={applicators} today={today} action={`${pathname}${search}`} id="assign-modal-applicator" submissionId={submissionId}>
            {/* asked while a warning has no reason; after a refusal too (with JavaScript the page is not read again after one) */}
            {/* the day it is planned for (issue 24: the dispatch board's day; the licence is checked on it) */}
            {pretreat.status !== 'in-progress' ? (
              <div className="field">
                <label htmlFor="assign-planned-on">Planned date</label>
                <input id="assign-planned-on" type="date" name="planned_on" defaultValue={pretreat.planned_on ?? ''} min="2000-01-01" max="2099-12-31" />
              </div>
            ) : null}
            {unanswered.length > 0 || failed?.reasonAt ? <SeasonReasonField id="assign-season-reason" error={failed?.reasonAt ? SEASON_REASON_MISSING : undefined} /> : null}
            {/* refused for a booking that day (the message above names it): assigned only when ticked */}
            {failed?.confirmAt ? (
              <div className="field assign-confirm">
                <label className="checkbox" htmlFor="assign-confirm">
                  <input id="assign-confirm" type="checkbox" name={CONFIRM_FIELD} value="yes" />
                  {DISPATCH_MESSAGES.assignAnyway}
                </label>
              </div>
            ) : null}
          </AssignForm>
        </div>
      )}
    </Modal>
  )
}
