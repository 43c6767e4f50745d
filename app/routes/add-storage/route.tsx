// Add Storage: a new storage (storages-and-pretreats.md §2 Storage form, §5). The form and its
// save are Edit Storage's too (storage-form.tsx, storage-form.server.ts). Opened from Manage
// Storages with a grower chosen (?company=Name), that grower is the owner to start with.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { keepPageAfterPost, usePostedBack } from '#app/components/form/form-result.ts'
import { getDb } from '#db/client.server.ts'
import { growerByName } from '#db/queries/companies.ts'
import { StorageForm } from './storage-form.tsx'
import { storageAction, storageFormBasics } from './storage-form.server.ts'

export const access = ACCESS['/add-storage']
export const meta: MetaFunction = () => [{ title: 'Add New Storage' }]
export const handle = {
  crumbs: [
    { label: 'Admin', to: '/manage' },
    { label: 'Manage Storages', to: '/manage-storage' },
    { label: 'Add Storage', to: '/add-storage' },
  ],
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const owner = await growerByName(getDb(), new URL(request.url).searchParams.get('company') ?? '', { activeOnly: false })
  return { ...(await storageFormBasics()), owner: owner?.name ?? '' }
}

export const action = (args: ActionFunctionArgs) => storageAction(args, access, null)
export const clientAction = clientActionCatchingNetworkErrors

export const shouldRevalidate = keepPageAfterPost

export default function AddStorage() {
  const data = useLoaderData<typeof loader>()
  const { submissionId, imageIds } = usePostedBack(data.submissionId)
  return (
    <>
      <h1>Add New Storage</h1>
      <div className="form-page">
        <StorageForm storage={null} companies={data.companies} today={data.today} owner={data.owner} submissionId={submissionId} imageIds={imageIds} />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/add-storage" />
}
