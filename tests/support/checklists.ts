// A pre-treat's final checklist as tests and benchmarks fill it: every item ticked, as the
// final_checklists row holds it (CHECKED) or as the sheet's form sends it (CHECKLIST_FORM).
import { FINAL_CHECKLIST_ITEMS, type FinalChecklistItem } from '#core/enums.ts'

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
