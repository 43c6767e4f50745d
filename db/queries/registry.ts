// Look-ups of the core registry for pickers: names for autocompletes, a company's storages, jobs
// with their company and storage. Explicit columns; active records only. Below them, the admin
// screens' reads and rows of jobs, trucks and parts (which see inactive records too).
import { sql } from 'kysely'
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

// ---- Registry admin (issue 10): the add and edit forms of jobs, trucks and parts ----
// A save adds (no id) or edits the record its URL names. An add sent twice finds its row by
// submission id; an edit sent twice writes the same values again. A name or number another record
// has, case ignored, is a message on its field (the unique indexes decide, so two saves at once
// cannot both win). Nothing is deleted: a record is deactivated, and the pickers above offer
// active records only.

export interface JobRecord {
  id: number
  name: string
  company_id: number
  company_name: string
  storage_id: number
  storage_name: string
  notes: string
  active: boolean
}

export interface TruckRecord {
  id: number
  make: string
  model: string
  number: string
  active: boolean
}

export interface PartRecord {
  id: number
  part_number: string
  description: string
  is_special: boolean
  active: boolean
}

/** A new job, truck or part (checked by commands/registry.ts); returns its id. */
export async function insertRegistryRow(trx: Executor, table: RegistryTable, submissionId: string, values: Record<string, unknown>): Promise<number> {
  return (
    await trx
      .insertInto(table)
      .values({ submission_id: submissionId, ...values } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
}

/** Saves job, truck or part `id`; false when there is none. */
export async function updateRegistryRow(trx: Executor, table: RegistryTable, id: number, values: Record<string, unknown>): Promise<boolean> {
  if (!isId(id)) return false
  return (
    (await trx
      .updateTable(table)
      .set(values as never)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst()) !== undefined
  )
}

export type RegistryTable = 'jobs' | 'trucks' | 'parts'

export async function jobForEdit(db: Executor, id: number): Promise<JobRecord | undefined> {
  if (!isId(id)) return undefined
  return db
    .selectFrom('jobs as j')
    .innerJoin('companies as c', 'c.id', 'j.company_id')
    .innerJoin('storages as s', 's.id', 'j.storage_id')
    .select(['j.id', 'j.name', 'j.company_id', 'c.company_name', 'j.storage_id', 's.name as storage_name', 'j.notes', 'j.active'])
    .where('j.id', '=', id)
    .executeTakeFirst()
}

export async function truckForEdit(db: Executor, id: number): Promise<TruckRecord | undefined> {
  if (!isId(id)) return undefined
  return db.selectFrom('trucks').select(['id', 'make', 'model', 'number', 'active']).where('id', '=', id).executeTakeFirst()
}

export async function partForEdit(db: Executor, id: number): Promise<PartRecord | undefined> {
  if (!isId(id)) return undefined
  return db.selectFrom('parts').select(['id', 'part_number', 'description', 'is_special', 'active']).where('id', '=', id).executeTakeFirst()
}

/** Every job, truck or part (inactive ones too) by its name or number: the edit pickers' choices. */
export function recordNames(db: Executor, model: 'job' | 'truck' | 'part'): Promise<NamedOption[]> {
  if (model === 'job') return db.selectFrom('jobs').select(['id', 'name']).orderBy('name').orderBy('id').execute()
  if (model === 'truck') return db.selectFrom('trucks').select(['id', 'number as name']).orderBy('number').orderBy('id').execute()
  return db.selectFrom('parts').select(['id', 'part_number as name']).orderBy('part_number').orderBy('id').execute()
}

/** The job, truck or part a picker's text names: its whole name or number, case ignored. */
export async function recordByName(db: Executor, model: 'job' | 'truck' | 'part', text: string): Promise<NamedOption | undefined> {
  const name = nameOrNull(text)
  if (!name) return undefined
  const wanted = name.toLowerCase()
  if (model === 'job')
    return db
      .selectFrom('jobs')
      .select(['id', 'name'])
      .where(sql<string>`lower(name)`, '=', wanted)
      .executeTakeFirst()
  if (model === 'truck')
    return db
      .selectFrom('trucks')
      .select(['id', 'number as name'])
      .where(sql<string>`lower(number)`, '=', wanted)
      .executeTakeFirst()
  return db
    .selectFrom('parts')
    .select(['id', 'part_number as name'])
    .where(sql<string>`lower(part_number)`, '=', wanted)
    .executeTakeFirst()
}
