// A pre-treat's sheet as tests and benchmarks fill it: the final checklist with every item ticked,
// as the final_checklists row holds it (CHECKED) or as the sheet's form sends it (CHECKLIST_FORM),
// and the filled sheet as its form posts it (filledSheetForm).
import { FINAL_CHECKLIST_ITEMS, type FinalChecklistItem } from '#core/enums.ts'
import { SHEET_OBSERVATIONS } from './pretreats.ts'

/** Every item of the final checklist ticked, as a final_checklists row's columns. */
export const CHECKED = Object.fromEntries(FINAL_CHECKLIST_ITEMS.map((item) => [item, true])) as Record<FinalChecklistItem, boolean>

/** A complete final checklist as the sheet's form sends it: every item yes but the residue, purge and barrel filled in. */
export const CHECKLIST_FORM: Record<string, string> = {
  intent: 'checklist',
  ...Object.fromEntries(FINAL_CHECKLIST_ITEMS.map((item) => [item, 'yes'])),
  residue: 'no',
  purge_time: '15',
  barrel_temp: '180',
}

/** A filled sheet as its form (or the review's) posts it: the observations, truck, batch, sampler, day and times, and its one chemical line's quantity used. */
export function filledSheetForm(sheet: { version: number; truckId: number; lineId: number; quantityUsed?: string; intent?: string }) {
  return {
    intent: sheet.intent ?? 'submit',
    version: String(sheet.version),
    submission_id: crypto.randomUUID(),
    ...SHEET_OBSERVATIONS,
    truck_id: String(sheet.truckId),
    batch_numbers: 'B-1001',
    sampled_by: 'Cody',
    application_date: '2026-11-20',
    start_time: '08:00',
    stop_time: '11:30',
    chemicals: [{ id: String(sheet.lineId), quantity_used: sheet.quantityUsed ?? '16' }],
  }
}
