// Customer notes (interactions): what the Customer Notes Form's command reads and writes.
import type { Insertable } from 'kysely'
import type { Executor } from '../client.server.ts'
import type { InteractionsTable } from '../schema.ts'

/** The company's active contact of that id, if it is one. */
export function activeContactOf(db: Executor, companyId: number, contactId: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('contacts').select('id').where('id', '=', contactId).where('company_id', '=', companyId).where('active', '=', true).executeTakeFirst()
}

/** A new note (the Customer Notes Form's, checked by commands/contacts.ts). */
export async function insertInteraction(db: Executor, row: Insertable<InteractionsTable>): Promise<number> {
  return (await db.insertInto('interactions').values(row).returning('id').executeTakeFirstOrThrow()).id
}
