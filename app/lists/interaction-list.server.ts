// Company Interactions (/view-interaction/{id}): one grower's notes, newest first (date and time,
// contact, notes, last modified by). Sortable by date and contact; filterable by part of the
// contact's name or of the notes; the date range applies to when the note was written. The company
// is the URL's, as a scope, walked on interactions_company_idx (company_id, created_at desc, id desc).
import { sql } from 'kysely'
import { notFound } from '#app/http-errors.server.ts'
import { requireId } from '#app/records.server.ts'
import type { Executor } from '#db/client.server.ts'
import { growerById } from '#db/queries/companies.ts'
import { userDisplayName } from '#db/queries/users.ts'
import { deletedOptions, hidingDeleted } from './deleted-rows.server.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

/** The list's definition, without the marked (deleted) notes or with them (decision 0067). */
const interactionListOf = (withDeleted: boolean) =>
  defineList({
    from: (db: Executor) => (withDeleted ? db.selectFrom('interactions as i') : db.selectFrom('interactions as i').where('i.deleted_at', 'is', null)),
    joins: (qb) => qb.innerJoin('contacts as ct', 'ct.id', 'i.contact_id').innerJoin('users as cb', 'cb.id', 'i.created_by').leftJoin('users as mb', 'mb.id', 'i.last_modified_by'),
    select: (qb) =>
      qb.select([
        'i.id',
        'i.company_id',
        'i.created_at',
        'i.contact_id',
        'ct.name as contact_name',
        'i.notes',
        'i.last_modified_at',
        sql<boolean>`i.deleted_at is not null`.as('deleted'),
        // a note nobody changed since was last changed by its writer
        sql<string>`coalesce(${userDisplayName('mb')}, ${userDisplayName('cb')})`.as('last_modified_by_name'),
      ]),
    primaryKey: 'i.id',
    sortable: {
      created_at: 'i.created_at',
      contact: { expr: 'ct.name', join: (qb) => qb.innerJoin('contacts as ct', 'ct.id', 'i.contact_id') },
      // the key the notes filter needs; the screen does not offer it as a sort
      notes: 'i.notes',
    },
    filterable: {
      contact: { kind: 'name', table: 'contacts', nameColumn: 'name', foreignKey: 'i.contact_id' },
      notes: { kind: 'contains', column: 'i.notes' },
    },
    dateColumn: 'i.created_at',
    defaultSort: { key: 'created_at', order: 'desc' },
  })

/** A grower's notes without the deleted ones, or (?deleted=1) with them. */
export const interactionList = hidingDeleted(interactionListOf(false), interactionListOf(true))

export type InteractionListRow = Awaited<ReturnType<typeof interactionList.load>>['rows'][number]

/** Company Interactions' screen: the grower in the path (404 when there is none), named in the heading. */
export const companyInteractions = listScreen({
  list: interactionList,
  async scope({ params, db, url }) {
    const company = await growerById(db, requireId(params), { activeOnly: false })
    if (!company) throw notFound()
    return { options: { scope: sql<boolean>`i.company_id = ${company.id}`, ...deletedOptions(url) }, about: company }
  },
})
