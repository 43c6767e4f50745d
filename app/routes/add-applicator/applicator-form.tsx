// The applicator form of Add Applicator and Edit Applicator. Add chooses the user (active users who
// are not applicators yet); Edit shows the user and keeps it. A new applicator's license must
// expire after today; an existing one may keep a past date (it then shows as Expired).
import { AppForm, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { CheckboxField, SelectField, TextField } from '#app/components/form/fields.tsx'
import { ApplicatorSchema } from '#core/schemas/applicator.ts'
import type { ApplicatorRecord, UserOption } from '#db/queries/applicators.ts'

export function ApplicatorForm({ applicator, users, submissionId }: { applicator: ApplicatorRecord | null; users: readonly UserOption[]; submissionId: string }) {
  const { form, fields, fetcher } = useAppForm(ApplicatorSchema, {
    id: applicator ? `applicator-${applicator.id}` : 'applicator-new',
    defaultValue: applicator ? { license: applicator.license, expiration: applicator.expiration ?? undefined, active: applicator.active } : { active: true },
  })
  return (
    <AppForm form={form} fetcher={fetcher} submissionId={submissionId}>
      <div className="form-section">
        {applicator ? (
          <div className="field">
            {/* tells the page's own check this is an edit (a past expiration may stay); the server takes the id from the path */}
            <input type="hidden" name="applicator_id" value={applicator.id} />
            <label htmlFor="applicator-user">User</label>
            <input id="applicator-user" readOnly value={`${applicator.name} (${applicator.username})`} />
          </div>
        ) : (
          <SelectField
            field={fields.user_id}
            label="User"
            placeholder="Choose a user"
            options={users.map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` }))}
            hint={users.length === 0 ? 'Every active user is an applicator already.' : 'Active users who are not applicators yet.'}
          />
        )}
        <TextField field={fields.license} label="License Number" autoComplete="off" />
        <TextField field={fields.expiration} label="License Expiration" type="date" />
      </div>
      <CheckboxField field={fields.active} label="Active" />
      <SubmitRow fetcher={fetcher} />
    </AppForm>
  )
}
