// Company Contacts, its company step: /view-contact asks for a grower (a GET form: ?company=Name goes on to
// /view-contact/{id}); /view-contact/{id} is the child route (view-contact.$id.tsx).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { CompanyStep } from '#app/components/form/company-picker.tsx'
import { companyStepLoader } from '#app/components/form/company-picker.server.ts'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/view-contact']
export const meta: MetaFunction = () => [{ title: 'Company Contacts' }]
export const handle = {
  crumbs: [
    { label: 'Contacts', to: '/contacts' },
    { label: 'Company Contacts', to: '/view-contact' },
  ],
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return companyStepLoader(getDb(), new URL(request.url), params.id !== undefined, { activeOnly: false, pathOf: (id) => `/view-contact/${id}` })
}

export default function CompanyContactsStep() {
  const { picker } = useLoaderData<typeof loader>()
  return <CompanyStep picker={picker} title="Company Contacts" path="/view-contact" />
}
