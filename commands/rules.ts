// The checks more than one command makes, each written once (their texts: core/schemas/place.ts).
import { config } from '#core/config.server.ts'
import type { BlobArea } from '#core/enums.ts'
import { InputError } from '#core/errors.ts'
import { IMAGE_NOT_FOUND, PLACE_ID_MESSAGES, PLACE_MESSAGES } from '#core/schemas/place.ts'
import type { Executor } from '#db/client.server.ts'
import { companyById, jobById, storageById } from '#db/queries/registry.ts'
import { ownedBlobIds } from '#storage/uploads.server.ts'
import type { Actor } from './command.ts'

/**
 * The images a record takes must be the actor's own uploads of the record's area: another user's
 * upload, or one of another area, is refused as if it were not there. Returns the ids once each.
 */
export async function requireOwnImages(db: Executor, actor: Actor, area: BlobArea, ids: readonly string[], field = 'images'): Promise<string[]> {
  const images = [...new Set(ids.map((id) => id.toLowerCase()))]
  if ((await ownedBlobIds(db, actor, area, images)).length !== images.length) throw new InputError({ [field]: IMAGE_NOT_FOUND })
  return images
}

/**
 * The service company itself (COMPANY_NAME: the name the app shows, and its row in companies) is
 * not a customer: it is not offered, and a name or id that points at it is refused.
 */
export function isCustomer(companyName: string): boolean {
  return companyName !== config().COMPANY_NAME
}

/** For forms that post the chosen ids: the company must be an active customer (`message`: the form's own word for it). */
export async function requireCustomer(db: Executor, companyId: number, field = 'company_id', message: string = PLACE_MESSAGES.company): Promise<void> {
  const company = await companyById(db, companyId)
  if (!company || !isCustomer(company.name)) throw new InputError({ [field]: message })
}

/** The place rule's messages for posted ids; a form whose spec words them otherwise passes its own. */
export type PlaceIdMessages = { [K in keyof typeof PLACE_ID_MESSAGES]: string }

/**
 * The place rule, for every form that posts the ids: a job (when one is sent) exists and fills the
 * same company and storage; otherwise the storage exists and is the company's. Returns what it found.
 */
export async function requirePlaceIds(
  db: Executor,
  input: { company_id: number; storage_id: number; job_id?: number | null },
  messages: Partial<PlaceIdMessages> = {},
): Promise<{ job?: { id: number; company_id: number; storage_id: number }; storage?: { id: number; company_id: number; name: string } }> {
  const text = { ...PLACE_ID_MESSAGES, ...messages }
  if (input.job_id !== undefined && input.job_id !== null) {
    const job = await jobById(db, input.job_id)
    if (!job) throw new InputError({ job_id: PLACE_MESSAGES.job })
    if (job.company_id !== input.company_id || job.storage_id !== input.storage_id) throw new InputError({ job_id: text.job })
    return { job }
  }
  const storage = await storageById(db, input.storage_id)
  if (!storage) throw new InputError({ storage_id: text.noStorage })
  if (storage.company_id !== input.company_id) throw new InputError({ storage_id: text.storage })
  return { storage }
}
