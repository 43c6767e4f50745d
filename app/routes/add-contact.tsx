// Add Contact: a company must be chosen first (spec §2): the company step is in the URL
// (/add-contact?company=Name), then the contact's fields. The phone is stored as +1 and ten digits.
// A saved contact leads to the company's contacts (or, for someone who may not view them, to the
// growers' tab of /contacts).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS, mayOpen } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { AppForm, clientActionCatchingNetworkErrors, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { CompanyPicker } from '#app/components/form/company-picker.tsx'
import { loadCompanyPicker } from '#app/components/form/company-picker.server.ts'
import { CheckboxField, NumberField, TextAreaField, TextField } from '#app/components/form/fields.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { submitCommand } from '#app/command-answer.server.ts'
import { addContact } from '#commands/contacts.ts'
import { ContactSchema } from '#core/schemas/contact.ts'
import { DEFAULT_CONTACT_INTERVAL, INTERVAL_MAX_DAYS } from '#core/schemas/grower.ts'
import { getDb } from '#db/client.server.ts'
import { growerForEdit } from '#db/queries/companies.ts'
import { parseId } from '#core/ids.ts'

export const access = ACCESS['/add-contact']
export const meta: MetaFunction = () => [{ title: 'Add Contact' }]
export const handle = {
  crumbs: [
    { label: 'Contacts', to: '/contacts' },
    { label: 'Add Contact', to: '/add-contact' },
  ],
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const db = getDb()
  const picker = await loadCompanyPicker(db, new URL(request.url), { activeOnly: true })
  // the grower's contact interval is the default of its new contacts
  const grower = picker.company ? await growerForEdit(db, picker.company.id) : undefined
  return { picker, contactInterval: grower?.contact_interval ?? DEFAULT_CONTACT_INTERVAL, submissionId: crypto.randomUUID() }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const form = await readForm(request)
  // used only once the contact is saved, when it is the valid company id the schema read
  const companyId = parseId(String(form.get('company_id') ?? ''))
  return submitCommand({
    request,
    form,
    command: addContact,
    actor: user,
    redirectTo: mayOpen(user, ACCESS['/view-contact']) ? `/view-contact/${companyId}` : '/contacts?tab=growers',
  })
}

export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export default function AddContact() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Add Contact</h1>
      <div className="form-page">
        <CompanyPicker picker={data.picker} action="/add-contact" />
        {data.picker.company ? <ContactForm key={data.picker.company.id} company={data.picker.company} data={data} /> : null}
      </div>
    </>
  )
}

function ContactForm({ company, data }: { company: { id: number; name: string }; data: LoaderData }) {
  const { form, fields, fetcher } = useAppForm(ContactSchema, { id: `contact-${company.id}`, defaultValue: { active: true, contact_interval: data.contactInterval } })
  return (
    <AppForm form={form} fetcher={fetcher} submissionId={data.submissionId}>
      <input type="hidden" name="company_id" value={company.id} />
      {fields.company_id.errors?.length ? (
        <p className="notice notice-error" role="alert">
          {fields.company_id.errors.join(' ')}
        </p>
      ) : null}
      <div className="form-section">
        <TextField field={fields.name} label="Name" autoComplete="off" />
        <TextField field={fields.role} label="Role" autoComplete="off" hint="Optional, e.g. Storage Manager" />
        <TextField field={fields.email} label="Email" type="email" autoComplete="off" />
        <TextField field={fields.phone} label="Phone" type="tel" autoComplete="off" hint="Optional, 10 digits, e.g. (208) 555-1000" />
        <NumberField field={fields.contact_interval} label="Contact Interval (days)" min={0} max={INTERVAL_MAX_DAYS} step={1} hint="0: no follow-up reminders" />
      </div>
      <CheckboxField field={fields.active} label="Active" />
      <CheckboxField field={fields.receives_reports} label="Receives Reports (the grower’s application records by e-mail)" />
      <TextAreaField field={fields.notes} label="Notes" />
      <SubmitRow fetcher={fetcher} />
    </AppForm>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/add-contact" />
}
