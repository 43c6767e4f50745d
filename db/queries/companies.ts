// Growers (companies other than the service company itself): the pickers' look-ups and the Add/Edit
// Grower form's read (its one save is commands/growers.ts).
import { sql } from 'kysely'
import { config } from '#core/config.server.ts'
import { hasControlCharacters } from '#core/formats.ts'
import type { Executor } from '../client.server.ts'
import type { NamedOption } from './registry.ts'

/** companies.updated_at in microseconds since 1970, as text: the version an edit form carries. */
export const GROWER_VERSION = sql<string>`(extract(epoch from updated_at) * 1000000)::bigint::text`

const isId = (id: number) => Number.isSafeInteger(id) && id > 0

/** Growers for a picker, by name: every one, or only the active ones. Never the service company. */
export function growerOptions(db: Executor, { activeOnly }: { activeOnly: boolean }): Promise<NamedOption[]> {
  let query = db.selectFrom('companies').select(['id', 'company_name as name']).where('company_name', '<>', config().COMPANY_NAME)
  if (activeOnly) query = query.where('active', '=', true)
  return query.orderBy('company_name').orderBy('id').execute()
}

/**
 * The grower a picker's text names: the whole name, case ignored (names are unique that way, so it
 * names at most one); undefined for anything else.
 */
export async function growerByName(db: Executor, text: string, { activeOnly }: { activeOnly: boolean }): Promise<NamedOption | undefined> {
  const name = text.trim()
  if (name === '' || name.length > 1000 || hasControlCharacters(name)) return undefined
  let query = db
    .selectFrom('companies')
    .select(['id', 'company_name as name'])
    .where(sql<string>`lower(company_name)`, '=', name.toLowerCase())
    .where('company_name', '<>', config().COMPANY_NAME)
  if (activeOnly) query = query.where('active', '=', true)
  return query.executeTakeFirst()
}

export async function growerById(db: Executor, id: number, { activeOnly }: { activeOnly: boolean }): Promise<NamedOption | undefined> {
  if (!isId(id)) return undefined
  let query = db.selectFrom('companies').select(['id', 'company_name as name']).where('id', '=', id).where('company_name', '<>', config().COMPANY_NAME)
  if (activeOnly) query = query.where('active', '=', true)
  return query.executeTakeFirst()
}

export interface GrowerRecord {
  id: number
  company_name: string
  qb_list_id: string
  service_start: string | null
  notes: string
  website: string
  active: boolean
  storage_check_interval: number
  contact_interval: number
  version: string
}

/** A grower with every field the form shows, and its version. */
export async function growerForEdit(db: Executor, id: number): Promise<GrowerRecord | undefined> {
  if (!isId(id)) return undefined
  return db
    .selectFrom('companies')
    .select(['id', 'company_name', 'qb_list_id', 'service_start', 'notes', 'website', 'active', 'storage_check_interval', 'contact_interval', GROWER_VERSION.as('version')])
    .where('id', '=', id)
    .where('company_name', '<>', config().COMPANY_NAME)
    .executeTakeFirst()
}
