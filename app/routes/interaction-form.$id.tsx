// Customer Notes Form (/interaction-form/{company id}): choose one of the grower's contacts, write
// the notes (spec §5). The note records who wrote it and when (its writer is its last modifier).
// A saved note leads to the grower's interactions (or, for someone who may not view them, to /contacts).
// With no signal, another grower's copy of the page may be served for it: the grower and its
// contacts then come from the device (grower-on-device.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { useGrowerOnDevice } from '#app/offline/grower-on-device.ts'
import { ACCESS, mayOpen } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { AppForm, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { clientActionQueuingOffline } from '#app/offline/queue-offline.ts'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { SelectField, TextAreaField } from '#app/components/form/fields.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { submitCommand } from '#app/command-answer.server.ts'
import { notFound } from '#app/http-errors.server.ts'
import { requireId } from '#app/records.server.ts'
import { addCustomerNote } from '#commands/contacts.ts'
import { correctCustomerNote, deleteRecord } from '#commands/corrections.ts'
import { correctParam, requireCorrectable } from '#app/corrections.server.ts'
import { DeleteRecordForm } from '#app/components/delete-record-form.tsx'
import { DELETE_INTENT } from '#core/corrections.ts'
import { interactionDetail } from '#db/queries/interactions.ts'
import { InteractionSchema } from '#core/schemas/interaction.ts'
import { getDb } from '#db/client.server.ts'
import { growerById } from '#db/queries/companies.ts'
import { contactChoices } from '#db/queries/contacts.ts'
import { parseId } from '#core/ids.ts'

export const access = ACCESS['/interaction-form']
export const meta: MetaFunction = () => [{ title: 'Customer Notes Form' }]

/** The grower in the path, active or not (a note being corrected), or a 404. */
async function requireAnyGrower(params: LoaderFunctionArgs['params']) {
  const company = await growerById(getDb(), requireId(params), { activeOnly: false })
  if (!company) throw notFound()
  return company
}

/** The grower in the path: an active one (notes are for current customers), or a 404. */
async function requireGrower(params: LoaderFunctionArgs['params']) {
  const company = await growerById(getDb(), requireId(params), { activeOnly: true })
  if (!company) throw notFound()
  return company
}

/** ?correct={id}: the grower's note to correct, checked for this user first (decision 0067); its contact and notes fill the form. */
async function correction(request: Request, params: LoaderFunctionArgs['params']) {
  const id = correctParam(request)
  if (id === null) return null
  const db = getDb()
  const { user, version } = await requireCorrectable(request, db, 'interaction', id)
  const note = await interactionDetail(db, requireId(params), id)
  if (!note) throw notFound()
  return { user, id, version, note }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const correcting = await correction(request, params)
  if (!correcting) await requireAccess(request, access)
  // a note is corrected under its own grower, even one no longer active
  const company = correcting ? await requireAnyGrower(params) : await requireGrower(params)
  const contactParam = new URL(request.url).searchParams.get('contact') ?? ''
  let contacts = await contactChoices(getDb(), company.id)
  if (correcting && !contacts.some((c) => c.id === correcting.note.contact_id)) contacts = [...contacts, { id: correcting.note.contact_id, name: correcting.note.contact_name, role: '' }]
  return {
    company,
    contacts,
    contact: correcting ? String(correcting.note.contact_id) : parseId(contactParam) === null ? '' : contactParam,
    submissionId: crypto.randomUUID(),
    correcting: correcting && { id: correcting.id, version: correcting.version, notes: correcting.note.notes, deleteSubmissionId: crypto.randomUUID() },
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const correcting = await correction(request, params)
  const user = correcting ? correcting.user : await requireAccess(request, access)
  const company = correcting ? await requireAnyGrower(params) : await requireGrower(params)
  const form = await readForm(request)
  if (correcting) {
    const done = `/view-interaction/${company.id}/${correcting.id}`
    return form.get('intent') === DELETE_INTENT
      ? submitCommand({ request, form, command: deleteRecord, actor: user, fixed: { kind: 'interaction', record_id: correcting.id }, redirectTo: done })
      : submitCommand({ request, form, command: correctCustomerNote, actor: user, fixed: { company_id: company.id, record_id: correcting.id }, redirectTo: done })
  }
  return submitCommand({
    request,
    form,
    command: addCustomerNote,
    actor: user,
    fixed: { company_id: company.id },
    redirectTo: mayOpen(user, ACCESS['/view-interaction']) ? `/view-interaction/${company.id}` : '/contacts',
  })
}

export const clientAction = clientActionQueuingOffline
// A correction's page is not read again after its submit, as the receipt's and the check's are not:
// saved, the Success modal then leads to the note with its history (read again, the form would be
// drawn anew for the next version, and the modal lost with it); refused (someone corrected the note
// meanwhile: 409), the page keeps its message and the version it was opened on until the user
// reloads it (decision 0067).
export const shouldRevalidate: ShouldRevalidateFunction = (args) => (args.formMethod === 'POST' && new URL(args.currentUrl).searchParams.has('correct') ? false : keepPageAfterFailedSubmit(args))

export default function CustomerNotesForm() {
  const served = useLoaderData<typeof loader>()
  // with no signal, another grower's copy of this form may stand for this one (app/offline/sw/requests.ts)
  const data = useGrowerOnDevice(served)
  // the spec's words for what this device has no copy of (public/offline.html says them too)
  if (data === 'missing') return <p className="notice">No Data Available</p>
  if (!data) return <p className="muted">Loading the grower from this device…</p>
  const correcting = served.correcting
  return (
    <>
      <NotesForm key={correcting ? `correct-${correcting.id}` : data.company.id} data={correcting ? served : data} />
      {correcting ? <DeleteRecordForm recordId={correcting.id} version={correcting.version} noun="customer note" submissionId={correcting.deleteSubmissionId} /> : null}
    </>
  )
}

function NotesForm({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const { correcting } = data
  const { form, fields, fetcher } = useAppForm(InteractionSchema, {
    id: correcting ? `interaction-correct-${correcting.id}-v${correcting.version}` : `interaction-${data.company.id}`,
    defaultValue: { contact_id: data.contact, ...(correcting ? { notes: correcting.notes } : {}) },
  })
  return (
    <>
      <h1>{correcting ? 'Correct Customer Note' : 'Customer Notes Form'}</h1>
      <p className="muted">
        {data.company.name}
        {correcting ? null : (
          <>
            {' '}
            · <Link to="/interaction-form">Choose another company</Link>
          </>
        )}
      </p>
      <div className="form-page">
        <AppForm keepDraft={!correcting} form={form} fetcher={fetcher} submissionId={data.submissionId} summary={data.company.name}>
          {correcting ? <input type="hidden" name="version" value={correcting.version} /> : null}
          <SelectField
            field={fields.contact_id}
            label="Contact"
            placeholder="Choose a contact"
            options={data.contacts.map((c) => ({ value: String(c.id), label: c.role ? `${c.name} (${c.role})` : c.name }))}
            hint={data.contacts.length === 0 ? 'This grower has no active contacts yet.' : undefined}
          />
          <TextAreaField field={fields.notes} label="Notes" rows={6} />
          <SubmitRow fetcher={fetcher}>{correcting ? 'Save Correction' : 'Submit'}</SubmitRow>
        </AppForm>
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/interaction-form" />
}
