// New Call Form. The stages come from the call-in machine: in the browser through @xstate/react,
// without JavaScript through the URL (?company=… or ?job=…, then &storage=…), which the loader
// replays through the same machine. The final POST is checked again by the server's replay.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { Form, Link, useFetcher, useLoaderData } from '@remix-run/react'
import { useMachine } from '@xstate/react'
import type { Snapshot } from 'xstate'
import { useState } from 'react'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { AppForm, clientActionCatchingNetworkErrors, SubmitButton, useAppForm } from '#app/components/form/app-form.tsx'
import { AutocompleteField, StorageSelect } from '#app/components/form/place-fields.tsx'
import { CheckboxField, TextAreaField, TextField } from '#app/components/form/fields.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { submitForm } from '#app/forms.server.ts'
import { CallInSchema } from '#core/schemas/call-in.ts'
import { getDb } from '#db/client.server.ts'
import { companyByName, companyOptions, jobByName, jobOptions, storageById, storagesOfCompany, type JobOption, type NamedOption } from '#db/queries/registry.ts'
import { callInMachine, type CallInContext, type CallInEvent } from '#workflows/call-in.machine.ts'
import { submitCallIn } from '#workflows/call-in.server.ts'
import { replay, stateName } from '#workflows/runner.ts'

export const access = ACCESS['/service-call']
export const meta: MetaFunction = () => [{ title: 'New Call Form' }]
export const handle = { crumbs: [{ label: 'Service', to: '/service' }, { label: 'New Call', to: '/service-call' }] }

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const db = getDb()
  const params = new URL(request.url).searchParams
  const companyName = params.get('company')?.trim() ?? ''
  const jobName = params.get('job')?.trim() ?? ''
  const storageParam = Number(params.get('storage') ?? '')

  const events: CallInEvent[] = []
  const problems: { company?: string; job?: string; storage?: string } = {}
  let job: JobOption | undefined
  let company: NamedOption | undefined
  if (jobName) {
    job = await jobByName(db, jobName)
    if (job) events.push({ type: 'CHOOSE_JOB', jobId: job.id, companyId: job.company_id, storageId: job.storage_id })
    else problems.job = 'Choose a job number from the list.'
  } else if (companyName) {
    company = await companyByName(db, companyName)
    if (company) events.push({ type: 'CHOOSE_COMPANY', companyId: company.id })
    else problems.company = 'Choose a customer from the list.'
    if (company && Number.isInteger(storageParam) && storageParam > 0) {
      const storage = await storageById(db, storageParam)
      if (storage) events.push({ type: 'CHOOSE_STORAGE', storageId: storage.id, storageCompanyId: storage.company_id })
    }
  }
  const { snapshot, refused } = replay(callInMachine, events)
  if (refused?.type === 'CHOOSE_STORAGE') problems.storage = "Choose one of this customer's storages."

  const [companies, jobs, storages] = await Promise.all([companyOptions(db), jobOptions(db), company ? storagesOfCompany(db, company.id) : Promise.resolve([])])
  return {
    snapshot: callInMachine.getPersistedSnapshot(snapshot),
    selection: { company: job?.company_name ?? company?.name ?? companyName, job: job?.name ?? jobName, storage: job ? String(job.storage_id) : String(snapshot.context.storageId ?? '') },
    problems,
    companies,
    jobs,
    storages,
    today: new Date().toLocaleDateString('en-CA'),
    submissionId: crypto.randomUUID(),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const form = await readForm(request)
  return submitForm({
    form,
    schema: CallInSchema,
    save: async (value) => {
      await submitCallIn(getDb(), user.id, value)
    },
    redirectTo: '/service',
  })
}

export const clientAction = clientActionCatchingNetworkErrors

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

/**
 * The machine runs here from the state the server resolved (so a page reached through
 * ?company=…&storage=… keeps its stage); with JavaScript, typing moves it on without a reload and
 * the storages of a chosen company are fetched.
 */
function useCallInStages(data: LoaderData) {
  // (the serialized snapshot lacks its undefined fields, which XState reads as undefined anyway)
  const [state, send] = useMachine(callInMachine, { snapshot: data.snapshot as Snapshot<unknown> })
  const storagesFetcher = useFetcher<typeof loader>()
  const hydrated = useHydrated()
  const [texts, setTexts] = useState({ company: data.selection.company, job: data.selection.job })

  const chooseCompanyText = (text: string) => {
    setTexts({ company: text, job: '' })
    const company = data.companies.find((c) => c.name === text.trim())
    if (!company) return send({ type: 'RESET' })
    send({ type: 'CHOOSE_COMPANY', companyId: company.id })
    storagesFetcher.load(`/service-call?${new URLSearchParams({ company: company.name })}`)
  }
  const chooseJobText = (text: string) => {
    const job = data.jobs.find((j) => j.name === text.trim())
    if (!job) {
      setTexts({ company: '', job: text })
      return send({ type: 'RESET' })
    }
    setTexts({ company: job.company_name, job: text })
    send({ type: 'CHOOSE_JOB', jobId: job.id, companyId: job.company_id, storageId: job.storage_id })
  }
  const chooseStorage = (id: string) => {
    const companyId = state.context.companyId
    if (companyId && id) send({ type: 'CHOOSE_STORAGE', storageId: Number(id), storageCompanyId: companyId })
  }
  const storages = storagesFetcher.data?.storages ?? data.storages
  return { hydrated, stage: stateName(state), context: state.context, texts, storages, chooseCompanyText, chooseJobText, chooseStorage }
}

export default function NewCallForm() {
  const data = useLoaderData<typeof loader>()
  const stages = useCallInStages(data)
  const { hydrated, stage, context } = stages
  const job = context.jobId ? data.jobs.find((j) => j.id === context.jobId) : undefined
  const storageName = job?.storage_name ?? stages.storages.find((s) => s.id === context.storageId)?.name ?? ''

  return (
    <>
      <h1>New Call Form</h1>
      <Form method="get" className="form">
        <fieldset className="stage">
          <legend>Customer or job</legend>
          <AutocompleteField
            id="company"
            label="Customer"
            name="company"
            options={data.companies.map((c) => ({ id: c.id, value: c.name }))}
            value={stages.texts.company}
            readOnly={context.path === 'job'}
            onChange={stages.chooseCompanyText}
            problem={data.problems.company}
          />
          <AutocompleteField
            id="job"
            label="Job Number"
            name="job"
            options={data.jobs.map((j) => ({ id: j.id, value: j.name, detail: `${j.company_name} · ${j.storage_name}` }))}
            value={stages.texts.job}
            onChange={stages.chooseJobText}
            problem={data.problems.job}
            hint="Choose a customer, or a job number (it fills the customer and storage)."
          />
          {context.path === 'company' ? (
            stages.storages.length === 0 ? (
              <p className="muted">No storage data available</p>
            ) : (
              <StorageSelect storages={stages.storages} defaultValue={context.storageId ? String(context.storageId) : ''} onChange={stages.chooseStorage} problem={data.problems.storage} />
            )
          ) : null}
          {context.path === 'job' ? (
            <div className="field">
              <label htmlFor="job-storage">Storage</label>
              <input id="job-storage" readOnly value={storageName} />
            </div>
          ) : null}
          {hydrated ? null : (
            <div className="form-actions">
              <button type="submit" className="button button-secondary">
                Continue
              </button>
              {stage !== 'empty' ? (
                <Link to="/service-call" className="button button-secondary">
                  Start over
                </Link>
              ) : null}
            </div>
          )}
        </fieldset>
      </Form>
      {stage === 'details' ? <CallDetailsForm key={`${context.companyId}-${context.storageId}-${context.jobId}`} data={data} context={context} /> : null}
    </>
  )
}

function CallDetailsForm({ data, context }: { data: LoaderData; context: CallInContext }) {
  const { form, fields, fetcher } = useAppForm(CallInSchema, { id: 'call-in', defaultValue: { call_in_date: data.today } })
  return (
    <AppForm form={form} fetcher={fetcher} submissionId={data.submissionId}>
      <input type="hidden" name="company_id" value={context.companyId ?? ''} />
      <input type="hidden" name="storage_id" value={context.storageId ?? ''} />
      {context.jobId ? <input type="hidden" name="job_id" value={context.jobId} /> : null}
      {fields.company_id.errors || fields.storage_id.errors || fields.job_id.errors ? (
        <p className="notice notice-error" role="alert">
          {[fields.company_id.errors, fields.storage_id.errors, fields.job_id.errors].flat().filter(Boolean).join(' ')}
        </p>
      ) : null}
      <TextField field={fields.requested_by} label="Requested By" autoComplete="off" />
      <TextField field={fields.call_in_date} label="Call Date" type="date" />
      <TextAreaField field={fields.description} label="Reason for Service" />
      <CheckboxField field={fields.got_it} label="I got it" />
      <div className="form-actions">
        <SubmitButton fetcher={fetcher}>Submit</SubmitButton>
      </div>
    </AppForm>
  )
}
