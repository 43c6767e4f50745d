// Add Grower: a new grower (customer company). The form and its save are Edit Grower's too
// (grower-form.tsx, grower-form.server.ts); a saved grower leads to the growers' tab of /contacts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { GrowerForm } from './grower-form.tsx'
import { growerAction } from './grower-form.server.ts'

export const access = ACCESS['/add-grower']
export const meta: MetaFunction = () => [{ title: 'Add Grower' }]
export const handle = {
  crumbs: [
    { label: 'Contacts', to: '/contacts' },
    { label: 'Add Grower', to: '/add-grower' },
  ],
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return { today: new Date().toLocaleDateString('en-CA'), submissionId: crypto.randomUUID() }
}

export const action = (args: ActionFunctionArgs) => growerAction(args, access, 'add')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function AddGrower() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Add Grower</h1>
      <div className="form-page">
        <GrowerForm grower={null} today={data.today} submissionId={data.submissionId} />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/add-grower" />
}
