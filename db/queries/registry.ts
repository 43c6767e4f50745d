// Look-ups of the core registry for pickers: names for autocompletes, a company's storages, jobs
// with their company and storage. Explicit columns; active records only.
import type { Executor } from '../client.server.ts'

export interface NamedOption {
  id: number
  name: string
}

export interface JobOption extends NamedOption {
  company_id: number
  company_name: string
  storage_id: number
  storage_name: string
}

export function companyOptions(db: Executor): Promise<NamedOption[]> {
  return db.selectFrom('companies').select(['id', 'company_name as name']).where('active', '=', true).orderBy('company_name').execute()
}

export function storagesOfCompany(db: Executor, companyId: number): Promise<NamedOption[]> {
  return db.selectFrom('storages').select(['id', 'name']).where('company_id', '=', companyId).where('active', '=', true).orderBy('name').orderBy('id').execute()
}

/** Active jobs with their company's and storage's names. */
function jobsWithNames(db: Executor) {
  return db
    .selectFrom('jobs as j')
    .innerJoin('companies as c', 'c.id', 'j.company_id')
    .innerJoin('storages as s', 's.id', 'j.storage_id')
    .select(['j.id', 'j.name', 'j.company_id', 'c.company_name', 'j.storage_id', 's.name as storage_name'])
    .where('j.active', '=', true)
}

export function jobOptions(db: Executor): Promise<JobOption[]> {
  return jobsWithNames(db).orderBy('j.name').execute()
}

/** Exact-name look-ups: an autocomplete choice takes effect only when the text matches a known name. */
export function companyByName(db: Executor, name: string): Promise<NamedOption | undefined> {
  return db.selectFrom('companies').select(['id', 'company_name as name']).where('company_name', '=', name.trim()).where('active', '=', true).executeTakeFirst()
}

export function jobByName(db: Executor, name: string): Promise<JobOption | undefined> {
  return jobsWithNames(db).where('j.name', '=', name.trim()).executeTakeFirst()
}

export function jobById(db: Executor, id: number): Promise<{ id: number; company_id: number; storage_id: number } | undefined> {
  return db.selectFrom('jobs').select(['id', 'company_id', 'storage_id']).where('id', '=', id).where('active', '=', true).executeTakeFirst()
}

export function storageById(db: Executor, id: number): Promise<{ id: number; company_id: number; name: string } | undefined> {
  return db.selectFrom('storages').select(['id', 'company_id', 'name']).where('id', '=', id).where('active', '=', true).executeTakeFirst()
}

export interface PartOption {
  id: number
  part_number: string
  description: string
  is_special: boolean
}

/** The parts list of the parts pickers: active parts by part number. */
export function partOptions(db: Executor): Promise<PartOption[]> {
  return db.selectFrom('parts').select(['id', 'part_number', 'description', 'is_special']).where('active', '=', true).orderBy('part_number').execute()
}

/** An active company by id (what a form posted), for the pickers' customer rule. */
export function companyById(db: Executor, id: number): Promise<NamedOption | undefined> {
  return db.selectFrom('companies').select(['id', 'company_name as name']).where('id', '=', id).where('active', '=', true).executeTakeFirst()
}
