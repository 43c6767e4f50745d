// The Service Sheet Tracker (/sheet-status, also /service-status): one row per sheet with its sheet
// number, call-in date, the three review levels, submitted (level 3 approved) and when. The base
// table service_status holds all of it, so a page needs no join. Newest call-in first; sortable by
// sheet #, call-in date and submitted date; filterable by exact sheet number and the call-in date range.
import type { Executor } from '#db/client.server.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

export const serviceStatusList = defineList({
  from: (db: Executor) => db.selectFrom('service_status as ss'),
  joins: (qb) => qb,
  select: (qb) =>
    qb.select([
      'ss.id',
      'ss.service_sheet_id',
      'ss.service_sheet_number',
      'ss.called_in_at',
      'ss.review_1_completed',
      'ss.review_2_completed',
      'ss.review_3_completed',
      'ss.submitted_completed',
      'ss.submitted_at',
    ]),
  primaryKey: 'ss.id',
  sortable: {
    service_sheet_number: { expr: 'ss.service_sheet_number', unique: true },
    called_in_at: 'ss.called_in_at',
    // not yet submitted (null) sorts first when descending, last when ascending, as its index does
    submitted_at: 'ss.submitted_at',
  },
  filterable: {
    service_sheet_number: { kind: 'number', column: 'ss.service_sheet_number' },
  },
  dateColumn: 'ss.called_in_at',
  defaultSort: { key: 'called_in_at', order: 'desc' },
  rowCount: 'service_status',
})

export type ServiceStatusListKey = (typeof serviceStatusList.spec.sortable)[number]
export type ServiceStatusListRow = Awaited<ReturnType<typeof serviceStatusList.load>>['rows'][number]

/** The tracker's screen (routes/sheet-status.tsx, service-status.tsx and their CSV). */
export const sheetTracker = listScreen({ list: serviceStatusList })
