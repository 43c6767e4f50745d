// New Service Sheet Form. The URL is the stage, with or without JavaScript: /service-form (choose a
// customer or a job), ?company=Name (then a storage), ?company=Name&storage=ID, ?job=Name, or
// ?call=ID (a sheet made from a call). Once a place is chosen the sheet form opens, and the loader
// reserves its sheet number then. With JavaScript, choosing moves the URL without a reload and the
// parts picker works in the page; without it, Continue and Add Part / Remove post back.
import { getCollectionProps, getTextareaProps } from '@conform-to/react'
import { ACCESS } from '#app/access.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data as respond } from '@remix-run/node'
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigate, useRouteError, type ShouldRevalidateFunction } from '@remix-run/react'
import { useEffect, useMemo, useState, type MouseEvent } from 'react'
import { requireAccess } from '#app/auth/guard.server.ts'
import { AppForm, clientActionCatchingNetworkErrors, SubmitButton, useAppForm } from '#app/components/form/app-form.tsx'
import { TextAreaField, TextField } from '#app/components/form/fields.tsx'
import { isFormResult, type FormResult } from '#app/components/form/form-result.ts'
import { useCsrfToken } from '#app/components/csrf.tsx'
import { Modal } from '#app/components/modal.tsx'
import { FileUpload } from '#app/components/upload/file-upload.tsx'
import { AutocompleteField, StorageSelect } from '#app/components/form/place-fields.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { SERVICE_TYPES } from '#core/enums.ts'
import { formatDate } from '#core/formats.ts'
import { submitForm } from '#app/forms.server.ts'
import { partLineProblem, QUANTITY_MIN, ServiceSheetSchema } from '#core/schemas/service-sheet.ts'
import { parseUploadForm } from '#app/upload-form.server.ts'
import { getDb } from '#db/client.server.ts'
import { companyByName, companyOptions, jobByName, jobOptions, partOptions, storageById, storagesOfCompany, type JobOption, type NamedOption, type PartOption } from '#db/queries/registry.ts'
import { callForSheet, reserveSheetNumber, type CallForSheet } from '#db/queries/service-sheets.ts'
import { createServiceSheet } from '#workflows/service-sheet.server.ts'

export const access = ACCESS['/service-form']
export const meta: MetaFunction = () => [{ title: 'New Service Sheet Form' }]
export const handle = { crumbs: [{ label: 'Service', to: '/service' }, { label: 'New Service Sheet', to: '/service-form' }] }

const LIST_ERROR = 'The customer, job and parts lists could not be loaded. Please try again.'

/** Where the sheet is for; null until a company and storage, a job, or a call is chosen. */
interface Place {
  path: 'company' | 'job'
  companyId: number
  companyName: string
  storageId: number
  storageName: string
  jobId: number | null
  callId: number | null
}

/**
 * Requests whose action re-renders the form itself (Add Part, Remove, a refused submit without
 * JavaScript): the page keeps the number it already shows, so the loader that runs after the
 * action (same request, same load context) reserves none.
 */
const rerenders = new WeakSet<object>()

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access)
  const db = getDb()
  const params = new URL(request.url).searchParams
  const companyName = params.get('company')?.trim() ?? ''
  const jobName = params.get('job')?.trim() ?? ''
  const storageParam = Number(params.get('storage') ?? '')
  const callParam = params.get('call')

  const problems: { company?: string; job?: string; storage?: string } = {}
  let place: Place | null = null
  let call: CallForSheet | undefined
  let company: NamedOption | undefined
  let job: JobOption | undefined
  if (callParam !== null) {
    const id = Number(callParam)
    call = Number.isSafeInteger(id) && id > 0 ? await callForSheet(db, id) : undefined
    if (!call) throw new Response('That call does not exist.', { status: 404 })
    if (call.sheet_number === null) {
      place = { path: call.job_id ? 'job' : 'company', companyId: call.company_id, companyName: call.company_name, storageId: call.storage_id, storageName: call.storage_name, jobId: call.job_id, callId: call.id }
    }
  } else if (jobName) {
    job = await jobByName(db, jobName)
    if (job) place = { path: 'job', companyId: job.company_id, companyName: job.company_name, storageId: job.storage_id, storageName: job.storage_name, jobId: job.id, callId: null }
    else problems.job = 'Choose a job number from the list.'
  } else if (companyName) {
    company = await companyByName(db, companyName)
    if (!company) problems.company = 'Choose a customer from the list.'
    else if (params.has('storage')) {
      const storage = Number.isSafeInteger(storageParam) && storageParam > 0 ? await storageById(db, storageParam) : undefined
      if (storage && storage.company_id === company.id) place = { path: 'company', companyId: company.id, companyName: company.name, storageId: storage.id, storageName: storage.name, jobId: null, callId: null }
      else problems.storage = "Choose one of this customer's storages."
    }
  }

  // A failed list read is shown in the Error modal, whose OK starts the page again.
  let lists: { companies: NamedOption[]; jobs: JobOption[]; parts: PartOption[]; storages: NamedOption[] } = { companies: [], jobs: [], parts: [], storages: [] }
  let loadError: string | null = null
  try {
    const [companies, jobs, parts, storages] = await Promise.all([companyOptions(db), jobOptions(db), partOptions(db), company ? storagesOfCompany(db, company.id) : Promise.resolve([])])
    lists = { companies, jobs, parts, storages }
  } catch (error) {
    console.error('Service sheet lists failed', error)
    loadError = LIST_ERROR
  }

  // "Assigned by the server when the form opens": only once the form itself shows.
  const sheetNumber = place && !loadError && !rerenders.has(context) ? await reserveSheetNumber(db, user.id) : null
  return {
    ...lists,
    place,
    call: call ? { id: call.id, date: call.call_in_date, requestedBy: call.requested_by, description: call.description, sheetNumber: call.sheet_number, jobName: call.job_name } : null,
    selection: { company: place?.companyName ?? company?.name ?? companyName, job: job?.name ?? call?.job_name ?? (place ? '' : jobName), storage: place ? String(place.storageId) : '' },
    problems,
    loadError,
    sheetNumber,
    today: new Date().toLocaleDateString('en-CA'),
    submissionId: crypto.randomUUID(),
  }
}

// After a POST to this page (a refused submit, with JavaScript) the form stays as it is: reloading
// would hand out another sheet number for nothing.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod === 'POST' ? false : defaultShouldRevalidate)

type Values = Record<string, unknown>
interface LineValue {
  part_id: string
  quantity: string
  description: string
}

function linesOf(value: unknown): LineValue[] {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : []
  return list.map((line: Values) => ({ part_id: String(line?.part_id ?? ''), quantity: String(line?.quantity ?? ''), description: String(line?.description ?? '') }))
}

const PICK_FIELD = { part: 'pick_part', quantity: 'pick_quantity', description: 'pick_description' } as const

/** Add Part / Remove without JavaScript: the same form comes back with the lines changed (or the picker's refusal). */
function editedLines(values: Values, intent: string, parts: PartOption[], imageProblem: string | null) {
  const lines = linesOf(values.parts)
  const error: Record<string, string[]> = {}
  let next: Values = values
  if (intent === 'add-part') {
    const part = parts.find((p) => p.part_number === String(values.pick_part ?? '').trim())
    const quantity = Number(String(values.pick_quantity ?? '').trim() || Number.NaN)
    const description = String(values.pick_description ?? '').trim()
    const problem = partLineProblem(part, quantity, description)
    if (problem) error[PICK_FIELD[problem.field]] = [problem.message]
    else next = { ...values, parts: [...lines, { part_id: String(part!.id), quantity: String(quantity), description }], pick_part: '', pick_quantity: '1', pick_description: '' }
  } else {
    const index = Number(intent.slice('remove-part:'.length))
    next = { ...values, parts: lines.filter((_, i) => i !== index) }
  }
  if (imageProblem) error.images = [imageProblem]
  const refused = Object.keys(error).length > 0
  return respond<FormResult>({ status: refused ? 'error' : undefined, initialValue: next as FormResult['initialValue'], error }, { status: refused ? 400 : 200 })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  // Photos: without JavaScript the files come in this post and are stored here (images only);
  // with JavaScript they are already uploaded and the post carries their ids.
  // A refused post keeps none of the files it brought (upload.settle).
  const upload = await parseUploadForm(request, { area: 'service', user })
  const { formData, errors } = upload
  const imageProblem = errors.length > 0 ? errors.map((e) => (e.filename ? `${e.filename}: ${e.error}` : e.error)).join(' ') : null
  const intent = String(formData.get('intent') ?? '')
  rerenders.add(context)
  if (intent === 'add-part' || intent.startsWith('remove-part:')) {
    const values = parseWithZod(formData, { schema: ServiceSheetSchema }).payload
    return upload.settle(editedLines(values, intent, await partOptions(getDb()), imageProblem))
  }
  if (imageProblem) {
    const submission = parseWithZod(formData, { schema: ServiceSheetSchema })
    return upload.settle(respond<FormResult>(submission.reply({ fieldErrors: { images: [imageProblem] } }), { status: 400 }))
  }
  return upload.settle(await submitForm({
    form: formData,
    schema: ServiceSheetSchema,
    save: async (value) => {
      await createServiceSheet(getDb(), user, value)
    },
    redirectTo: '/service',
  }))
}

export const clientAction = clientActionCatchingNetworkErrors

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export default function NewServiceSheet() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  // Without JavaScript a re-rendered form (Add Part, Remove, a refusal) brings its values back.
  const initial: Values = (isFormResult(actionData) && actionData.initialValue) || {}
  const sheetNumber = Number(initial.sheet_number) || data.sheetNumber
  const { place } = data

  return (
    <>
      <h1>New Service Sheet Form</h1>
      {data.loadError ? (
        <Modal title="Error">
          <p role="alert">{data.loadError}</p>
          <div className="form-actions">
            <a href="/service-form" className="button">
              OK
            </a>
          </div>
        </Modal>
      ) : null}
      <ServiceSheetSelect data={data} />
      {data.call?.sheetNumber ? (
        <p className="notice notice-error" role="alert">
          This call already has service sheet #{data.call.sheetNumber}.
        </p>
      ) : null}
      {place && sheetNumber ? (
        <SheetForm key={`${sheetNumber}`} data={data} place={place} sheetNumber={sheetNumber} submissionId={String(initial.submission_id ?? data.submissionId)} initial={initial} />
      ) : null}
    </>
  )
}

/**
 * Choose a customer (then a storage) or a job number. With JavaScript an exact name moves the URL
 * at once; without it, Continue sends this GET form. Start over clears both.
 */
function ServiceSheetSelect({ data }: { data: LoaderData }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const { place, selection } = data
  const [texts, setTexts] = useState({ company: selection.company, job: selection.job })
  // A new stage from the server (Start over, the browser's Back) sets the texts again.
  useEffect(() => setTexts({ company: selection.company, job: selection.job }), [selection.company, selection.job])
  const fromCall = data.call !== null
  const staged = selection.company !== '' || selection.job !== '' || fromCall
  const go = (params: Record<string, string> | null) => navigate(params ? `/service-form?${new URLSearchParams(params)}` : '/service-form', { preventScrollReset: true, replace: params === null })

  const chooseCompanyText = (text: string) => {
    setTexts({ company: text, job: '' })
    const company = data.companies.find((c) => c.name === text.trim())
    if (company && company.name !== selection.company) go({ company: company.name })
    else if (!company && staged) go(null)
  }
  const chooseJobText = (text: string) => {
    setTexts({ company: '', job: text })
    const job = data.jobs.find((j) => j.name === text.trim())
    if (job && job.name !== selection.job) go({ job: job.name })
    else if (!job && staged) go(null)
  }

  return (
    <Form method="get" className="form" aria-label="Customer or job">
      <fieldset className="stage">
        <legend>Customer or job</legend>
        {fromCall ? (
          <>
            <input type="hidden" name="call" value={data.call!.id} />
            <p className="muted">From the call of {formatDate(data.call!.date)}.</p>
          </>
        ) : null}
        <AutocompleteField
          id="company"
          label="Customer"
          name={fromCall ? undefined : 'company'}
          options={data.companies.map((c) => ({ id: c.id, value: c.name }))}
          value={texts.company}
          readOnly={fromCall || place?.path === 'job'}
          onChange={chooseCompanyText}
          problem={data.problems.company}
        />
        <AutocompleteField
          id="job"
          label="Job Number"
          name={fromCall ? undefined : 'job'}
          options={data.jobs.map((j) => ({ id: j.id, value: j.name, detail: `${j.company_name} · ${j.storage_name}` }))}
          value={texts.job}
          readOnly={fromCall}
          onChange={chooseJobText}
          problem={data.problems.job}
          hint={staged ? null : 'Choose a customer, or a job number (it fills the customer and storage).'}
        />
        {place && (place.path === 'job' || fromCall) ? (
          <div className="field">
            <label htmlFor="place-storage">Storage</label>
            <input id="place-storage" readOnly value={place.storageName} />
          </div>
        ) : selection.company && !data.problems.company && !data.problems.job ? (
          data.storages.length === 0 ? (
            <p className="muted">No storage data available</p>
          ) : (
            <StorageSelect
              key={selection.company}
              storages={data.storages}
              defaultValue={selection.storage}
              onChange={(id) => (hydrated && id ? go({ company: selection.company, storage: id }) : undefined)}
              problem={data.problems.storage}
            />
          )
        ) : null}
        {staged || !(hydrated || fromCall) ? (
          <div className="form-actions">
            {hydrated || fromCall ? null : (
              <button type="submit" className="button button-secondary">
                Continue
              </button>
            )}
            {staged ? (
              <Link to="/service-form" className="button button-secondary">
                Start over
              </Link>
            ) : null}
          </div>
        ) : null}
      </fieldset>
    </Form>
  )
}

function SheetForm({ data, place, sheetNumber, submissionId, initial }: { data: LoaderData; place: Place; sheetNumber: number; submissionId: string; initial: Values }) {
  const { form, fields, fetcher } = useAppForm(ServiceSheetSchema, {
    id: `service-sheet-${sheetNumber}`,
    defaultValue: { service_date: data.today, requested_by: data.call?.requestedBy ?? '', description: data.call?.description ?? '' },
  })
  const hydrated = useHydrated()
  const csrfToken = useCsrfToken()
  const fromCall = place.callId !== null
  const initialTypes = [initial.service_rendered ?? []].flat()
  const [otherTicked, setOtherTicked] = useState(initialTypes.includes('Other'))
  const placeErrors = [fields.company_id, fields.storage_id, fields.job_id, fields.call_in_id, fields.sheet_number].flatMap((f) => f.errors ?? [])

  return (
    <AppForm form={form} fetcher={fetcher} submissionId={submissionId} encType="multipart/form-data" className="form sheet-form">
      {/* The first submit button is the one Enter presses: Submit, not Add Part or Remove. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="sheet_number" value={sheetNumber} />
      <input type="hidden" name="company_id" value={place.companyId} />
      <input type="hidden" name="storage_id" value={place.storageId} />
      {place.jobId ? <input type="hidden" name="job_id" value={place.jobId} /> : null}
      {place.callId ? <input type="hidden" name="call_in_id" value={place.callId} /> : null}
      {placeErrors.length > 0 ? (
        <p className="notice notice-error" role="alert">
          {placeErrors.join(' ')}
        </p>
      ) : null}

      <div className="field">
        <label htmlFor="sheet-number">Sheet Number</label>
        <input id="sheet-number" readOnly value={sheetNumber} />
      </div>
      <TextField field={fields.requested_by} label="Requested By" autoComplete="off" />
      <TextField field={fields.po_number} label="PO Number" autoComplete="off" hint="Optional" />

      {place.path === 'job' ? (
        <div className="field">
          <label htmlFor="service-type">Service Type</label>
          <select id="service-type" disabled>
            <option>N/A</option>
          </select>
        </div>
      ) : (
        <>
          <fieldset className="field service-types" aria-describedby={fields.service_rendered.errors ? fields.service_rendered.errorId : undefined}>
            <legend className="label">Service Type</legend>
            <div className="service-types__options">
              {getCollectionProps(fields.service_rendered, { type: 'checkbox', options: [...SERVICE_TYPES], ariaAttributes: false }).map(({ key, ...props }) => (
                <label key={key} className="checkbox">
                  <input {...props} onChange={props.value === 'Other' ? (e) => setOtherTicked(e.target.checked) : undefined} />
                  {props.value}
                </label>
              ))}
            </div>
            {fields.service_rendered.errors ? (
              <p className="field-error" id={fields.service_rendered.errorId}>
                {fields.service_rendered.errors.join(' ')}
              </p>
            ) : null}
          </fieldset>
          {/* 'Other' reveals its field; without JavaScript it is always there. */}
          {otherTicked || !hydrated ? <TextField field={fields.other_service} label="Other Service" autoComplete="off" hint={hydrated ? undefined : 'Required when Other is ticked.'} /> : null}
        </>
      )}

      <TextField field={fields.service_date} label="Service Date" type="date" />
      <div className="sheet-form__hours">
        <TextField field={fields.travel_hours} label="Travel Hours" type="number" min={0} step={0.25} inputMode="decimal" />
        <TextField field={fields.labor_hours} label="Labor Hours" type="number" min={0} step={0.25} inputMode="decimal" />
      </div>

      <PartsPicker parts={data.parts} initial={initial} errors={fields.parts.allErrors} />

      <FileUpload
        name="images"
        area="service"
        csrfToken={csrfToken}
        label="Images"
        accept="image/*"
        capture="environment"
        initialIds={[initial.images ?? []].flat().map(String)}
        hint="Photos of the work (image files only)."
      />
      {fields.images.errors ? (
        <p className="field-error" role="alert">
          {fields.images.errors.join(' ')}
        </p>
      ) : null}

      <div className="field">
        <label htmlFor={fields.description.id}>Call Description</label>
        <textarea {...getTextareaProps(fields.description, { ariaAttributes: true })} key={fields.description.key} rows={3} readOnly={fromCall} />
        {fromCall ? <span className="hint">From the call.</span> : null}
        {fields.description.errors ? (
          <p className="field-error" id={fields.description.errorId}>
            {fields.description.errors.join(' ')}
          </p>
        ) : null}
      </div>
      <TextAreaField field={fields.notes} label="Detailed Notes" rows={5} />

      <div className="form-actions">
        <SubmitButton fetcher={fetcher}>Submit</SubmitButton>
      </div>
    </AppForm>
  )
}

/**
 * The part lines travel as parts[i].part_id / .quantity / .description. With JavaScript, Add Part
 * and Remove change them in the page; without it, they post the form back (intent=add-part,
 * intent=remove-part:{i}) and the server answers with the same form, lines changed.
 */
function PartsPicker({ parts, initial, errors }: { parts: PartOption[]; initial: Values; errors: Record<string, string[]> | undefined }) {
  const hydrated = useHydrated()
  const actionData = useActionData<typeof action>()
  const serverErrors = (isFormResult(actionData) && actionData.error) || {}
  const [lines, setLines] = useState<LineValue[]>(() => linesOf(initial.parts))
  const [pick, setPick] = useState(() => ({ part: String(initial.pick_part ?? ''), quantity: String(initial.pick_quantity ?? '1'), description: String(initial.pick_description ?? '') }))
  const [problem, setProblem] = useState<{ field: keyof typeof PICK_FIELD; message: string } | null>(() => {
    const field = (Object.keys(PICK_FIELD) as (keyof typeof PICK_FIELD)[]).find((f) => serverErrors[PICK_FIELD[f]]?.length)
    return field ? { field, message: serverErrors[PICK_FIELD[field]]![0]! } : null
  })
  const byId = useMemo(() => new Map(parts.map((p) => [String(p.id), p])), [parts])
  const picked = parts.find((p) => p.part_number === pick.part.trim())

  const add = (event: MouseEvent) => {
    if (!hydrated) return
    event.preventDefault()
    const quantity = Number(pick.quantity.trim() || Number.NaN)
    const refused = partLineProblem(picked, quantity, pick.description)
    setProblem(refused)
    if (refused || !picked) return
    setLines((current) => [...current, { part_id: String(picked.id), quantity: String(quantity), description: pick.description.trim() }])
    setPick({ part: '', quantity: '1', description: '' })
  }
  const remove = (index: number) => (event: MouseEvent) => {
    if (!hydrated) return
    event.preventDefault()
    setLines((current) => current.filter((_, i) => i !== index))
  }
  // Messages of the lines themselves (from the final submit), as "Line n: …".
  const lineErrors = Object.entries(errors ?? {})
    .filter(([name]) => name.startsWith('parts['))
    .map(([name, messages]) => `Line ${Number(/^parts\[(\d+)\]/.exec(name)?.[1] ?? 0) + 1}: ${messages.join(' ')}`)
  const problemId = problem ? `pick-${problem.field}-problem` : undefined

  return (
    <fieldset className="parts-picker">
      <legend>Parts</legend>
      {lines.length === 0 ? (
        <p className="muted">No parts added.</p>
      ) : (
        <ul className="parts-lines" aria-label="Parts on this sheet">
          {lines.map((line, i) => {
            const part = byId.get(line.part_id)
            return (
              <li key={`${i}-${line.part_id}`} className="parts-lines__line">
                <input type="hidden" name={`parts[${i}].part_id`} value={line.part_id} />
                <input type="hidden" name={`parts[${i}].quantity`} value={line.quantity} />
                <input type="hidden" name={`parts[${i}].description`} value={line.description} />
                <span className="parts-lines__qty">{line.quantity} ×</span>
                <span className="parts-lines__part">
                  <strong>{part?.part_number ?? 'Unknown part'}</strong> {part?.description}
                  {line.description ? <span className="parts-lines__note">{line.description}</span> : null}
                </span>
                <button type="submit" name="intent" value={`remove-part:${i}`} formNoValidate className="button button-secondary" onClick={remove(i)} aria-label={`Remove ${part?.part_number ?? 'part'} (line ${i + 1})`}>
                  Remove
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {lineErrors.length > 0 ? (
        <p className="field-error" role="alert">
          {lineErrors.join(' ')}
        </p>
      ) : null}

      <div className="parts-picker__pick">
        <div className="field parts-picker__part">
          <label htmlFor="pick-part">Part Number</label>
          <input
            id="pick-part"
            name="pick_part"
            list="part-options"
            autoComplete="off"
            value={pick.part}
            onChange={(e) => setPick({ ...pick, part: e.target.value })}
            aria-invalid={problem?.field === 'part' ? true : undefined}
            aria-describedby={problem?.field === 'part' ? problemId : 'pick-part-hint'}
          />
          <datalist id="part-options">
            {parts.map((p) => (
              <option key={p.id} value={p.part_number}>
                {p.description}
              </option>
            ))}
          </datalist>
          <span className="hint" id="pick-part-hint">
            {picked ? `${picked.description}${picked.is_special ? ' (special: describe it below)' : ''}` : 'Choose a part number from the parts list.'}
          </span>
        </div>
        <div className="field parts-picker__qty">
          <label htmlFor="pick-quantity">Quantity</label>
          <input
            id="pick-quantity"
            name="pick_quantity"
            type="number"
            inputMode="decimal"
            min={QUANTITY_MIN}
            step="any"
            value={pick.quantity}
            onChange={(e) => setPick({ ...pick, quantity: e.target.value })}
            aria-invalid={problem?.field === 'quantity' ? true : undefined}
            aria-describedby={problem?.field === 'quantity' ? problemId : undefined}
          />
        </div>
        <div className="field parts-picker__desc">
          <label htmlFor="pick-description">Part Description</label>
          <input
            id="pick-description"
            name="pick_description"
            autoComplete="off"
            value={pick.description}
            onChange={(e) => setPick({ ...pick, description: e.target.value })}
            aria-invalid={problem?.field === 'description' ? true : undefined}
            aria-describedby={problem?.field === 'description' ? problemId : 'pick-description-hint'}
          />
          <span className="hint" id="pick-description-hint">
            Needed for special parts.
          </span>
        </div>
      </div>
      {problem ? (
        <p className="field-error" id={problemId} role="alert">
          {problem.message}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" name="intent" value="add-part" formNoValidate className="button button-secondary" onClick={add}>
          Add Part
        </button>
      </div>
    </fieldset>
  )
}

/** A call that does not exist: Not found. Anything else: the Error modal, whose OK starts over. */
export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (status === 404) {
    return (
      <section className="error-page" aria-labelledby="error-title">
        <h1 id="error-title">Not found</h1>
        <p>That call does not exist.</p>
        <p>
          <Link to="/service-form">New Service Sheet</Link>
        </p>
      </section>
    )
  }
  if (status >= 500) console.error(error)
  // For a 403, OK goes home: this page would only refuse again.
  const forbidden = status === 403
  const message = forbidden ? 'You do not have permission to do that.' : 'Problem occurred while loading the form. Please try again.'
  return (
    <Modal title="Error">
      <p role="alert">{message}</p>
      <div className="form-actions">
        <a href={forbidden ? '/' : '/service-form'} className="button">
          OK
        </a>
      </div>
    </Modal>
  )
}
