// The restart checklist (/restarts/{id}, id = the restart's; spec §2 "Restart form and lists",
// docs/decisions/0041): the pre-treat's facts and restart instructions, then Remote, Running and
// Cleaned Up (yes/no, all three answered) and Comments. A completed restart reads back its answers
// and who gave them; a post to it is refused with that (nothing changes), except the very form that
// completed it, sent again, which is answered as before.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useFetcher, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { AppForm, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { clientActionQueuingOffline } from '#app/offline/queue-offline.ts'
import { TextAreaField } from '#app/components/form/fields.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { keepPageAfterFailedSubmit, type FormResult } from '#app/components/form/form-result.ts'
import { YesNo } from '#app/features/pretreat-sheet/sheet-fields.tsx'
import sheetCss from '#app/features/pretreat-sheet/sheet.css?url'
import { RestartFacts, RestartInfo } from '#app/features/restarts/restart-info.tsx'
import { queueCompletedPretreatPdf } from '#app/features/pretreat-pdf/pretreat-pdf.server.ts'
import { submitCommand } from '#app/command-answer.server.ts'
import { loadRecord, requireId } from '#app/records.server.ts'
import { completeRestart } from '#commands/restarts.ts'
import { RESTART_FAILED, RESTART_QUESTIONS, RestartSchema } from '#core/schemas/restart.ts'
import { getDb } from '#db/client.server.ts'
import { restartById } from '#db/queries/restarts.ts'

export const access = ACCESS['/restarts/:id']
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Restart ${data.restart.pre_treat_number}` : 'Restart Checklist' }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Pending Restarts', to: '/pending-restarts' },
    { label: 'Restart Checklist', to: '.' },
  ],
}
export const links = () => [{ rel: 'stylesheet', href: sheetCss }]

export const loader = (args: LoaderFunctionArgs) =>
  loadRecord(args, access, async (id) => {
    const restart = await restartById(getDb(), id)
    return restart && { restart, submissionId: crypto.randomUUID() }
  })

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  const form = await readForm(request)
  return submitCommand({
    request,
    form,
    command: completeRestart,
    actor: user,
    fixed: { restart_id: id },
    // the pre-treat's PDF prints the restart: a completed pre-treat's new PDF is queued with it
    then: (trx, done) => queueCompletedPretreatPdf(trx, done.pretreat_id),
    redirectTo: '/pending-restarts',
    failureText: RESTART_FAILED,
    successFlash: 'restart-submitted',
  })
}

export const clientAction = clientActionQueuingOffline

/** After a success the page is not read again: the form (and its Success modal) stays until the move to the list. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => ((args.actionResult as FormResult | undefined)?.outcome === 'success' ? false : keepPageAfterFailedSubmit(args))

const FORM_ID = 'restart'

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export default function RestartChecklist() {
  const data = useLoaderData<typeof loader>()
  const { restart } = data
  // A post refused because the restart was completed meanwhile: the page reads it again and shows
  // it read-only, with the refusal above (the form's fetcher is read here, where it stays mounted).
  const fetcher = useFetcher<FormResult>({ key: FORM_ID })
  const actionData = useActionData<FormResult>()
  const refused = (fetcher.data ?? actionData)?.error?.['']
  return (
    <div className="pretreat-sheet">
      <h1>Restart Checklist {restart.pre_treat_number}</h1>
      {restart.completed_at && refused?.length ? (
        <p className="notice notice-error" role="alert">
          {refused.join(' ')}
        </p>
      ) : null}
      <RestartFacts restart={restart} />
      {restart.completed_at ? <RestartInfo restart={restart} /> : <RestartForm data={data} />}
    </div>
  )
}

function RestartForm({ data }: { data: LoaderData }) {
  const { form, fields, fetcher } = useAppForm(RestartSchema, { id: FORM_ID })
  const values = Object.fromEntries(RESTART_QUESTIONS.map((q) => [q.name, String(fields[q.name].initialValue ?? '')]))
  return (
    <section className="sheet-section" aria-labelledby="restart-checklist">
      <h2 id="restart-checklist">Restart Checklist</h2>
      <AppForm keepDraft form={form} fetcher={fetcher} submissionId={data.submissionId}>
        <div className="checklist__items">
          {RESTART_QUESTIONS.map((q) => (
            <YesNo key={q.name} ctx={{ values, errors: form.allErrors, readOnly: false, prefix: 'rs' }} name={q.name} label={q.label} />
          ))}
        </div>
        <TextAreaField field={fields.comments} label="Comments" />
        <SubmitRow fetcher={fetcher} />
      </AppForm>
    </section>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/pending-restarts" />
}
