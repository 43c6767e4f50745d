// Pending Calls (/view-calls): Date, Company, Storage, Job, Description, all sortable and
// filterable (Company, Storage and Job by part of the name, Description by contained text), newest first.
// Rows also carry what the phone cards show: date, job, created by, and the description ('Service').
import type { Executor } from '#db/client.server.ts'
import { userDisplayName } from '#db/queries/users.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

export const callInList = defineList({
  from: (db: Executor) => db.selectFrom('call_ins as c'),
  joins: (qb) =>
    qb.leftJoin('companies as co', 'co.id', 'c.company_id').leftJoin('storages as s', 's.id', 'c.storage_id').leftJoin('jobs as j', 'j.id', 'c.job_id').leftJoin('users as u', 'u.id', 'c.created_by'),
  select: (qb) =>
    qb
      .select([
        'c.id',
        'c.call_in_date',
        'c.company_id',
        'co.company_name',
        'c.storage_id',
        's.name as storage_name',
        'c.job_id',
        'j.name as job_name',
        'c.description',
        'c.requested_by',
        'c.got_it',
        'c.created_by',
        userDisplayName('u').as('created_by_name'),
      ])
      // left joins (a job is optional); company, storage and creator keys are NOT NULL
      .$narrowType<{ company_name: string; storage_name: string; created_by_name: string }>(),
  primaryKey: 'c.id',
  // Company and storage are NOT NULL keys: the page ids come from walking the name index and the
  // call_ins key index in order. A call's job is optional: calls without one are their own run.
  sortable: {
    call_in_date: 'c.call_in_date',
    company: { expr: 'co.company_name', join: (qb) => qb.innerJoin('companies as co', 'co.id', 'c.company_id') },
    storage: { expr: 's.name', join: (qb) => qb.innerJoin('storages as s', 's.id', 'c.storage_id') },
    job: { expr: 'j.name', join: (qb) => qb.innerJoin('jobs as j', 'j.id', 'c.job_id'), nullableKey: 'c.job_id' },
    description: 'c.description',
  },
  filterable: {
    company: { kind: 'name', table: 'companies', nameColumn: 'company_name', foreignKey: 'c.company_id' },
    storage: { kind: 'name', table: 'storages', nameColumn: 'name', foreignKey: 'c.storage_id' },
    job: { kind: 'name', table: 'jobs', nameColumn: 'name', foreignKey: 'c.job_id' },
    description: { kind: 'contains', column: 'c.description' },
  },
  dateColumn: 'c.call_in_date',
  defaultSort: { key: 'call_in_date', order: 'desc' },
  rowCount: 'call_ins',
})

export type CallInListKey = (typeof callInList.spec.sortable)[number]
export type CallInListRow = Awaited<ReturnType<typeof callInList.load>>['rows'][number]

/** Pending Calls' screen (routes/view-calls.tsx and its CSV, view-calls[.]csv.ts). */
export const pendingCalls = listScreen({ list: callInList, choices: ['company', 'storage', 'job'] })
