// Growers (companies other than the service company itself): the pickers' look-ups, the Add/Edit
// Grower form's read, and its one save (spec §2: "Add Grower and Edit Grower use one save call").
import { sql } from 'kysely'
import { config } from '#core/config.server.ts'
import { ConflictError, InputError } from '#core/errors.ts'
import { hasControlCharacters } from '#core/formats.ts'
import { normalizeWebsite, type GrowerInput } from '#core/schemas/grower.ts'
import type { Executor } from '../client.server.ts'
import type { NamedOption } from './registry.ts'

export const GROWER_MESSAGES = {
  duplicate: 'A grower with this name already exists.',
  unknown: 'Choose a grower from the list.',
  changed: 'Someone else saved this grower after you opened it. Reload the page to see their changes, then make yours again.',
} as const

/** companies.updated_at in microseconds since 1970, as text: the version an edit form carries. */
const VERSION = sql<string>`(extract(epoch from updated_at) * 1000000)::bigint::text`

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
    .select(['id', 'company_name', 'qb_list_id', 'service_start', 'notes', 'website', 'active', 'storage_check_interval', 'contact_interval', VERSION.as('version')])
    .where('id', '=', id)
    .where('company_name', '<>', config().COMPANY_NAME)
    .executeTakeFirst()
}

function uniqueConstraint(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string } | null
  return e?.code === '23505' ? (e.constraint ?? '') : null
}

function fieldsOf(value: GrowerInput) {
  return {
    company_name: value.company_name,
    qb_list_id: value.qb_list_id,
    service_start: value.service_start,
    notes: value.notes,
    website: normalizeWebsite(value.website) ?? '',
    active: value.active,
    storage_check_interval: value.storage_check_interval,
    contact_interval: value.contact_interval,
  }
}

/** The same grower fields (a form sent twice, or a save that already holds what was sent). */
function sameFields(row: GrowerRecord, fields: ReturnType<typeof fieldsOf>): boolean {
  return (Object.keys(fields) as (keyof typeof fields)[]).every((key) => row[key] === fields[key])
}

/**
 * Adds a grower (no company_id) or saves an edit (company_id and the version the form read).
 * Idempotent: an add sent twice finds its row by submission id; an edit sent twice finds the
 * grower already holding what it sends. A name another grower has (case ignored) is a field
 * message; an edit over a newer save is a conflict, unless that save holds the same values.
 * Returns the grower's id.
 */
export async function saveGrower(db: Executor, value: GrowerInput): Promise<number> {
  const fields = fieldsOf(value)
  try {
    if (value.company_id === undefined) return await addGrower(db, value.submission_id, fields)
    return await editGrower(db, value.company_id, value.version ?? '', fields)
  } catch (error) {
    if (uniqueConstraint(error) === 'companies_name_uq') {
      // the same add sent twice at once: the other request's row is this one
      if (value.company_id === undefined) {
        const mine = await db.selectFrom('companies').select('id').where('submission_id', '=', value.submission_id).executeTakeFirst()
        if (mine) return mine.id
      }
      throw new InputError({ company_name: GROWER_MESSAGES.duplicate })
    }
    throw error
  }
}

async function addGrower(db: Executor, submissionId: string, fields: ReturnType<typeof fieldsOf>): Promise<number> {
  const inserted = await db
    .insertInto('companies')
    .values({ submission_id: submissionId, ...fields })
    .onConflict((oc) => oc.column('submission_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (inserted) return inserted.id
  return (await db.selectFrom('companies').select('id').where('submission_id', '=', submissionId).executeTakeFirstOrThrow()).id
}

async function editGrower(db: Executor, id: number, version: string, fields: ReturnType<typeof fieldsOf>): Promise<number> {
  if (fields.company_name === config().COMPANY_NAME) throw new InputError({ company_name: GROWER_MESSAGES.duplicate })
  const updated = await db
    .updateTable('companies')
    .set({ ...fields, updated_at: sql`clock_timestamp()` })
    .where('id', '=', id)
    .where('company_name', '<>', config().COMPANY_NAME)
    .where(VERSION, '=', version)
    .returning('id')
    .executeTakeFirst()
  if (updated) return updated.id
  const current = await growerForEdit(db, id)
  if (!current) throw new InputError({ company_id: GROWER_MESSAGES.unknown })
  if (sameFields(current, fields)) return id
  throw new ConflictError(GROWER_MESSAGES.changed)
}
