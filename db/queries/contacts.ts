// A grower's contacts: Add Contact's row, the Customer Notes Form's choice list, and the follow-ups
// due (a contact with a contact interval whose last interaction is older than it).
import { sql, type Insertable } from 'kysely'
import type { Executor } from '../client.server.ts'
import type { ContactsTable } from '../schema.ts'
import type { NamedOption } from './registry.ts'

/** The catch-all contact ('Other', any case): hidden from Company Contacts, never due a follow-up. */
export const OTHER = 'other'

/** A new contact (Add Contact's, checked by commands/contacts.ts). */
export async function insertContact(db: Executor, row: Insertable<ContactsTable>): Promise<number> {
  return (await db.insertInto('contacts').values(row).returning('id').executeTakeFirstOrThrow()).id
}

/** Sets whether the company's contact receives the grower's reports; false when it is not one of the company's. */
export async function setReceivesReports(db: Executor, companyId: number, contactId: number, receives: boolean): Promise<boolean> {
  const row = await db
    .updateTable('contacts')
    .set({ receives_reports: receives, updated_at: new Date() })
    .where('id', '=', contactId)
    .where('company_id', '=', companyId)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** The company's contacts a note can be about: the active ones, by name (with their role, to tell two Dales apart). */
export function contactChoices(db: Executor, companyId: number): Promise<(NamedOption & { role: string })[]> {
  return db.selectFrom('contacts').select(['id', 'name', 'role']).where('company_id', '=', companyId).where('active', '=', true).orderBy('name').orderBy('id').execute()
}

/** Every active contact of the active growers, with its grower: the Customer Notes Form's choices on the device. */
export function noteContactChoices(db: Executor): Promise<(NamedOption & { role: string; company_id: number })[]> {
  return db
    .selectFrom('contacts as ct')
    .innerJoin('companies as c', 'c.id', 'ct.company_id')
    .select(['ct.id', 'ct.name', 'ct.role', 'ct.company_id'])
    .where('ct.active', '=', true)
    .where('c.active', '=', true)
    .orderBy('ct.name')
    .orderBy('ct.id')
    .execute()
}

export interface FollowUpDue {
  contact_id: number
  contact_name: string
  company_id: number
  company_name: string
  /** the newest interaction's time; null when the contact was never contacted */
  last_interaction: Date | null
  days_overdue: number
}

/**
 * Contacts due a follow-up: an active contact of an active company (not the catch-all 'Other'), with a contact
 * interval above 0, whose last interaction (or, never contacted, the day the contact was added) is more than the
 * interval ago. Most overdue first; `limit` of them, and how many there are in all. Days are whole
 * days of the server's time zone (today − (last + interval)).
 */
export async function followUpsDue(db: Executor, { limit }: { limit: number }): Promise<{ rows: FollowUpDue[]; total: number }> {
  const due = db
    .selectFrom('contacts as ct')
    .innerJoin('companies as co', 'co.id', 'ct.company_id')
    .leftJoinLateral(
      (eb) => eb.selectFrom('interactions as i').select('i.created_at').whereRef('i.contact_id', '=', 'ct.id').where('i.deleted_at', 'is', null).orderBy('i.created_at', 'desc').limit(1).as('last'),
      (join) => join.onTrue(),
    )
    .where('ct.active', '=', true)
    .where('co.active', '=', true)
    .where('ct.contact_interval', '>', 0)
    .where(sql<boolean>`lower(btrim(ct.name)) <> ${OTHER}`)
    .where(sql<boolean>`coalesce(last.created_at, ct.created_at)::date + ct.contact_interval < current_date`)
  const [rows, count] = await Promise.all([
    due
      .select([
        'ct.id as contact_id',
        'ct.name as contact_name',
        'co.id as company_id',
        'co.company_name',
        'last.created_at as last_interaction',
        sql<number>`current_date - (coalesce(last.created_at, ct.created_at)::date + ct.contact_interval)`.as('days_overdue'),
      ])
      .orderBy('days_overdue', 'desc')
      .orderBy('co.company_name')
      .orderBy('ct.name')
      .limit(limit)
      .execute(),
    due.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows as FollowUpDue[], total: Number(count.total) }
}
