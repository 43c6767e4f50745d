// Edit Applicator, its first step: /edit-applicator asks for an applicator by name (any, active or
// not; a GET form: ?name=… goes on to /edit-applicator/{id}); /edit-applicator/{id} is the child
// route with the form (edit-applicator.$id.tsx).
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { REGISTRIES, registryHandle, RegistryPickerPage } from '#app/components/admin/registry.tsx'
import { pickRecord } from '#app/components/admin/record-picker.tsx'
import { APPLICATOR_MESSAGES } from '#core/schemas/applicator.ts'
import { getDb } from '#db/client.server.ts'
import { applicatorOptions } from '#db/queries/applicators.ts'

export const access = ACCESS['/edit-applicator']
export const meta: MetaFunction = () => [{ title: 'Edit Applicator' }]
export const handle = registryHandle(REGISTRIES.applicator, 'Edit')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  if (params.id !== undefined) return { picker: null }
  const applicators = await applicatorOptions(getDb())
  const options = applicators.map((a) => ({ id: a.id, name: a.label, detail: a.active ? a.license : `${a.license}, inactive` }))
  const step = pickRecord(options, new URL(request.url).searchParams.get('name') ?? '', APPLICATOR_MESSAGES.unknown)
  if ('chosen' in step) throw redirect(`/edit-applicator/${step.chosen}`)
  return step
}

export default function EditApplicatorStep() {
  const { picker } = useLoaderData<typeof loader>()
  if (!picker) return <Outlet />
  return <RegistryPickerPage registry={REGISTRIES.applicator} picker={picker} label="Applicator" />
}
