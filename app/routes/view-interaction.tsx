// Company Interactions, its company step: /view-interaction asks for a grower (a GET form: ?company=Name goes on to
// /view-interaction/{id}); /view-interaction/{id} is the child route (view-interaction.$id.tsx).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { CompanyStep } from '#app/components/form/company-picker.tsx'
import { companyStepLoader } from '#app/components/form/company-picker.server.ts'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/view-interaction']
export const meta: MetaFunction = () => [{ title: 'Company Interactions' }]
export const handle = {
  crumbs: [
    { label: 'Contacts', to: '/contacts' },
    { label: 'Company Interactions', to: '/view-interaction' },
  ],
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return companyStepLoader(getDb(), new URL(request.url), params.id !== undefined, { activeOnly: false, pathOf: (id) => `/view-interaction/${id}` })
}

export default function CompanyInteractionsStep() {
  const { picker } = useLoaderData<typeof loader>()
  return <CompanyStep picker={picker} title="Company Interactions" path="/view-interaction" />
}
