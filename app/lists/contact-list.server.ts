// Company Contacts (/view-contact/{id}): one grower's contacts (name, role, email, phone, active),
// by name; the catch-all contact 'Other' (any case) is hidden (spec §2). Sortable by name, role,
// email and active; filterable by part of the name, role or email. The company is the URL's, as a
// scope: the total is counted on the company's contacts (contacts_company_idx).
import { sql } from 'kysely'
import { notFound } from '#app/http-errors.server.ts'
import { requireId } from '#app/records.server.ts'
import type { Executor } from '#db/client.server.ts'
import { OTHER } from '#db/queries/contacts.ts'
import { growerById } from '#db/queries/companies.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

export const contactList = defineList({
  from: (db: Executor) => db.selectFrom('contacts as ct'),
  joins: (qb) => qb,
  select: (qb) => qb.select(['ct.id', 'ct.company_id', 'ct.name', 'ct.role', 'ct.email', 'ct.phone', 'ct.active', 'ct.receives_reports']),
  primaryKey: 'ct.id',
  sortable: {
    name: 'ct.name',
    role: 'ct.role',
    email: 'ct.email',
    active: 'ct.active',
    receives_reports: 'ct.receives_reports',
  },
  filterable: {
    name: { kind: 'contains', column: 'ct.name' },
    role: { kind: 'contains', column: 'ct.role' },
    email: { kind: 'contains', column: 'ct.email' },
  },
  dateColumn: 'ct.created_at',
  defaultSort: { key: 'name', order: 'asc' },
})

export type ContactListRow = Awaited<ReturnType<typeof contactList.load>>['rows'][number]

/** The company's contacts but the catch-all 'Other'. */
export function companyContactsScope(companyId: number) {
  return { scope: sql<boolean>`ct.company_id = ${companyId} and lower(btrim(ct.name)) <> ${OTHER}` }
}

/** Company Contacts' screen: the grower in the path (404 when there is none), named in the heading. */
export const companyContacts = listScreen({
  list: contactList,
  async scope({ params, db }) {
    const company = await growerById(db, requireId(params), { activeOnly: false })
    if (!company) throw notFound()
    return { options: companyContactsScope(company.id), about: company }
  },
})
