// Application Records (/application-records, decision 0042): the kept records, newest application
// first; Date, Grower, Storage, Product, Applicator and Amount (cwt) sortable, the names filterable
// by contained text. The record is a snapshot, so every column is its own (no joins): each sort is
// an index of application_records (migration 0025). Rows carry every item of the record, for the CSV.
import type { Executor } from '#db/client.server.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

export const applicationRecordList = defineList({
  from: (db: Executor) => db.selectFrom('application_records as r'),
  joins: (qb) => qb,
  select: (qb) =>
    qb.select([
      'r.id',
      'r.pretreat_id',
      'r.pre_treat_number',
      'r.state',
      'r.void_reason',
      'r.season',
      'r.grower_name',
      'r.grower_address',
      'r.storage_name',
      'r.site',
      'r.commodity',
      'r.variety',
      'r.cwt',
      'r.products',
      'r.epa_registrations',
      'r.amounts',
      'r.rates',
      'r.application_date',
      'r.start_time',
      'r.stop_time',
      'r.wind_speed',
      'r.wind_direction',
      'r.recommended_by_name',
      'r.applicator_name',
      'r.applicator_licence',
      'r.gaps',
    ]),
  primaryKey: 'r.id',
  sortable: {
    application_date: 'r.application_date',
    grower: 'r.grower_name',
    storage: 'r.storage_name',
    product: 'r.products',
    applicator: 'r.applicator_name',
    cwt: 'r.cwt',
  },
  filterable: {
    grower: { kind: 'contains', column: 'r.grower_name' },
    storage: { kind: 'contains', column: 'r.storage_name' },
    product: { kind: 'contains', column: 'r.products' },
    applicator: { kind: 'contains', column: 'r.applicator_name' },
  },
  dateColumn: 'r.application_date',
  defaultSort: { key: 'application_date', order: 'desc' },
  rowCount: 'application_records',
})

export type ApplicationRecordRow = Awaited<ReturnType<typeof applicationRecordList.load>>['rows'][number]

/** The screen (routes/application-records.tsx) and its CSV (application-records[.]csv.ts). */
export const applicationRecords = listScreen({ list: applicationRecordList })
