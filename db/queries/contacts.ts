// A grower's contacts: Add Contact's save, the Customer Notes Form's choice list, and the follow-ups
// due (a contact with a contact interval whose last interaction is older than it).
import { sql } from 'kysely'
import { InputError } from '#core/errors.ts'
import { normalizePhone, type ContactInput } from '#core/schemas/contact.ts'
import type { Executor } from '../client.server.ts'
import type { NamedOption } from './registry.ts'

/** The catch-all contact ('Other', any case): hidden from Company Contacts, never due a follow-up. */
export const OTHER = 'other'

/**
 * Adds the contact to its company, once per submission id; returns its id. The company was chosen
 * on the page (the route checks it exists); a company gone meanwhile is a field message.
 */
export async function addContact(db: Executor, value: ContactInput): Promise<number> {
  const row = {
    submission_id: value.submission_id,
    company_id: value.company_id,
    name: value.name,
    email: value.email,
    phone: normalizePhone(value.phone) ?? '',
    role: value.role,
    active: value.active,
    notes: value.notes,
    contact_interval: value.contact_interval,
  }
  try {
    const inserted = await db.insertInto('contacts').values(row).onConflict((oc) => oc.column('submission_id').doNothing()).returning('id').executeTakeFirst()
    if (inserted) return inserted.id
  } catch (error) {
    if ((error as { code?: string }).code === '23503') throw new InputError({ company_id: 'Choose a company from the list.' })
    throw error
  }
  return (await db.selectFrom('contacts').select('id').where('submission_id', '=', value.submission_id).executeTakeFirstOrThrow()).id
}

/** The company's contacts a note can be about: the active ones, by name (with their role, to tell two Dales apart). */
export function contactChoices(db: Executor, companyId: number): Promise<(NamedOption & { role: string })[]> {
  return db
    .selectFrom('contacts')
    .select(['id', 'name', 'role'])
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .orderBy('name')
    .orderBy('id')
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
      (eb) => eb.selectFrom('interactions as i').select('i.created_at').whereRef('i.contact_id', '=', 'ct.id').orderBy('i.created_at', 'desc').limit(1).as('last'),
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
