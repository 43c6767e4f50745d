// What every view of one application sheet shows (the applicator's /pretreats/{id}, the reviewers'
// /review-pre-treat/{id}, the read-only modals of the completed lists): the pre-treat form's facts,
// the sheet's values as its forms hold them, the final checklist and the trucks. Each page adds
// what it alone needs (who may fill, which steps are possible).
import { storedDoseWarnings } from '#core/season-check.ts'
import { formatGps } from '#core/formats.ts'
import { checklistFormValues, sheetFacts, sheetFormValues } from '#core/pretreat-sheet.ts'
import { reentryOf } from '#core/reentry.ts'
import { PRETREAT_STATUS_LABELS } from '#core/workflow-states.ts'
import type { Executor } from '#db/client.server.ts'
import { sheetById, truckOptions } from '#db/queries/pretreat-sheet.ts'

export type SheetRow = NonNullable<Awaited<ReturnType<typeof sheetById>>>

/** The sheet and its trucks, read together; null when there is no such pre-treat. */
export async function readSheet(db: Executor, id: number): Promise<{ row: SheetRow; trucks: Awaited<ReturnType<typeof truckOptions>> } | null> {
  const [row, trucks] = await Promise.all([sheetById(db, id), truckOptions(db, id)])
  return row ? { row, trucks } : null
}

/** The sheet as the pages show it (dates as ISO text, names joined). */
export function sheetView(row: SheetRow) {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    statusLabel: PRETREAT_STATUS_LABELS[row.status],
    void: row.void,
    voidComments: row.void_comments,
    number: row.pre_treat_number,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_name,
    company: row.company_name,
    storage: row.storage_name,
    gps: formatGps(row.gps_lat, row.gps_lng),
    billables: row.billables,
    recommendedBy: row.recommended_by_name,
    requestedBy: row.requested_by_name ?? row.other_name,
    destination: row.destination,
    variety: row.variety,
    treatedFor: row.treated_for,
    stockType: row.stock_type,
    notes: row.application_notes,
    purge: row.purge,
    application: row.application_name,
    assignedTo: row.assigned_to_name,
    doseWarnings: storedDoseWarnings(row.dose_warnings),
    doseReason: row.dose_reason,
    chemicals: row.chemicals,
    reentry: reentryOf(
      row.application_date,
      row.stop_time,
      row.chemicals.map((c) => ({ product_name: c.product_name, reentry_hours: c.reentry_hours === null ? null : Number(c.reentry_hours) })),
    ),
  }
}

export type SheetView = ReturnType<typeof sheetView>

/** The sheet's forms' values: the sheet (an assigned one with no date shows today, spec §4) and the checklist. */
export function sheetValues(row: SheetRow) {
  const values = sheetFormValues(row)
  // spec §4: an assigned sheet opened without an application date shows today (saved when the sheet is)
  if (row.status === 'assigned' && !values.application_date) values.application_date = new Date().toLocaleDateString('en-CA')
  return { values, facts: sheetFacts(row), checklist: checklistFormValues(row.checklist) }
}

export type TruckOptions = Awaited<ReturnType<typeof truckOptions>>
