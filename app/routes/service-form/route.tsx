// New Service Sheet Form: the PlacePicker (a customer and its storage, or a job), or ?call=ID (a
// sheet made from a call, its place fixed), then the sheet form (sheet-form.tsx). The sheet number
// is reserved when the form opens, that is once the place is complete; a form opened from the
// device with no signal (its place chosen there) gets its number when the sheet reaches the server. Without JavaScript, Add Part
// and Remove post the form back and it comes back as it was, with the lines changed. What the page
// reads and what its posts do is data.server.ts.
import { DraftsElsewhere } from '#app/offline/drafts-elsewhere.tsx'
import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { clientActionQueuingOffline } from '#app/offline/queue-offline.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { keepPageAfterPost, usePostedBack } from '#app/components/form/form-result.ts'
import { PlacePicker, usePlacePicker } from '#app/components/form/place-picker.tsx'
import { useReopenedFromOutbox } from '#app/offline/restore-form.ts'
import { Modal } from '#app/components/modal.tsx'
import { formatDate } from '#core/formats.ts'
import type { LoaderData, loader } from './data.server.ts'
import { SheetForm } from './sheet-form.tsx'

export { action, loader } from './data.server.ts'
/** The rule the loader checks, for the menus (app/access.ts). */
export const access = ACCESS['/service-form']
export const meta: MetaFunction = () => [{ title: 'New Service Sheet Form' }]
export const handle = {
  crumbs: [
    { label: 'Service', to: '/service' },
    { label: 'New Service Sheet', to: '/service-form' },
  ],
}

// After a POST to this page (a refused submit, with JavaScript) the form stays as it is: reloading
// would open it again for nothing.
export const shouldRevalidate = keepPageAfterPost

export const clientAction = clientActionQueuingOffline

export default function NewServiceSheet() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>New Service Sheet Form</h1>
      {data.picker ? (
        <ServiceSheetPage data={{ ...data, picker: data.picker }} />
      ) : (
        <Modal title="Error">
          <p role="alert">{data.loadError}</p>
          <div className="form-actions">
            <a href="/service-form" className="button">
              OK
            </a>
          </div>
        </Modal>
      )}
    </>
  )
}

function ServiceSheetPage({ data }: { data: LoaderData & { picker: NonNullable<LoaderData['picker']> } }) {
  const picker = usePlacePicker(data.picker, { keep: data.call ? { call: String(data.call.id) } : {}, readOnly: Boolean(data.call), onDevice: true })
  // Without JavaScript a form posted back (Add Part, Remove, a refusal) keeps the number it showed.
  const { posted, submissionId, imageIds } = usePostedBack(data.submissionId)
  const sheetNumber = Number(posted.sheet_number) || data.sheetNumber
  const place = picker.place
  // a sheet the server refused, opened from the outbox: shown with what was typed even while its choice is refused
  const reopened = useReopenedFromOutbox()
  return (
    <div className="form-page">
      <PlacePicker picker={picker}>{data.call ? <p className="muted">From the call of {formatDate(data.call.date)}.</p> : null}</PlacePicker>
      {data.call?.sheetNumber ? (
        <p className="notice notice-error" role="alert">
          This call already has service sheet #{data.call.sheetNumber}.
        </p>
      ) : (place && (sheetNumber || picker.onDevice)) || reopened ? (
        <SheetForm
          key={sheetNumber ?? 'on-device'}
          data={data}
          place={place}
          path={place?.path ?? (picker.texts.job ? 'job' : 'company')}
          sheetNumber={sheetNumber}
          submissionId={submissionId}
          imageIds={imageIds}
        />
      ) : null}
      <DraftsElsewhere />
    </div>
  )
}

/** A call that does not exist: Not found. Anything else: the Error modal, with the server's text. */
export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/service-form" notFoundText="That call does not exist." />
}
