// One restart follow-up, in a modal over Restart Follow-Ups (its own URL, works without JavaScript;
// issue 24, decision 0070): the restart's answers that raised it, who gave them and when, and how
// it was resolved (a later restart of the storage, or an assigner's note, with who and when). An
// open one has the form that closes it: How it was resolved (required), saved by the closeFollowUp
// command, once per submission id.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useFetcher, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { Fragment } from 'react'
import { ACCESS } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { AppForm, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { TextAreaField } from '#app/components/form/fields.tsx'
import { FLASH_PARAM } from '#app/components/form/flash-notice.tsx'
import { keepPageAfterFailedSubmit, type FormResult } from '#app/components/form/form-result.ts'
import { RecordModal } from '#app/components/modal.tsx'
import { followUpFacts } from '#app/features/restart-follow-ups/follow-ups.tsx'
import { submitCommand } from '#app/command-answer.server.ts'
import { loadRecord, requireId } from '#app/records.server.ts'
import { closeFollowUp, mayFollowUpRestarts } from '#commands/restart-follow-ups.ts'
import { CloseFollowUpSchema } from '#core/schemas/restart-follow-up.ts'
import { getDb } from '#db/client.server.ts'
import { followUpById } from '#db/queries/restart-follow-ups.ts'

export const access = ACCESS['/follow-ups']
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Follow-Up: ${data.followUp.storage_name}` : 'Restart Follow-Up' }]

export const loader = (args: LoaderFunctionArgs) =>
  loadRecord(args, access, async (id, user) => {
    const followUp = await followUpById(getDb(), id)
    return followUp && { followUp, closeForm: !followUp.closed_at && mayFollowUpRestarts(user) ? { submissionId: crypto.randomUUID() } : null }
  })

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  return submitCommand({
    request,
    form: await readForm(request),
    command: closeFollowUp,
    actor: user,
    fixed: { follow_up_id: id },
    // back to the list as it was (the follow-up is now on the closed list), which says it was closed:
    // without JavaScript as every form's flash; with it too, after the Success modal, as its row is gone
    redirectTo: closedListAddress(request),
    successFlash: 'follow-up-closed',
  })
}

function closedListAddress(request: Request): string {
  const search = new URL(request.url).searchParams
  search.set(FLASH_PARAM, 'follow-up-closed')
  return `/follow-ups?${search}`
}

/** After a success the record is not read again: the form (and its Success modal) stays until the move to the list. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => ((args.actionResult as FormResult | undefined)?.outcome === 'success' ? false : keepPageAfterFailedSubmit(args))

const FORM_ID = 'close-follow-up'

export default function FollowUpModal() {
  const { followUp, closeForm } = useLoaderData<typeof loader>()
  // a note refused because the follow-up was closed meanwhile: the page reads it again, closed, with the refusal above
  const fetcher = useFetcher<FormResult>({ key: FORM_ID })
  const actionData = useActionData<FormResult>()
  const refused = (fetcher.data ?? actionData)?.error?.['']
  return (
    <RecordModal title={`Restart Follow-Up: ${followUp.storage_name}`}>
      {followUp.closed_at && refused?.length ? (
        <p className="notice notice-error" role="alert">
          {refused.join(' ')}
        </p>
      ) : null}
      <dl className="detail-list">
        {followUpFacts(followUp).map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <p>
        <Link to={`/view-storage/${followUp.storage_id}`}>Open the storage</Link>
      </p>
      {closeForm ? <CloseForm submissionId={closeForm.submissionId} /> : null}
    </RecordModal>
  )
}

function CloseForm({ submissionId }: { submissionId: string }) {
  const { form, fields, fetcher } = useAppForm(CloseFollowUpSchema, { id: FORM_ID })
  return (
    <section aria-labelledby="close-follow-up-title">
      <h3 id="close-follow-up-title">Close with a note</h3>
      <AppForm form={form} fetcher={fetcher} submissionId={submissionId}>
        <TextAreaField field={fields.note} label="How it was resolved" rows={3} />
        <SubmitRow fetcher={fetcher}>Close Follow-Up</SubmitRow>
      </AppForm>
    </section>
  )
}
