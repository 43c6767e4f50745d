// Customer Notes Form, its company step: /interaction-form asks for a grower (a GET form: ?company=Name goes on to
// /interaction-form/{id}); /interaction-form/{id} is the child route (interaction-form.$id.tsx).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { CompanyStep } from '#app/components/form/company-picker.tsx'
import { companyStepLoader } from '#app/components/form/company-picker.server.ts'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/interaction-form']
export const meta: MetaFunction = () => [{ title: 'Customer Notes Form' }]
// the parent of the form's route: after a submit that failed, or waits on the device with no
// signal, it reads nothing again either (its read would fail and replace the form)
export const shouldRevalidate = keepPageAfterFailedSubmit
export const handle = {
  crumbs: [
    { label: 'Contacts', to: '/contacts' },
    { label: 'Customer Notes Form', to: '/interaction-form' },
  ],
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return companyStepLoader(getDb(), new URL(request.url), params.id !== undefined, { activeOnly: true, pathOf: (id) => `/interaction-form/${id}` })
}

export default function CustomerNotesFormStep() {
  const { picker } = useLoaderData<typeof loader>()
  return <CompanyStep picker={picker} title="Customer Notes Form" path="/interaction-form" />
}
