// New Call Form: the PlacePicker (a customer and its storage, or a job), then the call's details
// once the choice is complete. The form to copy for a new form that says where work happens.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { AppForm, recordSummary, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { clientActionQueuingOffline } from '#app/offline/queue-offline.ts'
import { useReopenedFromOutbox } from '#app/offline/restore-form.ts'
import { DraftsElsewhere } from '#app/offline/drafts-elsewhere.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { CheckboxField, TextAreaField, TextField } from '#app/components/form/fields.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { PlaceErrors, PlaceInputs, PlacePicker, usePlacePicker } from '#app/components/form/place-picker.tsx'
import { loadPlacePicker, placeQuery, type Place } from '#app/components/form/place.server.ts'
import { submitCommand } from '#app/command-answer.server.ts'
import { createCallIn } from '#commands/call-ins.ts'
import { CallInSchema } from '#core/schemas/call-in.ts'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/service-call']
export const meta: MetaFunction = () => [{ title: 'New Call Form' }]
export const handle = {
  crumbs: [
    { label: 'Service', to: '/service' },
    { label: 'New Call', to: '/service-call' },
  ],
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return {
    picker: await loadPlacePicker(getDb(), placeQuery(new URL(request.url).searchParams)),
    today: new Date().toLocaleDateString('en-CA'),
    submissionId: crypto.randomUUID(),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const form = await readForm(request)
  return submitCommand({ request, form, command: createCallIn, actor: user, redirectTo: '/service' })
}

export const clientAction = clientActionQueuingOffline
export const shouldRevalidate = keepPageAfterFailedSubmit

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export default function NewCallForm() {
  const data = useLoaderData<typeof loader>()
  const picker = usePlacePicker(data.picker, { onDevice: true })
  // a call the server refused, opened from the outbox: shown with what was typed even while its choice is refused
  const reopened = useReopenedFromOutbox()
  return (
    <>
      <h1>New Call Form</h1>
      <div className="form-page">
        <PlacePicker picker={picker} />
        {/* "The rest of the form appears once a job or a storage is chosen." */}
        {picker.place || reopened ? <CallDetailsForm data={data} place={picker.place} /> : null}
        <DraftsElsewhere />
      </div>
    </>
  )
}

function CallDetailsForm({ data, place }: { data: LoaderData; place: Place | null }) {
  const { form, fields, fetcher } = useAppForm(CallInSchema, { id: 'call-in', defaultValue: { call_in_date: data.today } })
  const placeErrors = [fields.company_id, fields.storage_id, fields.job_id].flatMap((f) => f.errors ?? [])
  return (
    <AppForm keepDraft form={form} fetcher={fetcher} submissionId={data.submissionId} summary={recordSummary(place?.companyName, place?.storageName, fields.call_in_date.value)}>
      <PlaceInputs place={place} />
      <PlaceErrors errors={placeErrors} />
      <div className="form-section">
        <TextField field={fields.requested_by} label="Requested By" autoComplete="off" />
        <TextField field={fields.call_in_date} label="Call Date" type="date" />
      </div>
      <TextAreaField field={fields.description} label="Reason for Service" />
      <CheckboxField field={fields.got_it} label="I got it" />
      <SubmitRow fetcher={fetcher} />
    </AppForm>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/service-call" />
}
