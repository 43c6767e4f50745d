// Where work happens, resolved from what a picker holds (the customer's and the job's names as
// typed, the storage's id): one rule for the server (app/components/form/place.server.ts, looking
// names up in the database) and the browser with no signal (place-on-device.ts, looking them up in
// the choices kept on the device). Exact names only; the facts are replayed through the call-in
// machine, the same machine the picker runs as the user chooses.
import { PLACE_MESSAGES } from '#core/schemas/place.ts'
import type { JobOption, NamedOption } from '#db/queries/registry.ts'
import { callInMachine, type CallInContext, type CallInEvent } from './call-in.machine.ts'
import { replay, stateName } from './runner.ts'
import { parseId } from '#core/ids.ts'

/** What the picker's fields hold: the customer's and the job's names as typed, the storage's id. */
export interface PlaceQuery {
  company: string
  job: string
  storage: string
}

/** The picker's fields as a URL or a posted form holds them. */
export function placeQuery(params: URLSearchParams | FormData): PlaceQuery {
  const text = (name: string) => {
    const value = params.get(name)
    return typeof value === 'string' ? value.trim() : ''
  }
  return { company: text('company'), job: text('job'), storage: text('storage') }
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

/** Exact look-ups among active customers' records (undefined: no such customer, job or storage). */
export interface PlaceLookups {
  jobByName(name: string): Promise<JobOption | undefined>
  companyByName(name: string): Promise<NamedOption | undefined>
  storageById(id: number): Promise<{ id: number; name: string; company_id: number } | undefined>
}

const asId = (text: string) => parseId(text) ?? 0

export async function resolvePlaceWith(lookups: PlaceLookups, query: PlaceQuery): Promise<ResolvedPlace> {
  const problems: PlaceProblems = {}
  const events: CallInEvent[] = []
  let job: JobOption | undefined
  let company: NamedOption | undefined
  let storage: { id: number; name: string; company_id: number } | undefined
  // A job fills the customer and the storage, so it wins over them.
  if (query.job) {
    job = await lookups.jobByName(query.job)
    if (job) events.push({ type: 'CHOOSE_JOB', jobId: job.id, companyId: job.company_id, storageId: job.storage_id })
    else problems.job = PLACE_MESSAGES.job
  } else if (query.company) {
    company = await lookups.companyByName(query.company)
    if (company) events.push({ type: 'CHOOSE_COMPANY', companyId: company.id })
    else problems.company = PLACE_MESSAGES.company
    if (company && query.storage) {
      const id = asId(query.storage)
      storage = id > 0 ? await lookups.storageById(id) : undefined
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
