// Receipt Form: the type first (Fuel, Expenses, Parts), then the receipt with the type's block
// (receipt-fields.tsx). Without JavaScript the type is a GET step whose Continue opens the form for
// that type (?type=Fuel); with JavaScript choosing a type goes there at once. Either way a new type
// is a new form: every field and the chosen file start afresh. What the page reads and what its
// post does is data.server.ts.
import type { MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useNavigate } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { discardDraft } from '#app/offline/form-drafts.ts'
import { DraftsElsewhere } from '#app/offline/drafts-elsewhere.tsx'
import { clientActionQueuingOffline } from '#app/offline/queue-offline.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { keepPageAfterPost, usePostedBack } from '#app/components/form/form-result.ts'
import { ContinueRow } from '#app/components/form/fields.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { RECEIPT_TYPES, type ReceiptType } from '#core/enums.ts'
import type { loader } from './data.server.ts'
import { receiptFormId, ReceiptFields } from './receipt-fields.tsx'
import { DeleteRecordForm } from '#app/components/delete-record-form.tsx'

export { action, loader } from './data.server.ts'
/** The rule the loader checks, for the menus (app/access.ts). */
export const access = ACCESS['/receipt-form']
export const meta: MetaFunction = () => [{ title: 'Receipt Form' }]
/** A correction (?correct={id}) is named as such in the trail, as in its heading. */
export const handle = {
  crumbs: (data: { correcting?: { id: number } | null } | undefined) => [
    { label: 'Receipts', to: '/receipt' },
    data?.correcting ? { label: 'Correct Receipt', to: `/receipt-form?correct=${data.correcting.id}` } : { label: 'New Receipt', to: '/receipt-form' },
  ],
}

// After a POST to this page (a refused submit, with JavaScript) the form stays as it is.
export const shouldRevalidate = keepPageAfterPost

export const clientAction = clientActionQueuingOffline

export default function ReceiptForm() {
  const data = useLoaderData<typeof loader>()
  const type = data.type
  const { correcting } = data
  // correcting (?correct={id}, decision 0067): the same form, filled with the receipt; its type stays
  const { submissionId, imageIds } = usePostedBack(data.submissionId, correcting?.images)
  return (
    <>
      <h1>{correcting ? 'Correct Receipt' : 'Receipt Form'}</h1>
      <div className="form-page">
        {correcting ? <p className="muted">Type: {type}</p> : <TypeStep type={type} />}
        {correcting ? null : <DraftsElsewhere />}
        {type ? <ReceiptFields key={`${type}:${data.submissionId}`} data={data} type={type} submissionId={submissionId} imageIds={imageIds} /> : null}
      </div>
      {correcting ? <DeleteRecordForm recordId={correcting.id} version={correcting.version} noun="receipt" submissionId={correcting.deleteSubmissionId} /> : null}
    </>
  )
}

/** The first step: a GET form, so it works without JavaScript; with it, a change goes at once. */
function TypeStep({ type }: { type: ReceiptType | null }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const address = (t: string) => `/receipt-form?type=${encodeURIComponent(t)}`
  const chooseType = (next: string) => {
    if (!next) return
    // "Changing the receipt type resets all form fields and the chosen file": the draft of the type left goes too
    if (type) void discardDraft(address(type), receiptFormId(type))
    navigate(address(next))
  }
  return (
    <Form method="get" action="/receipt-form" className="form receipt-type">
      <div className="field">
        <label htmlFor="receipt-type">Type</label>
        <select id="receipt-type" name="type" key={type ?? ''} defaultValue={type ?? ''} required onChange={hydrated ? (e) => chooseType(e.currentTarget.value) : undefined}>
          <option value="" disabled>
            Choose a type
          </option>
          {RECEIPT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : <ContinueRow />}
    </Form>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/receipt-form" />
}
