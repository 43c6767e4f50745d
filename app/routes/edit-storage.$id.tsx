// Edit Storage (/edit-storage/{id}): the storage form with the storage's values (its title is the
// spec's 'Add New Storage' for both). The save is Add Storage's; it refuses to overwrite a save
// someone else made since the form was read (the storage's version). A storage that cannot be
// read: the spec's Error modal 'Failed to fetch storage. Please try again.', back to /manage-storage.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { keepPageAfterPost, usePostedBack } from '#app/components/form/form-result.ts'
import { Modal } from '#app/components/modal.tsx'
import { notFound } from '#app/http-errors.server.ts'
import { requireId } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { storageForEdit } from '#db/queries/storages.ts'
import { AFTER_STORAGE_SAVE, StorageForm } from './add-storage/storage-form.tsx'
import { storageAction, storageFormBasics } from './add-storage/storage-form.server.ts'

export const access = ACCESS['/edit-storage']
export const meta: MetaFunction = () => [{ title: 'Edit Storage' }]
export const handle = {
  crumbs: [
    { label: 'Admin', to: '/manage' },
    { label: 'Manage Storages', to: '/manage-storage' },
    { label: 'Edit Storage', to: '/edit-storage' },
  ],
}

export const FETCH_FAILED = 'Failed to fetch storage. Please try again.'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const storage = await storageForEdit(getDb(), requireId(params))
  if (!storage) throw notFound(FETCH_FAILED)
  return { ...(await storageFormBasics()), storage }
}

export const action = async (args: ActionFunctionArgs) => storageAction(args, access, requireId(args.params))
export const clientAction = clientActionCatchingNetworkErrors

export const shouldRevalidate = keepPageAfterPost

export default function EditStorage() {
  const data = useLoaderData<typeof loader>()
  const { submissionId, imageIds } = usePostedBack(data.submissionId)
  return (
    <>
      <h1>Add New Storage</h1>
      <div className="form-page">
        <StorageForm key={data.storage.id} storage={data.storage} companies={data.companies} today={data.today} submissionId={submissionId} imageIds={imageIds} />
      </div>
    </>
  )
}

/** A 403: the form kit's modal. Anything else (no such storage, a failed read): the spec's fetch error. */
export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 403) return <FormErrorBoundary />
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error(error)
  return (
    <Modal title="Error">
      <p role="alert">{FETCH_FAILED}</p>
      <div className="form-actions">
        <a href={AFTER_STORAGE_SAVE} className="button">
          OK
        </a>
      </div>
    </Modal>
  )
}
