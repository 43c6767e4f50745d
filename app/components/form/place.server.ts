// The server side of the PlacePicker (place-picker.tsx): where work happens, a customer and one of
// its storages, or a job (which fills both). One exact-match rule for every form that asks: the
// texts (from a URL or a posted form) are looked up by their exact names and the facts are
// replayed through the call-in machine, the same machine the picker runs in the browser.
//   loader:  const picker = await loadPlacePicker(db, placeQuery(url.searchParams))
//   action:  const place = await resolvePlace(db, { company, job, storage }); place.place ?? throw …
// (a form that posts the ids has its command check them: requireCustomer in commands/rules.ts)
import { isCustomer } from '#commands/rules.ts'
import { PLACE_MESSAGES } from '#core/schemas/place.ts'
import { InputError } from '#core/errors.ts'
import type { Executor } from '#db/client.server.ts'
import { companyByName, companyOptions, jobByName, jobOptions, storageById, storagesOfCompany, type JobOption, type NamedOption } from '#db/queries/registry.ts'
import { callInMachine, type CallInContext, type CallInEvent } from '#workflows/call-in.machine.ts'
import { replay, stateName } from '#workflows/runner.ts'


/** What the picker's fields hold: the customer's and the job's names as typed, the storage's id. */
export interface PlaceQuery {
  company: string
  job: string
  storage: string
}

export type PlaceProblems = Partial<Record<keyof PlaceQuery, string>>

/** A complete choice: the customer, the storage, and the job when the job path was taken. */
export interface Place {
  path: 'company' | 'job'
  companyId: number
  companyName: string
  storageId: number
  storageName: string
  jobId: number | null
  jobName: string | null
}

export interface ResolvedPlace {
  /** where the call-in machine stands after the choice ('empty', 'companyPath' or 'details') */
  machine: { value: string; context: CallInContext }
  /** null until the choice is complete */
  place: Place | null
  problems: PlaceProblems
  /** what the fields show again: names as found (or as typed, when not found) */
  texts: PlaceQuery
}

/** The picker's data for a page: the resolved choice and the lists its fields offer. */
export interface PlacePickerData extends ResolvedPlace {
  companies: NamedOption[]
  jobs: JobOption[]
  /** the chosen customer's storages */
  storages: NamedOption[]
}

export function placeQuery(params: URLSearchParams | FormData): PlaceQuery {
  const text = (name: string) => {
    const value = params.get(name)
    return typeof value === 'string' ? value.trim() : ''
  }
  return { company: text('company'), job: text('job'), storage: text('storage') }
}

const asId = (text: string) => (/^\d{1,15}$/.test(text) ? Number(text) : 0)

export async function resolvePlace(db: Executor, query: PlaceQuery): Promise<ResolvedPlace> {
  const problems: PlaceProblems = {}
  const events: CallInEvent[] = []
  let job: JobOption | undefined
  let company: NamedOption | undefined
  let storage: { id: number; name: string; company_id: number } | undefined
  // A job fills the customer and the storage, so it wins over them.
  if (query.job) {
    job = await jobByName(db, query.job)
    if (job && !isCustomer(job.company_name)) job = undefined
    if (job) events.push({ type: 'CHOOSE_JOB', jobId: job.id, companyId: job.company_id, storageId: job.storage_id })
    else problems.job = PLACE_MESSAGES.job
  } else if (query.company) {
    company = await companyByName(db, query.company)
    if (company && !isCustomer(company.name)) company = undefined
    if (company) events.push({ type: 'CHOOSE_COMPANY', companyId: company.id })
    else problems.company = PLACE_MESSAGES.company
    if (company && query.storage) {
      const id = asId(query.storage)
      storage = id > 0 ? await storageById(db, id) : undefined
      if (storage) events.push({ type: 'CHOOSE_STORAGE', storageId: storage.id, storageCompanyId: storage.company_id })
      else problems.storage = PLACE_MESSAGES.storage
    }
  }
  const { snapshot, refused } = replay(callInMachine, events)
  if (refused?.type === 'CHOOSE_STORAGE') problems.storage = PLACE_MESSAGES.storage
  const context = snapshot.context
  const complete = stateName(snapshot) === 'details'
  const place: Place | null = !complete
    ? null
    : job
      ? { path: 'job', companyId: job.company_id, companyName: job.company_name, storageId: job.storage_id, storageName: job.storage_name, jobId: job.id, jobName: job.name }
      : { path: 'company', companyId: company!.id, companyName: company!.name, storageId: storage!.id, storageName: storage!.name, jobId: null, jobName: null }
  return {
    machine: { value: stateName(snapshot), context },
    place,
    problems,
    texts: {
      company: job?.company_name ?? company?.name ?? query.company,
      job: job?.name ?? query.job,
      storage: context.storageId ? String(context.storageId) : '',
    },
  }
}

export async function loadPlacePicker(db: Executor, query: PlaceQuery): Promise<PlacePickerData> {
  const resolved = await resolvePlace(db, query)
  const companyId = resolved.machine.context.path === 'company' ? resolved.machine.context.companyId : null
  const [companies, jobs, storages] = await Promise.all([companyOptions(db), jobOptions(db), companyId ? storagesOfCompany(db, companyId) : Promise.resolve([])])
  return { ...resolved, companies: companies.filter((c) => isCustomer(c.name)), jobs: jobs.filter((j) => isCustomer(j.company_name)), storages }
}

/** The resolved choice, or the picker's messages as an InputError on the form's own field names. */
export function requirePlace(resolved: ResolvedPlace, fields: Record<keyof PlaceQuery, string>): Place {
  if (resolved.place) return resolved.place
  const problems = Object.entries(resolved.problems).map(([key, message]) => [fields[key as keyof PlaceQuery], message])
  throw new InputError(problems.length > 0 ? Object.fromEntries(problems) : { [fields.company]: PLACE_MESSAGES.company })
}
