// Creating a storage check: what the schema cannot check (core/schemas/storage-check.ts) — the
// owner is a customer, the storage exists and is the owner's, the form opened for one company
// (the storage picker's /storage-check-form/{id}) posts that company, the images are the user's
// own uploads — then the check with its images.
import { z } from 'zod'
import { InputError } from '#core/errors.ts'
import { CHECK_MESSAGES, StorageCheckSchema, storedReadings } from '#core/schemas/storage-check.ts'
import { insertStorageCheck } from '#db/queries/storage-checks.ts'
import { defineCommand } from './command.ts'
import { requireCustomer, requireOwnImages, requirePlaceIds } from './rules.ts'

export const STORAGE_CHECK_MESSAGES = {
  storage: "That storage is not one of this owner's storages.",
  locked: 'This form is for another company. Please open it again.',
} as const

export const createStorageCheck = defineCommand({
  name: 'storage-checks.create',
  resentAnew: ['images'],
  // locked_company_id: the company the form's address names, set by the route (never the form's)
  schema: StorageCheckSchema.extend({ locked_company_id: z.number().int().nullable().optional() }),
  async run(trx, actor, input) {
    const { images: sent, submission_id, locked_company_id, ...check } = input
    if (locked_company_id != null && check.company_id !== locked_company_id) throw new InputError({ company_id: STORAGE_CHECK_MESSAGES.locked })
    await requireCustomer(trx, check.company_id, 'company_id', CHECK_MESSAGES.company)
    await requirePlaceIds(trx, check, { noStorage: CHECK_MESSAGES.storage, storage: STORAGE_CHECK_MESSAGES.storage })
    const images = await requireOwnImages(trx, actor, 'storage_checks', sent)
    const { id } = await insertStorageCheck(trx, {
      ...check,
      submission_id,
      created_by: actor.id,
      ...storedReadings(check),
      images,
    })
    return { id }
  },
})
