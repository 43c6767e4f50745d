// Storage checks (/view-storage-check): date, company, storage, inspector, variety, fill; all
// sortable and filterable (company, storage and inspector by part of the name, variety and fill by
// contained text), newest first. With ?i={storage id} (spec §7: plain or base64) it is one
// storage's checks, as Completed Service Sheets is (storage detail pages embed it).
import type { Executor } from '#db/client.server.ts'
import type { Database } from '#db/schema.ts'
import { storageCheckListRows, storageChecksAsSc } from '#db/queries/storage-checks.ts'
import { userDisplayName } from '#db/queries/users.ts'
import { deletedOptions, hidingDeleted, markedRows } from './deleted-rows.server.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'
import { oneStorage } from './one-storage.server.ts'

/**
 * The view of users' display names (migration 0011) the Inspector filter looks names up in. A view
 * is not a table of db/schema.ts (its test compares tables), so its name is cast here, once.
 */
const USER_NAMES = 'user_display_names' as keyof Database & string

/** The list's definition, without the marked (deleted) checks or with them (decision 0067). */
const storageCheckListOf = (withDeleted: boolean) =>
  defineList({
    from: withDeleted ? storageChecksAsSc : (db: Executor) => storageChecksAsSc(db).where('sc.deleted_at', 'is', null),
    // the row's joins and columns are the query layer's (its co, st and u are what the sorts below name)
    joins: (qb) => qb,
    select: storageCheckListRows,
    primaryKey: 'sc.id',
    // Company, storage and inspector are NOT NULL keys, walked in name order with the checks' key indexes.
    sortable: {
      date_inspected: 'sc.date_inspected',
      company: { expr: 'co.company_name', join: (qb) => qb.innerJoin('companies as co', 'co.id', 'sc.company_id') },
      storage: { expr: 'st.name', join: (qb) => qb.innerJoin('storages as st', 'st.id', 'sc.storage_id') },
      inspector: { expr: userDisplayName('u'), join: (qb) => qb.innerJoin('users as u', 'u.id', 'sc.created_by') },
      variety: 'sc.variety',
      fill_status: 'sc.fill_status',
    },
    filterable: {
      company: { kind: 'name', table: 'companies', nameColumn: 'company_name', foreignKey: 'sc.company_id' },
      storage: { kind: 'name', table: 'storages', nameColumn: 'name', foreignKey: 'sc.storage_id' },
      inspector: { kind: 'name', table: USER_NAMES, nameColumn: 'name', foreignKey: 'sc.created_by' },
      variety: { kind: 'contains', column: 'sc.variety' },
      fill_status: { kind: 'contains', column: 'sc.fill_status' },
    },
    dateColumn: 'sc.date_inspected',
    defaultSort: { key: 'date_inspected', order: 'desc' },
    rowCount: withDeleted ? 'storage_checks' : { table: 'storage_checks', minus: markedRows('storage_checks') },
  })

/** The checks without the deleted ones, or (?deleted=1) with them. */
export const storageCheckList = hidingDeleted(storageCheckListOf(false), storageCheckListOf(true))

export type StorageCheckListKey = (typeof storageCheckList.spec.sortable)[number]
export type StorageCheckListRow = Awaited<ReturnType<typeof storageCheckList.load>>['rows'][number]

const byStorage = oneStorage('sc.storage_id')

/** The list, or one storage's part of it (a storage's detail page reads this). */
export function loadStorageCheckList(db: Executor, searchParams: URLSearchParams | string, options: { storageId?: number } = {}) {
  return storageCheckList.load(db, searchParams, options.storageId === undefined ? {} : byStorage.options(options.storageId))
}

/** The screen (routes/view-storage-check.tsx and its CSV): every check, or with `?i=` one storage's (404 when it names none). */
export const storageChecks = listScreen({
  list: storageCheckList,
  choices: ['company', 'storage', 'inspector'],
  async scope(args) {
    const { options, about } = await byStorage.scope(args)
    const deleted = deletedOptions(args.url)
    return { options: { ...options, keep: { ...options.keep, ...deleted.keep } }, about }
  },
})
