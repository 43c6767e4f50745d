// Receipts (/view-receipt): date, type, location, total, truck, customer and created by, all
// sortable and filterable, newest first. Truck and customer are two columns (a Fuel receipt has a
// truck, the others may have a customer): each sorts on its own index (migration 0010), where one
// "truck or customer" column would sort on an expression no index holds (decision 0021).
// Filters: type, location and total by contained text; truck (by number), customer and created by
// (username) by part of the name.
import { sql } from 'kysely'
import { receiptListRows, receiptsAsR } from '#db/queries/receipts.ts'
import type { Executor } from '#db/client.server.ts'
import { deletedOptions, hidingDeleted, markedRows } from './deleted-rows.server.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

/** The list's definition, without the marked (deleted) receipts or with them (decision 0067). */
const receiptListOf = (withDeleted: boolean) =>
  defineList({
    from: withDeleted ? receiptsAsR : (db: Executor) => receiptsAsR(db).where('r.deleted_at', 'is', null),
    // the row's joins and columns are the query layer's (its t, co and u are what the sorts below name)
    joins: (qb) => qb,
    select: receiptListRows,
    primaryKey: 'r.id',
    sortable: {
      date: 'r.date',
      type: 'r.type',
      location: 'r.location',
      total_amount: 'r.total_amount',
      truck: { expr: 't.number', join: (qb) => qb.innerJoin('trucks as t', 't.id', 'r.truck_id'), nullableKey: 'r.truck_id' },
      customer: { expr: 'co.company_name', join: (qb) => qb.innerJoin('companies as co', 'co.id', 'r.customer_id'), nullableKey: 'r.customer_id' },
      created_by: { expr: 'u.username', join: (qb) => qb.innerJoin('users as u', 'u.id', 'r.created_by') },
    },
    filterable: {
      type: { kind: 'contains', column: 'r.type' },
      location: { kind: 'contains', column: 'r.location' },
      // the total as it is shown (12.50), so '12.5' finds it
      total_amount: { kind: 'contains', column: sql`r.total_amount::text` },
      truck: { kind: 'name', table: 'trucks', nameColumn: 'number', foreignKey: 'r.truck_id' },
      customer: { kind: 'name', table: 'companies', nameColumn: 'company_name', foreignKey: 'r.customer_id' },
      created_by: { kind: 'name', table: 'users', nameColumn: 'username', foreignKey: 'r.created_by' },
    },
    dateColumn: 'r.date',
    defaultSort: { key: 'date', order: 'desc' },
    rowCount: withDeleted ? 'receipts' : { table: 'receipts', minus: markedRows('receipts') },
  })

/** Receipts without the deleted ones, or (?deleted=1) with them. */
export const receiptList = hidingDeleted(receiptListOf(false), receiptListOf(true))

export type ReceiptListKey = (typeof receiptList.spec.sortable)[number]
export type ReceiptListRow = Awaited<ReturnType<typeof receiptList.load>>['rows'][number]

/** Receipts' screen (routes/view-receipt.tsx and its CSV, view-receipt[.]csv.ts). */
export const receipts = listScreen({ list: receiptList, choices: ['truck', 'customer', 'created_by'], scope: async ({ url }) => ({ options: deletedOptions(url), about: null }) })
