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
import { resolvePlaceWith, type Place, type PlaceQuery, type ResolvedPlace } from '#workflows/place.ts'

export { placeQuery } from '#workflows/place.ts'
export type { Place, PlaceProblems, PlaceQuery, ResolvedPlace } from '#workflows/place.ts'

/** The picker's data for a page: the resolved choice and the lists its fields offer. */
export interface PlacePickerData extends ResolvedPlace {
  /** the query it was resolved for (a copy read offline for another choice is told by it) */
  asked: PlaceQuery
  companies: NamedOption[]
  jobs: JobOption[]
  /** the chosen customer's storages */
  storages: NamedOption[]
}

/** The choice `query` names, looked up in the database among active customers' records. */
export function resolvePlace(db: Executor, query: PlaceQuery): Promise<ResolvedPlace> {
  return resolvePlaceWith(
    {
      jobByName: async (name) => {
        const job = await jobByName(db, name)
        return job && isCustomer(job.company_name) ? job : undefined
      },
      companyByName: async (name) => {
        const company = await companyByName(db, name)
        return company && isCustomer(company.name) ? company : undefined
      },
      storageById: (id) => storageById(db, id),
    },
    query,
  )
}

export async function loadPlacePicker(db: Executor, query: PlaceQuery): Promise<PlacePickerData> {
  const resolved = await resolvePlace(db, query)
  const companyId = resolved.machine.context.path === 'company' ? resolved.machine.context.companyId : null
  const [companies, jobs, storages] = await Promise.all([companyOptions(db), jobOptions(db), companyId ? storagesOfCompany(db, companyId) : Promise.resolve([])])
  return { ...resolved, asked: query, companies: companies.filter((c) => isCustomer(c.name)), jobs: jobs.filter((j) => isCustomer(j.company_name)), storages }
}

/** The resolved choice, or the picker's messages as an InputError on the form's own field names. */
export function requirePlace(resolved: ResolvedPlace, fields: Record<keyof PlaceQuery, string>): Place {
  if (resolved.place) return resolved.place
  const problems = Object.entries(resolved.problems).map(([key, message]) => [fields[key as keyof PlaceQuery], message])
  throw new InputError(problems.length > 0 ? Object.fromEntries(problems) : { [fields.company]: PLACE_MESSAGES.company })
}
