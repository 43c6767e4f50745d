// The registry admin's saves: Add and Edit Job, Truck and Part. Each adds (no id) or saves the
// record its edit page's address names (record_id, set by the route); a name or number another
// record has is a field message. A job's customer is a customer and its storage is the customer's.
import { z } from 'zod'
import { InputError } from '#core/errors.ts'
import { JobSchema, PartSchema, REGISTRY_MESSAGES, TruckSchema } from '#core/schemas/registry.ts'
import { uniqueConstraint, type Executor } from '#db/client.server.ts'
import { insertRegistryRow, updateRegistryRow, type RegistryTable } from '#db/queries/registry.ts'
import { defineCommand } from './command.ts'
import { requireCustomer, requirePlaceIds } from './rules.ts'

export const REGISTRY_NOT_FOUND = 'This record no longer exists.'

/** The edit page's record, set by the route (none on the add pages). */
const recordId = { record_id: z.number().int().nullable().optional() }

/** Adds (no id) or saves `id`; the unique index of the record's name becomes its field's message. */
async function saveRow(
  trx: Executor,
  table: RegistryTable,
  id: number | null | undefined,
  submissionId: string,
  values: Record<string, unknown>,
  duplicate: { constraint: string; field: string; message: string },
): Promise<{ id: number }> {
  try {
    if (id == null) return { id: await insertRegistryRow(trx, table, submissionId, values) }
    if (!(await updateRegistryRow(trx, table, id, values))) throw new InputError({ '': REGISTRY_NOT_FOUND })
    return { id }
  } catch (error) {
    if (uniqueConstraint(error) === duplicate.constraint) throw new InputError({ [duplicate.field]: duplicate.message })
    throw error
  }
}

export const saveJob = defineCommand({
  name: 'jobs.save',
  schema: JobSchema.extend(recordId),
  async run(trx, _actor, value) {
    await requireCustomer(trx, value.company_id)
    await requirePlaceIds(trx, value, { noStorage: REGISTRY_MESSAGES.storage, storage: REGISTRY_MESSAGES.storage })
    const values = { name: value.name, company_id: value.company_id, storage_id: value.storage_id, notes: value.notes, active: value.active }
    return saveRow(trx, 'jobs', value.record_id, value.submission_id, values, { constraint: 'jobs_name_uq', field: 'name', message: REGISTRY_MESSAGES.jobName })
  },
})

export const saveTruck = defineCommand({
  name: 'trucks.save',
  schema: TruckSchema.extend(recordId),
  async run(trx, _actor, value) {
    const values = { make: value.make, model: value.model, number: value.number, active: value.active }
    return saveRow(trx, 'trucks', value.record_id, value.submission_id, values, { constraint: 'trucks_number_uq', field: 'number', message: REGISTRY_MESSAGES.truckNumber })
  },
})

export const savePart = defineCommand({
  name: 'parts.save',
  schema: PartSchema.extend(recordId),
  async run(trx, _actor, value) {
    const values = { part_number: value.part_number, description: value.description, is_special: value.is_special, active: value.active }
    return saveRow(trx, 'parts', value.record_id, value.submission_id, values, { constraint: 'parts_number_uq', field: 'part_number', message: REGISTRY_MESSAGES.partNumber })
  },
})
