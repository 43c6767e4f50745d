// The application sheet's reads and writes (/pretreats/{id}): the sheet with what the pre-treat
// form set (names looked up), its chemical lines and final checklist; the active trucks; the sheet's
// fields and the checklist saved. Steps go through commands/pretreat-sheet.ts.
import { sql } from 'kysely'
import type { Executor } from '../client.server.ts'
import { userDisplayName } from './users.ts'
import type { PretreatChecklistValue, PretreatSheetValue } from '#core/schemas/pretreat-sheet.ts'
import { FINAL_CHECKLIST_ITEMS } from '#core/enums.ts'

/** The sheet's own columns (core/pretreat-sheet.ts SheetColumns, chemicals apart). */
const SHEET_COLUMNS = [
  'p.pile_front',
  'p.pile_middle',
  'p.pile_back',
  'p.sprouting',
  'p.pile_comments',
  'p.temps1_front',
  'p.temps1_middle',
  'p.temps1_back',
  'p.temps2_front',
  'p.temps2_middle',
  'p.temps2_back',
  'p.set_point',
  'p.ducts_open',
  'p.ducts_open_other',
  'p.ducts_condition',
  'p.storage_temp_front',
  'p.storage_temp_middle',
  'p.storage_temp_back',
  'p.bypass_door',
  'p.coils_covered',
  'p.cell_covered',
  'p.env_temp',
  'p.weather',
  'p.wind_speed',
  'p.wind_direction',
  'p.env_comments',
  'p.truck_id',
  'p.batch_numbers',
  'p.sampled_by',
  'p.application_date',
  'p.start_time',
  'p.stop_time',
] as const

export interface ChemicalLine {
  id: number
  product_name: string
  registration: string
  units: 'oz' | 'gal' | 'other'
  cwt: string
  quantity_requested: string | null
  quantity_used: string | null
  /** the label's re-entry interval (migration 0035), hours */
  reentry_hours: string | null
}

function chemicalLines(db: Executor, pretreatId: number): Promise<ChemicalLine[]> {
  return db
    .selectFrom('pretreat_chemicals as c')
    .innerJoin('products as pr', 'pr.id', 'c.product_id')
    .select(['c.id', 'pr.product_name', 'pr.registration', 'pr.units', 'c.cwt', 'c.quantity_requested', 'c.quantity_used', 'pr.reentry_hours'])
    .where('c.pretreat_id', '=', pretreatId)
    .orderBy('c.id')
    .execute() as Promise<ChemicalLine[]>
}

/** The whole sheet for its page: the pre-treat form's facts with their names, the sheet's fields, lines, billables, checklist. */
export async function sheetById(db: Executor, id: number) {
  const [row, chemicals, billables, checklist] = await Promise.all([
    db
      .selectFrom('pretreats as p')
      .innerJoin('companies as co', 'co.id', 'p.company_id')
      .innerJoin('storages as s', 's.id', 'p.storage_id')
      .innerJoin('users as cu', 'cu.id', 'p.created_by')
      .innerJoin('applicators as ra', 'ra.id', 'p.recommended_by')
      .innerJoin('users as ru', 'ru.id', 'ra.user_id')
      .leftJoin('contacts as rq', 'rq.id', 'p.requested_by')
      .leftJoin('applications as ap', 'ap.id', 'p.application_id')
      .leftJoin('applicators as aa', 'aa.id', 'p.assigned_to')
      .leftJoin('users as au', 'au.id', 'aa.user_id')
      .select([
        'p.id',
        'p.status',
        'p.version',
        'p.void',
        'p.void_comments',
        'p.upcoming',
        'p.pre_treat_number',
        'p.created_at',
        'p.last_modified',
        'p.treated_for',
        'p.stock_type',
        'p.variety',
        'p.destination',
        'p.application_notes',
        'p.purge',
        'p.other_name',
        'p.dose_warnings',
        'p.dose_reason',
        'p.assigned_to',
        'p.requested_by',
        'p.created_by',
        'p.recommended_by',
        'p.company_id',
        'p.storage_id',
        'p.application_id',
        'co.company_name',
        's.name as storage_name',
        's.gps_lat',
        's.gps_lng',
        userDisplayName('cu').as('created_by_name'),
        userDisplayName('ru').as('recommended_by_name'),
        'rq.name as requested_by_name',
        'ap.name as application_name',
        'aa.user_id as assigned_user_id',
        sql<string | null>`case when au.id is null then null else ${userDisplayName('au')} end`.as('assigned_to_name'),
        ...SHEET_COLUMNS,
      ])
      .where('p.id', '=', id)
      .executeTakeFirst(),
    chemicalLines(db, id),
    db.selectFrom('pretreat_bill_to as b').innerJoin('companies as c', 'c.id', 'b.company_id').select('c.company_name').where('b.pretreat_id', '=', id).orderBy('c.company_name').execute(),
    checklistOf(db, id),
  ])
  if (!row) return undefined
  return { ...row, chemicals, billables: billables.map((b) => b.company_name), checklist: checklist ?? null }
}

export type SheetRecord = NonNullable<Awaited<ReturnType<typeof sheetById>>>

export function checklistOf(db: Executor, pretreatId: number) {
  return db
    .selectFrom('final_checklists')
    .select([...FINAL_CHECKLIST_ITEMS, 'purge_time', 'barrel_temp', 'updated_at'])
    .where('pretreat_id', '=', pretreatId)
    .executeTakeFirst()
}

/** The trucks a sheet may name: the active ones, and the one it names already. */
export function truckOptions(db: Executor, pretreatId: number) {
  return db
    .selectFrom('trucks')
    .select(['id', 'number', 'make', 'model'])
    .where((eb) => eb.or([eb('active', '=', true), eb('id', '=', eb.selectFrom('pretreats').select('truck_id').where('id', '=', pretreatId))]))
    .orderBy('number')
    .execute()
}

export async function isActiveTruck(db: Executor, id: number): Promise<boolean> {
  return !!(await db.selectFrom('trucks').select('id').where('id', '=', id).where('active', '=', true).executeTakeFirst())
}

/** A sheet's columns and chemical lines, as they stand inside a step's transaction (after runPretreatStep locked the row). */
export async function sheetColumnsOf(trx: Executor, id: number) {
  const row = await trx
    .selectFrom('pretreats as p')
    .select([...SHEET_COLUMNS, 'p.sheet_submit_id'])
    .where('p.id', '=', id)
    .executeTakeFirstOrThrow()
  const chemicals = await trx.selectFrom('pretreat_chemicals').select(['id', 'quantity_used']).where('pretreat_id', '=', id).orderBy('id').execute()
  return { ...row, chemicals }
}

/** The pre-treat a submit id already submitted, if any. */
export async function pretreatSubmittedWith(db: Executor, submitId: string): Promise<number | undefined> {
  return (await db.selectFrom('pretreats').select('id').where('sheet_submit_id', '=', submitId).executeTakeFirst())?.id
}

const yes = (answer: 'yes' | 'no' | undefined) => (answer === undefined ? null : answer === 'yes')

/** Saves the sheet form's fields (a field left empty is cleared) and the quantities used of its lines. */
export async function saveSheetFields(trx: Executor, id: number, value: PretreatSheetValue, actorId: number, extra: { sheet_submit_id?: string } = {}): Promise<void> {
  await trx
    .updateTable('pretreats')
    .set({
      pile_front: value.pile_front ?? null,
      pile_middle: value.pile_middle ?? null,
      pile_back: value.pile_back ?? null,
      sprouting: value.sprouting ?? null,
      pile_comments: value.pile_comments,
      temps1_front: value.temps1_front ?? null,
      temps1_middle: value.temps1_middle ?? null,
      temps1_back: value.temps1_back ?? null,
      temps2_front: value.temps2_front ?? null,
      temps2_middle: value.temps2_middle ?? null,
      temps2_back: value.temps2_back ?? null,
      set_point: value.set_point ?? null,
      ducts_open: value.ducts_open ?? null,
      ducts_open_other: value.ducts_open === 'Other' ? value.ducts_open_other : '',
      ducts_condition: value.ducts_condition ?? null,
      storage_temp_front: value.storage_temp_front ?? null,
      storage_temp_middle: value.storage_temp_middle ?? null,
      storage_temp_back: value.storage_temp_back ?? null,
      bypass_door: value.bypass_door ?? null,
      coils_covered: yes(value.coils_covered),
      cell_covered: yes(value.cell_covered),
      env_temp: value.env_temp ?? null,
      weather: value.weather ?? null,
      wind_speed: value.wind_speed ?? null,
      wind_direction: value.wind_direction ?? null,
      env_comments: value.env_comments,
      truck_id: value.truck_id ?? null,
      batch_numbers: value.batch_numbers,
      sampled_by: value.sampled_by,
      application_date: value.application_date ?? null,
      start_time: value.start_time ?? null,
      stop_time: value.stop_time ?? null,
      last_modified: sql`now()`,
      last_modified_by: actorId,
      ...extra,
    })
    .where('id', '=', id)
    .execute()
  for (const line of value.chemicals) {
    await trx
      .updateTable('pretreat_chemicals')
      .set({ quantity_used: line.quantity_used ?? null })
      .where('id', '=', line.id)
      .where('pretreat_id', '=', id)
      .execute()
  }
}

/** Saves (inserts or replaces) a pre-treat's final checklist; the value is complete (core/pretreat-sheet.ts checklistComplete). */
export async function saveChecklist(trx: Executor, pretreatId: number, value: PretreatChecklistValue, actorId: number): Promise<Date> {
  const answers = Object.fromEntries(FINAL_CHECKLIST_ITEMS.map((item) => [item, value[item] === 'yes'])) as Record<(typeof FINAL_CHECKLIST_ITEMS)[number], boolean>
  const row = { ...answers, purge_time: answers.purge ? (value.purge_time ?? null) : null, barrel_temp: value.barrel_temp!, completed_by: actorId }
  const saved = await trx
    .insertInto('final_checklists')
    .values({ pretreat_id: pretreatId, ...row })
    .onConflict((oc) => oc.column('pretreat_id').doUpdateSet({ ...row, updated_at: sql`now()` }))
    .returning('updated_at')
    .executeTakeFirstOrThrow()
  return saved.updated_at
}

/** The pre-treat form's facts a submit needs (core/pretreat-sheet.ts sheetFacts). */
export async function submitFactsOf(trx: Executor, id: number) {
  return trx
    .selectFrom('pretreats')
    .select([
      'status',
      'pre_treat_number',
      'created_at',
      'created_by',
      'recommended_by',
      'requested_by',
      'other_name',
      'company_id',
      'storage_id',
      'treated_for',
      'stock_type',
      'application_notes',
      'purge',
      'variety',
      'destination',
      'last_modified',
      'assigned_to',
      'application_id',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}
