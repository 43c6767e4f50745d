// Edit Part, first step: pick a part by its number (active or not), then its form at /edit-part/{id}
// (edit-part_.$id.tsx). The choice is a GET (?name=…), so it works without JavaScript.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { RecordPicker } from '#app/components/admin/record-picker.tsx'
import { loadRecordPicker } from '#app/components/admin/record-picker.server.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/edit-part']
export const meta: MetaFunction = () => [{ title: 'Edit Part' }]
export const handle = {
  crumbs: [
    { label: 'Admin', to: '/manage' },
    { label: 'Parts', to: '/manage-part' },
    { label: 'Edit Part', to: '/edit-part' },
  ],
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return { picker: await loadRecordPicker(getDb(), new URL(request.url), 'part') }
}

export default function EditPartPicker() {
  const { picker } = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Edit Part</h1>
      <div className="form-page">
        <RecordPicker picker={picker} action="/edit-part" label="Part Number" legend="Choose a part" />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/edit-part" />
}
