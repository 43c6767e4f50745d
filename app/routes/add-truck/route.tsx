// Add Truck: a new truck. The form and its save are Edit Truck's too (truck-form.tsx, truck-form.server.ts);
// a saved truck leads to the trucks list.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { REGISTRIES, registryHandle } from '#app/components/admin/registry.tsx'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { TruckForm } from './truck-form.tsx'
import { truckAction, loadTruckForm } from './truck-form.server.ts'

export const access = ACCESS['/add-truck']
export const meta: MetaFunction = () => [{ title: 'Add Truck' }]
export const handle = registryHandle(REGISTRIES.truck, 'Add')

export const loader = (args: LoaderFunctionArgs) => loadTruckForm(args, access, 'add')
export const action = (args: ActionFunctionArgs) => truckAction(args, access, 'add')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function AddTruck() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Add Truck</h1>
      <TruckForm data={data} />
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/add-truck" />
}
