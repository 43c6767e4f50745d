// Customer notes (interactions): what the Customer Notes Form's command reads and writes.
import { sql, type Insertable } from 'kysely'
import type { Executor } from '../client.server.ts'
import type { InteractionsTable } from '../schema.ts'
import { userDisplayName } from './users.ts'

/** The company's active contact of that id, if it is one. */
export function activeContactOf(db: Executor, companyId: number, contactId: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('contacts').select('id').where('id', '=', contactId).where('company_id', '=', companyId).where('active', '=', true).executeTakeFirst()
}

/** A new note (the Customer Notes Form's, checked by commands/contacts.ts). */
export async function insertInteraction(db: Executor, row: Insertable<InteractionsTable>): Promise<number> {
  return (await db.insertInto('interactions').values(row).returning('id').executeTakeFirstOrThrow()).id
}

/** One note of the company, for its detail modal: its contact, notes, who wrote it and when, who changed it last; undefined when the company has no such note. */
export function interactionDetail(db: Executor, companyId: number, id: number) {
  return db
    .selectFrom('interactions as i')
    .innerJoin('contacts as ct', 'ct.id', 'i.contact_id')
    .innerJoin('users as cb', 'cb.id', 'i.created_by')
    .leftJoin('users as mb', 'mb.id', 'i.last_modified_by')
    .select([
      'i.id',
      'i.company_id',
      'i.contact_id',
      'ct.name as contact_name',
      'i.notes',
      'i.created_at',
      'i.last_modified_at',
      userDisplayName('cb').as('created_by_name'),
      sql<string>`coalesce(${userDisplayName('mb')}, ${userDisplayName('cb')})`.as('last_modified_by_name'),
    ])
    .where('i.id', '=', id)
    .where('i.company_id', '=', companyId)
    .executeTakeFirst()
}
