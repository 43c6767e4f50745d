// Assign in a modal over the scheduled list (/scheduled-pre-treat/assign/{id}): the pre-treat's
// facts and the applicator select (licence valid on its application day, 'Expires soon' marked,
// Unassigned = 0). Its own URL, a <dialog open> from the server, so it works without JavaScript;
// saving or closing goes back to the list with the same sort, filter and page. Assigners only.
// Beyond the spec, the season check: what this application would do to its storage's season.
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
import { formatDate } from '#core/formats.ts'
import { localToday } from '#core/schemas/applicator.ts'
import { getDb } from '#db/client.server.ts'
import { scheduledPretreat } from '#db/queries/pretreat-lists.ts'
import { applicatorChoices, pretreatSeasonCheck } from '#db/queries/pretreat-form.ts'
import { SeasonCheck } from '#app/features/pretreat-sheet/season-check.tsx'

export const access = ACCESS['/scheduled-pre-treat']
export const meta: MetaFunction = () => [{ title: 'Assign Applicator' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access)
  if (!mayTakeStep(user, 'ASSIGN')) throw forbidden()
  const id = requireId(params)
  const today = localToday()
  const [pretreat, applicators, seasonCheck, reason] = await Promise.all([
    scheduledPretreat(getDb(), id),
    applicatorChoices(getDb()),
    pretreatSeasonCheck(getDb(), id, today),
    getDb().selectFrom('pretreats').select('dose_reason').where('id', '=', id).executeTakeFirst(),
  ])
  return { pretreat: requireRecord(pretreat), applicators, today, seasonCheck, reason: reason?.dose_reason ?? '', submissionId: crypto.randomUUID() }
}

export function action({ request }: ActionFunctionArgs) {
  return runRowStep(request, access, `/scheduled-pre-treat${new URL(request.url).search}`)
}

export default function AssignModal() {
  const { pretreat, applicators, today, seasonCheck, reason, submissionId } = useLoaderData<typeof loader>()
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
        <dt>Assigned To</dt>
        <dd>{pretreat.assigned_name ?? 'Unassigned'}</dd>
      </dl>
      <SeasonCheck warnings={seasonCheck} reason={reason} />
      {pretreat.void ? (
        <p>This pre-treat is void: it cannot be assigned.</p>
      ) : (
        <div className="pretreat-assign-form">
          <AssignForm row={pretreat} applicators={applicators} today={today} action={`${pathname}${search}`} id="assign-modal-applicator" submissionId={submissionId} />
        </div>
      )}
    </Modal>
  )
}
