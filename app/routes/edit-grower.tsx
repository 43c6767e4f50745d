// Edit Grower: pick a grower by name (active or not; spec §2 "Edit picks a company by
// autocomplete"), then the Add Grower form with its values. The choice is in the URL
// (/edit-grower?company=Name), so it works without JavaScript. The save is Add Grower's; it refuses
// to overwrite a save made by someone else since the form was read (the grower's version).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { CompanyPicker } from '#app/components/form/company-picker.tsx'
import { loadCompanyPicker } from '#app/components/form/company-picker.server.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { getDb } from '#db/client.server.ts'
import { growerForEdit } from '#db/queries/companies.ts'
import { GrowerForm } from './add-grower/grower-form.tsx'
import { growerAction } from './add-grower/grower-form.server.ts'

export const access = ACCESS['/edit-grower']
export const meta: MetaFunction = () => [{ title: 'Edit Grower' }]
export const handle = {
  crumbs: [
    { label: 'Contacts', to: '/contacts' },
    { label: 'Edit Grower', to: '/edit-grower' },
  ],
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const db = getDb()
  const picker = await loadCompanyPicker(db, new URL(request.url), { activeOnly: false })
  return {
    picker,
    grower: picker.company ? ((await growerForEdit(db, picker.company.id)) ?? null) : null,
    today: new Date().toLocaleDateString('en-CA'),
    submissionId: crypto.randomUUID(),
  }
}

export const action = (args: ActionFunctionArgs) => growerAction(args, access, 'edit')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function EditGrower() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Edit Grower</h1>
      <div className="form-page">
        <CompanyPicker picker={data.picker} action="/edit-grower" label="Grower" legend="Choose a grower" />
        {data.grower ? <GrowerForm key={data.grower.id} grower={data.grower} today={data.today} submissionId={data.submissionId} /> : null}
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/edit-grower" />
}
