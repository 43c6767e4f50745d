// Customer Notes Form (/interaction-form/{company id}): choose one of the grower's contacts, write
// the notes (spec §5). The note records who wrote it and when (its writer is its last modifier).
// A saved note leads to the grower's interactions (or, for someone who may not view them, to /contacts).
// With no signal, another grower's copy of the page may be served for it: the grower and its
// contacts then come from the device (grower-on-device.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useGrowerOnDevice } from '#app/components/offline/grower-on-device.ts'
import { ACCESS, mayOpen } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { AppForm, SubmitButton, useAppForm } from '#app/components/form/app-form.tsx'
import { clientActionQueuingOffline } from '#app/components/offline/queue-offline.ts'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { SelectField, TextAreaField } from '#app/components/form/fields.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { submitCommand } from '#app/forms.server.ts'
import { notFound } from '#app/http-errors.server.ts'
import { requireId } from '#app/records.server.ts'
import { addCustomerNote } from '#commands/contacts.ts'
import { InteractionSchema } from '#core/schemas/interaction.ts'
import { getDb } from '#db/client.server.ts'
import { growerById } from '#db/queries/companies.ts'
import { contactChoices } from '#db/queries/contacts.ts'

export const access = ACCESS['/interaction-form']
export const meta: MetaFunction = () => [{ title: 'Customer Notes Form' }]

/** The grower in the path: an active one (notes are for current customers), or a 404. */
async function requireGrower(params: LoaderFunctionArgs['params']) {
  const company = await growerById(getDb(), requireId(params), { activeOnly: true })
  if (!company) throw notFound()
  return company
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const company = await requireGrower(params)
  const contactParam = new URL(request.url).searchParams.get('contact') ?? ''
  return { company, contacts: await contactChoices(getDb(), company.id), contact: /^\d{1,15}$/.test(contactParam) ? contactParam : '', submissionId: crypto.randomUUID() }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const company = await requireGrower(params)
  const form = await readForm(request)
  return submitCommand({
    form,
    command: addCustomerNote,
    actor: user,
    fixed: { company_id: company.id },
    redirectTo: mayOpen(user, ACCESS['/view-interaction']) ? `/view-interaction/${company.id}` : '/contacts',
  })
}

export const clientAction = clientActionQueuingOffline
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function CustomerNotesForm() {
  const served = useLoaderData<typeof loader>()
  // with no signal, another grower's copy of this form may stand for this one (public/sw.js)
  const data = useGrowerOnDevice(served)
  // the spec's words for what this device has no copy of (public/offline.html says them too)
  if (data === 'missing') return <p className="notice">No Data Available</p>
  if (!data) return <p className="muted">Loading the grower from this device…</p>
  return <NotesForm key={data.company.id} data={data} />
}

function NotesForm({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const { form, fields, fetcher } = useAppForm(InteractionSchema, { id: `interaction-${data.company.id}`, defaultValue: { contact_id: data.contact } })
  return (
    <>
      <h1>Customer Notes Form</h1>
      <p className="muted">
        {data.company.name} · <Link to="/interaction-form">Choose another company</Link>
      </p>
      <div className="form-page">
        <AppForm keepDraft form={form} fetcher={fetcher} submissionId={data.submissionId}>
          <SelectField
            field={fields.contact_id}
            label="Contact"
            placeholder="Choose a contact"
            options={data.contacts.map((c) => ({ value: String(c.id), label: c.role ? `${c.name} (${c.role})` : c.name }))}
            hint={data.contacts.length === 0 ? 'This grower has no active contacts yet.' : undefined}
          />
          <TextAreaField field={fields.notes} label="Notes" rows={6} />
          <div className="form-actions">
            <SubmitButton fetcher={fetcher}>Submit</SubmitButton>
          </div>
        </AppForm>
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/interaction-form" />
}
