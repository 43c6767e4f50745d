// Storage Check Form: the PlacePicker (the owner, then one of its storages; no job numbers), then
// the check once the storage is chosen (check-form.tsx). Locked to a company (/storage-check-form/{id})
// the owner is shown, not chosen. The same page answers at /storage-check and /storage-check/{id}
// (the spec's second spelling). What the page reads and what its posts do is data.server.ts.
import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { clientActionQueuingOffline } from '#app/offline/queue-offline.ts'
import { DraftsElsewhere } from '#app/offline/drafts-elsewhere.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { keepPageAfterPost, usePostedBack } from '#app/components/form/form-result.ts'
import { PlacePicker, usePlacePicker } from '#app/components/form/place-picker.tsx'
import { useReopenedFromOutbox } from '#app/offline/restore-form.ts'
import type { loader } from './data.server.ts'
import { CheckForm } from './check-form.tsx'
import { DeleteRecordForm } from '#app/components/delete-record-form.tsx'

export { action, loader } from './data.server.ts'
/** The rule the loader checks, for the menus (app/access.ts). */
export const access = ACCESS['/storage-check-form']
export const meta: MetaFunction = () => [{ title: 'Storage Check Form' }]
/** A correction (?correct={id}) is named as such in the trail, as in its heading. */
export const handle = {
  crumbs: (data: { correcting?: { id: number } | null } | undefined) => [
    { label: 'Storage Checks', to: '/checks' },
    data?.correcting ? { label: 'Correct Storage Check', to: `/storage-check-form?correct=${data.correcting.id}` } : { label: 'Storage Check Form', to: '/storage-check-form' },
  ],
}

export const shouldRevalidate = keepPageAfterPost

export const clientAction = clientActionQueuingOffline

export default function StorageCheckForm() {
  const data = useLoaderData<typeof loader>()
  const { correcting } = data
  // correcting (?correct={id}, decision 0067): the same form, filled with the check; its owner and storage stay
  const picker = usePlacePicker(data.picker, { withJobs: false, companyFixed: data.locked !== null, companyLabel: 'Owner', onDevice: !correcting, readOnly: Boolean(correcting) })
  const { submissionId, imageIds } = usePostedBack(data.submissionId, correcting?.images)
  // a check the server refused, opened from the outbox: shown with what was typed even while its choice is refused
  const reopened = useReopenedFromOutbox()
  // the form is the address's storage's (its draft is kept by it), also while that choice is refused
  const storage = String(picker.place?.storageId ?? picker.data.asked.storage)
  return (
    <>
      <h1>{correcting ? 'Correct Storage Check' : 'Storage Check Form'}</h1>
      <div className="form-page">
        {correcting ? (
          <p className="muted">
            Owner: {picker.data.texts.company} · Storage: {picker.storageName}
          </p>
        ) : (
          <PlacePicker picker={picker} hint="Choose the owner, then one of its storages." />
        )}
        {picker.place || reopened ? <CheckForm key={storage} data={data} place={picker.place} storage={storage} submissionId={submissionId} imageIds={imageIds} /> : null}
        {correcting ? null : <DraftsElsewhere />}
      </div>
      {correcting ? <DeleteRecordForm recordId={correcting.id} version={correcting.version} noun="storage check" submissionId={correcting.deleteSubmissionId} /> : null}
    </>
  )
}

/** A 403 on the form or its look-ups: the Error modal with the server's text. An unknown company: Not found. */
export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/storage-check-form" notFoundText="That company does not exist." />
}
