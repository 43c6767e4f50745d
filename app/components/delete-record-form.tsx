// The correction page's second form (decision 0067): deleting the record is a mark with a reason,
// never a lost row. A plain POST to the same page with intent=delete (the route's action runs the
// delete command), so it works without JavaScript; the version keeps it from deleting a record
// someone corrected meanwhile.
import { AppForm, SubmitButton, useAppForm } from '#app/components/form/app-form.tsx'
import { TextAreaField } from '#app/components/form/fields.tsx'
import { DELETE_INTENT, DeleteReasonSchema } from '#core/corrections.ts'

export function DeleteRecordForm({ recordId, version, noun, submissionId }: { recordId: number; version: number; noun: string; submissionId: string }) {
  const { form, fields, fetcher } = useAppForm(DeleteReasonSchema, { id: `delete-${noun.replace(/\s+/g, '-')}-${recordId}-v${version}` })
  return (
    <section className="delete-record" aria-labelledby="delete-heading" id="delete">
      <h2 id="delete-heading">Delete this {noun}</h2>
      <p className="muted">The {noun} is marked as deleted, with your name, the time and the reason; it leaves the list but is never lost.</p>
      <AppForm form={form} fetcher={fetcher} submissionId={submissionId}>
        <input type="hidden" name="version" value={version} />
        <TextAreaField field={fields.reason} label="Reason for deleting" rows={3} />
        <div className="form-actions">
          <SubmitButton fetcher={fetcher} name="intent" value={DELETE_INTENT} danger>
            Delete
          </SubmitButton>
        </div>
      </AppForm>
    </section>
  )
}
