// The application sheet's submit rules (spec §5 "Sheet submit" and "Final checklist"), pure so the
// browser runs the same ones as the server: which fields are still empty (with the spec's labels),
// the chemical lines without a quantity used, the final checklist's completeness, and the
// permissions of those who fill a sheet (docs/decisions/0037-pretreat-sheet.md; who may is the
// machine's guard's: workflows/pretreat.machine.ts).
import { FINAL_CHECKLIST_ITEMS, type FinalChecklistItem } from './enums.ts'
import { InputError } from './errors.ts'
import type { Permission } from './permissions.ts'

export const FORM_INVALID = 'Form is incomplete or invalid.'
export const MISSING_QUANTITY_USED = 'Missing Quantity Used'
export const CHECKLIST_INCOMPLETE = 'Final checklist is incomplete.'
export const MISSING_FIELDS_PREFIX = 'Missing required fields: '
/** A submit records an application made: its date is today at the latest (issue 38, item 20; decision 0083). */
export const APPLICATION_DATE_AHEAD = 'The application date is after today. A sheet is submitted once the application is done: check the date.'

/** Whether a sheet's application date (yyyy-mm-dd, or empty) is after `today` (yyyy-mm-dd, the company's day: localToday). */
export function applicationDateAhead(date: string | undefined, today: string): boolean {
  return date !== undefined && date !== '' && date > today
}

/** A sheet as flat text, as its form holds it (form-values.ts), with the pre-treat form's facts beside it. */
export type SheetValues = Readonly<Record<string, string | undefined>>

/**
 * What a submit needs, in the spec's order, each with its label in the toast. A label with several
 * names needs all of them, except `any`, which needs one (Requested By, or the other name).
 */
export const REQUIRED_FIELDS: readonly { label: string; names: readonly string[]; any?: true }[] = [
  { label: 'Status', names: ['status'] },
  { label: 'Pre-Treat Number', names: ['pre_treat_number'] },
  { label: 'Created At', names: ['created_at'] },
  { label: 'Created By', names: ['created_by'] },
  { label: 'Recommended By', names: ['recommended_by'] },
  { label: 'Requested By', names: ['requested_by', 'other_name'], any: true },
  { label: 'Company', names: ['company'] },
  { label: 'Storage', names: ['storage'] },
  { label: 'Treated For', names: ['treated_for'] },
  { label: 'Stock Type', names: ['stock_type'] },
  { label: 'Application Notes', names: ['application_notes'] },
  { label: 'Purge', names: ['purge'] },
  { label: 'Chemicals', names: ['chemicals[0].id'] },
  { label: 'Variety', names: ['variety'] },
  { label: 'Destination', names: ['destination'] },
  { label: 'Last Modified', names: ['last_modified'] },
  { label: 'Application Date', names: ['application_date'] },
  { label: 'Batch Numbers', names: ['batch_numbers'] },
  { label: 'Sampled By', names: ['sampled_by'] },
  { label: 'Start Time', names: ['start_time'] },
  { label: 'Stop Time', names: ['stop_time'] },
  { label: 'Assigned To', names: ['assigned_to'] },
  { label: 'Truck', names: ['truck_id'] },
  { label: 'Application', names: ['application'] },
  { label: 'Pile Temps 1', names: ['temps1_front', 'temps1_middle', 'temps1_back'] },
  { label: 'Pile Front', names: ['pile_front'] },
  { label: 'Pile Middle', names: ['pile_middle'] },
  { label: 'Pile Back', names: ['pile_back'] },
  { label: 'Sprouting', names: ['sprouting'] },
  { label: 'Pile Comments', names: ['pile_comments'] },
  { label: 'Set Point', names: ['set_point'] },
  { label: 'Storage Temps', names: ['storage_temp_front', 'storage_temp_middle', 'storage_temp_back'] },
  { label: 'Ducts Open', names: ['ducts_open'] },
  { label: 'Duct Condition', names: ['ducts_condition'] },
  { label: 'Bypass Door', names: ['bypass_door'] },
  { label: 'Coils Covered', names: ['coils_covered'] },
  { label: 'Cell Covered', names: ['cell_covered'] },
  { label: 'Outdoor Temp', names: ['env_temp'] },
  { label: 'Weather', names: ['weather'] },
  { label: 'Wind Speed', names: ['wind_speed'] },
  { label: 'Wind Direction', names: ['wind_direction'] },
  { label: 'Outdoor Comments', names: ['env_comments'] },
]

const filled = (value: string | undefined) => value !== undefined && value.trim() !== ''

/** The labels of the required fields still empty ('Ducts Open' also when Other has no text). */
export function missingFields(values: SheetValues): string[] {
  const missing: string[] = []
  for (const { label, names, any } of REQUIRED_FIELDS) {
    const ok = any ? names.some((n) => filled(values[n])) : names.every((n) => filled(values[n]))
    if (!ok || (label === 'Ducts Open' && values.ducts_open === 'Other' && !filled(values.ducts_open_other))) missing.push(label)
  }
  return missing
}

/** The chemical lines' indexes in the form (chemicals[i]) whose quantity used is missing or at most 0. */
export function linesMissingQuantityUsed(values: SheetValues): number[] {
  const missing: number[] = []
  for (let i = 0; values[`chemicals[${i}].id`] !== undefined; i++) {
    const used = Number(values[`chemicals[${i}].quantity_used`] ?? '')
    if (!filled(values[`chemicals[${i}].quantity_used`]) || !(used > 0)) missing.push(i)
  }
  return missing
}

/** Everything a submit still misses: the fields' labels, then 'Missing Quantity Used' once. */
export function sheetProblems(values: SheetValues): string[] {
  const problems = missingFields(values)
  if (linesMissingQuantityUsed(values).length > 0) problems.push(MISSING_QUANTITY_USED)
  return problems
}

/** The toast: 'Missing required fields: Truck, Weather, Missing Quantity Used'. */
export function missingFieldsMessage(problems: readonly string[]): string {
  return `${MISSING_FIELDS_PREFIX}${problems.join(', ')}`
}

/**
 * The inputs of the sheet's form a submit found empty, to mark them beside the toast: the required
 * fields the applicator fills (the pre-treat form's facts are not inputs here), Ducts Open Other when
 * Other is chosen, and the quantity used of each line without one.
 */
export function missingInputs(values: SheetValues): string[] {
  const inputs = new Set<string>(SHEET_FIELD_NAMES)
  const names: string[] = []
  for (const { names: group, any } of REQUIRED_FIELDS) {
    if (any ? group.some((n) => filled(values[n])) : false) continue
    names.push(...group.filter((n) => inputs.has(n) && !filled(values[n])))
  }
  if (values.ducts_open === 'Other' && !filled(values.ducts_open_other)) names.push('ducts_open_other')
  return [...names, ...linesMissingQuantityUsed(values).map((i) => `chemicals[${i}].quantity_used`)]
}

/** The final checklist's inputs that keep it from being complete (checklistComplete), to mark them. */
export function checklistGaps(values: SheetValues): string[] {
  const gaps: string[] = FINAL_CHECKLIST_ITEMS.filter((item) => values[item] !== 'yes' && values[item] !== 'no')
  if (!(Number(values.barrel_temp ?? '') > 0) || !filled(values.barrel_temp)) gaps.push('barrel_temp')
  if (values.purge === 'yes' && !(filled(values.purge_time) && Number(values.purge_time) > 0)) gaps.push('purge_time')
  return gaps
}

/** A refused submit or checklist: the toast's message, and the inputs to mark (missingInputs, checklistGaps). */
export class IncompleteError extends InputError {
  constructor(
    message: string,
    readonly missing: readonly string[],
  ) {
    super({ '': message })
    this.name = 'IncompleteError'
  }
}

/** The final checklist's rules: all 13 answered, barrel temp > 0, purge time > 0 when purge is yes. */
export function checklistComplete(values: SheetValues): boolean {
  if (!FINAL_CHECKLIST_ITEMS.every((item) => values[item] === 'yes' || values[item] === 'no')) return false
  if (!(Number(values.barrel_temp ?? '') > 0) || !filled(values.barrel_temp)) return false
  if (values.purge === 'yes' && !(filled(values.purge_time) && Number(values.purge_time) > 0)) return false
  return true
}

/** The pre-treat review of each level. */
export const PRETREAT_REVIEW_PERMISSIONS: Record<1 | 2, Permission> = { 1: 'api.pretreat_reviewer1', 2: 'api.pretreat_reviewer2' }

/** Who fills any sheet besides its applicator: the reviewers (the others who may open it read it). */
export const SHEET_REVIEWERS: readonly Permission[] = Object.values(PRETREAT_REVIEW_PERMISSIONS)

/** The permission the assigned applicator fills their sheet under (decision 0034). */
export const SHEET_APPLICATOR: Permission = 'api.view_pretreat'

/** The refusal of a sheet's step to someone who may not fill it (the machine's guard decides: workflows/pretreat.machine.ts). */
export const NOT_YOURS = 'Only the assigned applicator, reviewers and admins may fill this sheet.'

// ---- the forms' values (app/features/pretreat-sheet/form-values.ts re-exports them for the browser)
type Num = string | number | null

/** The sheet columns of a pre-treat, as the database gives them (numeric as text, time as hh:mm:ss). */
export interface SheetColumns {
  pile_front: string | null
  pile_middle: string | null
  pile_back: string | null
  sprouting: string | null
  pile_comments: string
  temps1_front: Num
  temps1_middle: Num
  temps1_back: Num
  temps2_front: Num
  temps2_middle: Num
  temps2_back: Num
  set_point: Num
  ducts_open: string | null
  ducts_open_other: string
  ducts_condition: string | null
  storage_temp_front: Num
  storage_temp_middle: Num
  storage_temp_back: Num
  bypass_door: string | null
  coils_covered: boolean | null
  cell_covered: boolean | null
  env_temp: Num
  weather: string | null
  wind_speed: Num
  wind_direction: string | null
  env_comments: string
  truck_id: number | null
  batch_numbers: string
  sampled_by: string
  application_date: string | null
  start_time: string | null
  stop_time: string | null
  chemicals: readonly { id: number; quantity_used: Num }[]
}

/** The sheet form's fields, in the form's order (the chemicals' lines come after). */
export const SHEET_FIELD_NAMES = [
  'pile_front',
  'pile_middle',
  'pile_back',
  'sprouting',
  'pile_comments',
  'temps1_front',
  'temps1_middle',
  'temps1_back',
  'temps2_front',
  'temps2_middle',
  'temps2_back',
  'set_point',
  'ducts_open',
  'ducts_open_other',
  'ducts_condition',
  'storage_temp_front',
  'storage_temp_middle',
  'storage_temp_back',
  'bypass_door',
  'coils_covered',
  'cell_covered',
  'env_temp',
  'weather',
  'wind_speed',
  'wind_direction',
  'env_comments',
  'truck_id',
  'batch_numbers',
  'sampled_by',
  'application_date',
  'start_time',
  'stop_time',
] as const satisfies readonly (keyof SheetColumns)[]

/** numeric(6,2) text → as a person writes it ('41.50' → '41.5', '40.00' → '40') */
function numberText(value: Num): string {
  if (value === null || value === '') return ''
  const n = Number(value)
  return Number.isFinite(n) ? String(n) : ''
}

function text(name: keyof SheetColumns, value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (name === 'start_time' || name === 'stop_time') return String(value).slice(0, 5)
  if (name === 'truck_id') return String(value)
  if (typeof value === 'number' || /^(temps|set_point|storage_temp|env_temp|wind_speed)/.test(name)) return numberText(value as Num)
  return String(value)
}

/** The sheet form's values: every field (empty as ''), and chemicals[i].id / chemicals[i].quantity_used per line. */
export function sheetFormValues(row: SheetColumns): Record<string, string> {
  const values: Record<string, string> = {}
  for (const name of SHEET_FIELD_NAMES) values[name] = text(name, row[name])
  row.chemicals.forEach((line, i) => {
    values[`chemicals[${i}].id`] = String(line.id)
    values[`chemicals[${i}].quantity_used`] = numberText(line.quantity_used)
  })
  return values
}

/** The final checklist as saved: each item ticked or not, the purge minutes and the barrel temperature. */
export interface ChecklistColumns extends Record<FinalChecklistItem, boolean> {
  purge_time: number | null
  barrel_temp: Num
}

/** The final checklist form's values (all empty when none is saved yet). */
export function checklistFormValues(row: ChecklistColumns | null | undefined): Record<string, string> {
  const values: Record<string, string> = {}
  for (const item of FINAL_CHECKLIST_ITEMS) values[item] = row ? (row[item] ? 'yes' : 'no') : ''
  values.purge_time = row?.purge_time ? String(row.purge_time) : ''
  values.barrel_temp = row ? numberText(row.barrel_temp) : ''
  return values
}

/** What changed between two copies of a sheet's values: { name: [old, new] } */
export function changedValues(before: Record<string, string>, after: Record<string, string>): Record<string, [string, string]> {
  const changes: Record<string, [string, string]> = {}
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if ((before[name] ?? '') !== (after[name] ?? '')) changes[name] = [before[name] ?? '', after[name] ?? '']
  }
  return changes
}

/** The pre-treat form's facts a submit checks, in the same flat form (names of REQUIRED_FIELDS). */
export interface SheetFacts {
  status: string
  pre_treat_number: string
  created_at: Date | string
  created_by: number | null
  recommended_by: number | null
  requested_by: number | null
  other_name: string
  company_id: number | null
  storage_id: number | null
  treated_for: string
  stock_type: string
  application_notes: string
  purge: boolean
  variety: string
  destination: string
  last_modified: Date | string
  assigned_to: number | null
  application_id: number | null
}

export function sheetFacts(row: SheetFacts): Record<string, string> {
  const t = (value: unknown) => (value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value))
  return {
    status: row.status,
    pre_treat_number: row.pre_treat_number,
    created_at: t(row.created_at),
    created_by: t(row.created_by),
    recommended_by: t(row.recommended_by),
    requested_by: t(row.requested_by),
    other_name: row.other_name,
    company: t(row.company_id),
    storage: t(row.storage_id),
    treated_for: row.treated_for,
    stock_type: row.stock_type,
    application_notes: row.application_notes,
    purge: row.purge ? 'yes' : 'no',
    variety: row.variety,
    destination: row.destination,
    last_modified: t(row.last_modified),
    assigned_to: t(row.assigned_to),
    application: t(row.application_id),
  }
}
