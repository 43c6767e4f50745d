// Completed Service Sheets (/view-service): date, sheet #, company, storage, job, tech, service.
// It shows every submitted sheet, whatever its review stage: the list is where the office finds a
// sheet, and a sheet waiting for review is as real as a reviewed one (the tracker shows the stage).
// Sortable: date (newest first by default), sheet #, company, storage, job; filterable: company,
// storage and job by part of the name, sheet # by exact number. The same list for one storage is
// the list scoped to it (`?i=`: completedSheets' scope, or `loadServiceSheetList(db, params, { storageId })`).
import type { Executor } from '#db/client.server.ts'
import { serviceSheetListRows, serviceSheetsAsSs } from '#db/queries/service-sheets.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'
import { oneStorage } from './one-storage.server.ts'
import { mineFilter } from './mine-filter.server.ts'
import { serviceSheetMine } from '#db/queries/notices.ts'

export const serviceSheetList = defineList({
  from: serviceSheetsAsSs,
  // the row's joins and columns are the query layer's (its co, st and j are what the sorts below name)
  joins: (qb) => qb,
  select: serviceSheetListRows,
  primaryKey: 'ss.id',
  // Company and storage are NOT NULL keys (walked in name order with the sheets' key index); a
  // sheet's job is optional, so sheets without one are their own run.
  sortable: {
    service_date: 'ss.service_date',
    service_sheet_number: { expr: 'ss.service_sheet_number' },
    company: { expr: 'co.company_name', join: (qb) => qb.innerJoin('companies as co', 'co.id', 'ss.company_id') },
    storage: { expr: 'st.name', join: (qb) => qb.innerJoin('storages as st', 'st.id', 'ss.storage_id') },
    job: { expr: 'j.name', join: (qb) => qb.innerJoin('jobs as j', 'j.id', 'ss.job_id'), nullableKey: 'ss.job_id' },
  },
  filterable: {
    service_sheet_number: { kind: 'number', column: 'ss.service_sheet_number' },
    company: { kind: 'name', table: 'companies', nameColumn: 'company_name', foreignKey: 'ss.company_id' },
    storage: { kind: 'name', table: 'storages', nameColumn: 'name', foreignKey: 'ss.storage_id' },
    job: { kind: 'name', table: 'jobs', nameColumn: 'name', foreignKey: 'ss.job_id' },
  },
  dateColumn: 'ss.service_date',
  defaultSort: { key: 'service_date', order: 'desc' },
  rowCount: 'service_sheets',
})

export type ServiceSheetListKey = (typeof serviceSheetList.spec.sortable)[number]
export type ServiceSheetListRow = Awaited<ReturnType<typeof serviceSheetList.load>>['rows'][number]

const byStorage = oneStorage('ss.storage_id')

/** The list, or one storage's part of it. */
export function loadServiceSheetList(db: Executor, searchParams: URLSearchParams | string, options: { storageId?: number } = {}) {
  return serviceSheetList.load(db, searchParams, options.storageId === undefined ? {} : byStorage.options(options.storageId))
}

/**
 * Completed Service Sheets' screen (routes/view-service.tsx and its CSV): the whole list, or with
 * `?i=` one storage's, named by the heading (404 when `i` names no storage).
 */
export const completedSheets = listScreen({
  list: serviceSheetList,
  choices: ['company', 'storage', 'job'],
  scope: byStorage.scope,
  // ?mine=sent-back|changed: the author's sheets a reviewer sent back or changed (decision 0069)
  userFilter: mineFilter(serviceSheetMine),
})
