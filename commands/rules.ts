// The checks more than one command makes, each written once.
import { config } from '#core/config.server.ts'
import type { BlobArea } from '#core/enums.ts'
import { InputError } from '#core/errors.ts'
import type { Executor } from '#db/client.server.ts'
import { companyById } from '#db/queries/registry.ts'
import { ownedBlobIds } from '#storage/uploads.server.ts'
import type { Actor } from './command.ts'

export const IMAGE_NOT_FOUND = 'An uploaded file could not be found. Please upload it again.'

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

/** The company picker's message, and a company id that names no active grower. */
export const COMPANY_CHOICE_MESSAGE = 'Choose a company from the list.'

/** The place rule's messages: where work happens is a customer and its storage, or a job. */
export const PLACE_MESSAGES = {
  company: 'Choose a customer from the list.',
  job: 'Choose a job number from the list.',
  storage: "Choose one of this customer's storages.",
} as const

/** For forms that post the chosen ids: the company must be an active customer. */
export async function requireCustomer(db: Executor, companyId: number, field = 'company_id'): Promise<void> {
  const company = await companyById(db, companyId)
  if (!company || !isCustomer(company.name)) throw new InputError({ [field]: PLACE_MESSAGES.company })
}
