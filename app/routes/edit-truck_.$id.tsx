// Edit Truck: the truck the URL names in the Add Truck form; Active unticked deactivates it (it stays on
// the records that name it and is no longer offered for new ones).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { REGISTRIES, registryHandle } from '#app/components/admin/registry.tsx'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { TruckForm } from './add-truck/truck-form.tsx'
import { truckAction, loadTruckForm } from './add-truck/truck-form.server.ts'

export const access = ACCESS['/edit-truck']
export const meta: MetaFunction = () => [{ title: 'Edit Truck' }]
export const handle = registryHandle(REGISTRIES.truck, 'Edit')

export const loader = (args: LoaderFunctionArgs) => loadTruckForm(args, access, 'edit')
export const action = (args: ActionFunctionArgs) => truckAction(args, access, 'edit')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function EditTruck() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Edit Truck</h1>
      <TruckForm key={data.truck?.id} data={data} />
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/edit-truck" />
}
