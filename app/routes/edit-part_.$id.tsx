// Edit Part: the part the URL names in the Add Part form; Active unticked deactivates it (it stays on
// the records that name it and is no longer offered for new ones).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { REGISTRIES, registryHandle } from '#app/components/admin/registry.tsx'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { PartForm } from './add-part/part-form.tsx'
import { partAction, loadPartForm } from './add-part/part-form.server.ts'

export const access = ACCESS['/edit-part']
export const meta: MetaFunction = () => [{ title: 'Edit Part' }]
export const handle = registryHandle(REGISTRIES.part, 'Edit')

export const loader = (args: LoaderFunctionArgs) => loadPartForm(args, access, 'edit')
export const action = (args: ActionFunctionArgs) => partAction(args, access, 'edit')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function EditPart() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Edit Part</h1>
      <PartForm key={data.part?.id} data={data} />
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/edit-part" />
}
