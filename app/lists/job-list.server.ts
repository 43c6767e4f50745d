// Jobs (/manage-job): job name, company, storage, active and the day it was added; all sortable,
// by name first. Name, company and storage filter by part of the name (case and accents ignored,
// through each table's trigram index); Active by 'Yes' or 'No'.
import type { Executor } from '#db/client.server.ts'
import { defineList, yesNoFilter } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

export const jobList = defineList({
  from: (db: Executor) => db.selectFrom('jobs as j'),
  joins: (qb) => qb.innerJoin('companies as co', 'co.id', 'j.company_id').innerJoin('storages as s', 's.id', 'j.storage_id'),
  select: (qb) => qb.select(['j.id', 'j.name', 'co.company_name', 's.name as storage_name', 'j.active', 'j.created_at']),
  primaryKey: 'j.id',
  sortable: {
    name: 'j.name',
    company: { expr: 'co.company_name', join: (qb) => qb.innerJoin('companies as co', 'co.id', 'j.company_id') },
    storage: { expr: 's.name', join: (qb) => qb.innerJoin('storages as s', 's.id', 'j.storage_id') },
    active: 'j.active',
    created_at: 'j.created_at',
  },
  filterable: {
    name: { kind: 'name', table: 'jobs', nameColumn: 'name', foreignKey: 'j.id' },
    company: { kind: 'name', table: 'companies', nameColumn: 'company_name', foreignKey: 'j.company_id' },
    storage: { kind: 'name', table: 'storages', nameColumn: 'name', foreignKey: 'j.storage_id' },
    active: yesNoFilter('j.active'),
  },
  dateColumn: 'j.created_at',
  defaultSort: { key: 'name', order: 'asc' },
  rowCount: 'jobs',
})

export type JobListRow = Awaited<ReturnType<typeof jobList.load>>['rows'][number]

/** Jobs' screen (routes/manage-job.tsx and its CSV, manage-job[.]csv.ts). */
export const jobs = listScreen({ list: jobList, choices: ['company', 'storage'] })
