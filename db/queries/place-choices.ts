// Every choice a place picker offers, at once: the active customers, their active jobs and their
// active storages (each with its customer). The browser keeps it to choose a place with no signal
// (GET /api/choices, app/components/form/place-on-device.ts).
import type { Executor } from '#db/client.server.ts'
import { companyOptions, jobOptions, type JobOption, type NamedOption } from './registry.ts'

export interface StorageChoice extends NamedOption {
  company_id: number
}

/** A record's place with its names: customer, storage and, if any, job. */
export interface NamedPlace {
  company_id: number
  company_name: string
  storage_id: number
  storage_name: string
  job_id: number | null
  job_name: string | null
}

export interface PlaceChoices {
  companies: NamedOption[]
  jobs: JobOption[]
  storages: StorageChoice[]
}

export async function placeChoices(db: Executor, isCustomer: (companyName: string) => boolean): Promise<PlaceChoices> {
  const [companies, jobs, storages] = await Promise.all([
    companyOptions(db),
    jobOptions(db),
    db
      .selectFrom('storages as s')
      .innerJoin('companies as c', 'c.id', 's.company_id')
      .select(['s.id', 's.name', 's.company_id'])
      .where('s.active', '=', true)
      .where('c.active', '=', true)
      .orderBy('s.name')
      .orderBy('s.id')
      .execute(),
  ])
  const customers = companies.filter((c) => isCustomer(c.name))
  const ids = new Set(customers.map((c) => c.id))
  return { companies: customers, jobs: jobs.filter((j) => isCustomer(j.company_name)), storages: storages.filter((s) => ids.has(s.company_id)) }
}
