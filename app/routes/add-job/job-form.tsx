// The job form of Add Job and Edit Job: the place picker (a customer, then one of its storages, as
// the call form asks), then the job's name, notes and Active once the storage is chosen.
import { PlaceInputs, PlacePicker, usePlacePicker } from '#app/components/form/place-picker.tsx'
import { AppForm, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { CheckboxField, TextAreaField, TextField } from '#app/components/form/fields.tsx'
import type { Place, PlacePickerData } from '#app/components/form/place.server.ts'
import { JobSchema } from '#core/schemas/registry.ts'
import type { JobRecord } from '#db/queries/registry.ts'

export function JobForm({ data }: { data: { picker: PlacePickerData; job: JobRecord | null; submissionId: string } }) {
  const picker = usePlacePicker(data.picker, { withJobs: false })
  return (
    <div className="form-page">
      <PlacePicker picker={picker} hint="Choose the customer, then the storage of the job." />
      {picker.place ? <JobFields job={data.job} place={picker.place} submissionId={data.submissionId} /> : null}
    </div>
  )
}

function JobFields({ job, place, submissionId }: { job: JobRecord | null; place: Place; submissionId: string }) {
  const { form, fields, fetcher } = useAppForm(JobSchema, {
    id: job ? `job-${job.id}` : 'job-new',
    defaultValue: job ? { name: job.name, notes: job.notes, active: job.active } : { active: true },
  })
  const placeErrors = [fields.company_id, fields.storage_id].flatMap((f) => f.errors ?? [])
  return (
    <AppForm form={form} fetcher={fetcher} submissionId={submissionId}>
      <PlaceInputs place={place} errors={placeErrors} />
      <div className="form-section">
        <TextField field={fields.name} label="Job Name" autoComplete="off" />
      </div>
      <TextAreaField field={fields.notes} label="Notes" rows={3} />
      <CheckboxField field={fields.active} label="Active" />
      <SubmitRow fetcher={fetcher} />
    </AppForm>
  )
}
