// Customer notes (interactions): the Customer Notes Form's save.
import { InputError } from '#core/errors.ts'
import { CONTACT_CHOICE_MESSAGE, type InteractionInput } from '#core/schemas/interaction.ts'
import type { Executor } from '../client.server.ts'

export const NOT_OF_COMPANY = "Choose one of this company's contacts."

/**
 * Saves a note about one of the company's contacts, written (and so last changed) by `userId` now;
 * once per submission id. A contact that is not the company's, or not active, is a field message.
 * Returns the interaction's id.
 */
export async function addInteraction(db: Executor, companyId: number, userId: number, value: InteractionInput): Promise<number> {
  const contact = await db
    .selectFrom('contacts')
    .select('id')
    .where('id', '=', value.contact_id)
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .executeTakeFirst()
  if (!contact) throw new InputError({ contact_id: value.contact_id > 0 ? NOT_OF_COMPANY : CONTACT_CHOICE_MESSAGE })
  const inserted = await db
    .insertInto('interactions')
    .values({ submission_id: value.submission_id, company_id: companyId, contact_id: contact.id, notes: value.notes, created_by: userId, last_modified_by: userId })
    .onConflict((oc) => oc.column('submission_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (inserted) return inserted.id
  return (await db.selectFrom('interactions').select('id').where('submission_id', '=', value.submission_id).executeTakeFirstOrThrow()).id
}
