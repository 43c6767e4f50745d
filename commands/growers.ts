// The one save of Add Grower and Edit Grower (spec §2: "Add Grower and Edit Grower use one save
// call"): each screen does its own (Add never edits, Edit never adds); a name another grower has
// (case ignored) is a field message; an edit carries the version it read, and one over a newer
// save is a conflict, unless that save already holds the same values.
import { sql } from 'kysely'
import { z } from 'zod'
import { config } from '#core/config.server.ts'
import { ConflictError, InputError, Refusal } from '#core/errors.ts'
import { GrowerSchema, normalizeWebsite, type GrowerInput } from '#core/schemas/grower.ts'
import { uniqueConstraint, type Executor } from '#db/client.server.ts'
import { GROWER_VERSION, growerForEdit, type GrowerRecord } from '#db/queries/companies.ts'
import { defineCommand } from './command.ts'

export const GROWER_MESSAGES = {
  duplicate: 'A grower with this name already exists.',
  unknown: 'Choose a grower from the list.',
  changed: 'Someone else saved this grower after you opened it. Reload the page to see their changes, then make yours again.',
} as const

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
type GrowerFields = ReturnType<typeof fieldsOf>

/** Spec §8: a grower save failure raises this internal message (and shows the general Error modal). */
const NOT_SAVED = 'Company Data was not saved. Plese try again.'

/** The same grower fields (a save that already holds what was sent). */
function sameFields(row: GrowerRecord, fields: GrowerFields): boolean {
  return (Object.keys(fields) as (keyof GrowerFields)[]).every((key) => row[key] === fields[key])
}

async function addGrower(trx: Executor, submissionId: string, fields: GrowerFields): Promise<number> {
  const { id } = await trx
    .insertInto('companies')
    .values({ submission_id: submissionId, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

async function editGrower(trx: Executor, id: number, version: string, fields: GrowerFields): Promise<number> {
  if (fields.company_name === config().COMPANY_NAME) throw new InputError({ company_name: GROWER_MESSAGES.duplicate })
  const updated = await trx
    .updateTable('companies')
    .set({ ...fields, updated_at: sql`clock_timestamp()` })
    .where('id', '=', id)
    .where('company_name', '<>', config().COMPANY_NAME)
    .where(GROWER_VERSION, '=', version)
    .returning('id')
    .executeTakeFirst()
  if (updated) return updated.id
  const current = await growerForEdit(trx, id)
  if (!current) throw new InputError({ company_id: GROWER_MESSAGES.unknown })
  if (sameFields(current, fields)) return id
  throw new ConflictError(GROWER_MESSAGES.changed)
}

export const saveGrower = defineCommand({
  name: 'growers.save',
  // mode: the screen the form was sent from, set by the route
  schema: GrowerSchema.extend({ mode: z.enum(['add', 'edit']) }),
  async run(trx, _actor, value) {
    if ((value.mode === 'edit') !== (value.company_id !== undefined)) throw new InputError({ company_id: GROWER_MESSAGES.unknown })
    const fields = fieldsOf(value)
    try {
      const id = value.company_id === undefined ? await addGrower(trx, value.submission_id, fields) : await editGrower(trx, value.company_id, value.version ?? '', fields)
      return { id }
    } catch (error) {
      if (uniqueConstraint(error) === 'companies_name_uq') throw new InputError({ company_name: GROWER_MESSAGES.duplicate })
      if (error instanceof Refusal) throw error
      throw new Error(NOT_SAVED, { cause: error })
    }
  },
})
