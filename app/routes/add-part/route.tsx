// Add Part: a new part. The form and its save are Edit Part's too (part-form.tsx, part-form.server.ts);
// a saved part leads to the parts list.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { REGISTRIES, registryHandle } from '#app/components/admin/registry.tsx'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { PartForm } from './part-form.tsx'
import { partAction, loadPartForm } from './part-form.server.ts'

export const access = ACCESS['/add-part']
export const meta: MetaFunction = () => [{ title: 'Add Part' }]
export const handle = registryHandle(REGISTRIES.part, 'Add')

export const loader = (args: LoaderFunctionArgs) => loadPartForm(args, access, 'add')
export const action = (args: ActionFunctionArgs) => partAction(args, access, 'add')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function AddPart() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Add Part</h1>
      <PartForm data={data} />
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/add-part" />
}
