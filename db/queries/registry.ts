// Look-ups of the core registry for pickers: names for autocompletes, a company's storages, jobs
// with their company and storage. Explicit columns; active records only.
import { hasControlCharacters } from '#core/formats.ts'
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

/** Longer than any name; a longer text names nothing. */
const NAME_MAX = 1000

/**
 * The text, trimmed, when it could be a name; null when it cannot: it holds control characters
 * (PostgreSQL refuses a NUL in text, and no name has a CR or LF) or is too long. The names come
 * from URLs and forms (?company=, ?job=), so this is where they are bounded, once for every route.
 */
function nameOrNull(text: string): string | null {
  const name = text.trim()
  return name.length <= NAME_MAX && !hasControlCharacters(name) ? name : null
}

/** An id a bigint column can hold; anything else names no record. */
const isId = (id: number) => Number.isSafeInteger(id) && id > 0

/** Exact-name look-ups: an autocomplete choice takes effect only when the text matches a known name. */
export async function companyByName(db: Executor, text: string): Promise<NamedOption | undefined> {
  const name = nameOrNull(text)
  if (name === null) return undefined
  return db.selectFrom('companies').select(['id', 'company_name as name']).where('company_name', '=', name).where('active', '=', true).executeTakeFirst()
}

export async function jobByName(db: Executor, text: string): Promise<JobOption | undefined> {
  const name = nameOrNull(text)
  if (name === null) return undefined
  return jobsWithNames(db).where('j.name', '=', name).executeTakeFirst()
}

export async function jobById(db: Executor, id: number): Promise<{ id: number; company_id: number; storage_id: number } | undefined> {
  if (!isId(id)) return undefined
  return db.selectFrom('jobs').select(['id', 'company_id', 'storage_id']).where('id', '=', id).where('active', '=', true).executeTakeFirst()
}

export async function storageById(db: Executor, id: number): Promise<{ id: number; company_id: number; name: string } | undefined> {
  if (!isId(id)) return undefined
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
