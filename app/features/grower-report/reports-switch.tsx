// Company Contacts' Reports cell (issue 23): whether the contact receives the grower's reports by
// e-mail, and for users who may add contacts a button that switches it (a plain POST form, so it
// works without JavaScript; the list is read again after it).
import { Form } from '@remix-run/react'
import { CsrfInput } from '#app/components/csrf.tsx'

export function ReportsSwitch({ contact, submissionId }: { contact: { id: number; name: string; receives_reports: boolean }; submissionId: string | null }) {
  const text = contact.receives_reports ? 'Yes' : 'No'
  if (!submissionId) return <>{text}</>
  return (
    <Form method="post" className="reports-switch" preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="submission_id" value={submissionId} />
      <input type="hidden" name="contact_id" value={contact.id} />
      <input type="hidden" name="receives_reports" value={contact.receives_reports ? 'no' : 'yes'} />
      <span>{text}</span>{' '}
      <button type="submit" className="button button-small button-secondary" aria-label={contact.receives_reports ? `Stop reports to ${contact.name}` : `Send reports to ${contact.name}`}>
        {contact.receives_reports ? 'Stop' : 'Start'}
      </button>
    </Form>
  )
}
