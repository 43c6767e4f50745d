import { describe, expect, it } from 'vitest'
import { FINAL_CHECKLIST_ITEMS } from './enums.ts'
import {
  changedValues,
  checklistComplete,
  checklistFormValues,
  checklistGaps,
  linesMissingQuantityUsed,
  missingFields,
  missingFieldsMessage,
  missingInputs,
  sheetFacts,
  sheetFormValues,
  sheetProblems,
  type SheetColumns,
} from './pretreat-sheet.ts'
import { PretreatSheetSchema, STOP_BEFORE_START } from './schemas/pretreat-sheet.ts'

const FACTS = sheetFacts({
  status: 'in-progress',
  pre_treat_number: 'PT-26-000001',
  created_at: new Date('2026-11-01T10:00:00Z'),
  created_by: 1,
  recommended_by: 2,
  requested_by: null,
  other_name: 'Dale',
  company_id: 3,
  storage_id: 4,
  treated_for: 'Sprouting',
  stock_type: 'Process',
  application_notes: 'Fog it.',
  purge: false,
  variety: 'Red',
  destination: 'Lamb Weston',
  last_modified: '2026-11-02T10:00:00Z',
  assigned_to: 5,
  application_id: 6,
})

const COLUMNS: SheetColumns = {
  pile_front: 'Dry',
  pile_middle: 'Damp',
  pile_back: 'Wet',
  sprouting: 'None',
  pile_comments: 'Fine.',
  temps1_front: '45.00',
  temps1_middle: '46.50',
  temps1_back: '45.00',
  temps2_front: null,
  temps2_middle: null,
  temps2_back: null,
  set_point: '44.00',
  ducts_open: 'All Open',
  ducts_open_other: '',
  ducts_condition: 'Dry',
  storage_temp_front: '44.00',
  storage_temp_middle: '44.00',
  storage_temp_back: '44.00',
  bypass_door: 'None',
  coils_covered: true,
  cell_covered: false,
  env_temp: '-5.00',
  weather: 'Snow',
  wind_speed: '0.00',
  wind_direction: 'N',
  env_comments: 'Cold.',
  truck_id: 9,
  batch_numbers: 'B1',
  sampled_by: 'Cody',
  application_date: '2026-11-20',
  start_time: '08:00:00',
  stop_time: '10:15:00',
  chemicals: [{ id: 11, quantity_used: '16.60' }],
}

const complete = () => ({ ...FACTS, ...sheetFormValues(COLUMNS) })

describe('the sheet as its form holds it', () => {
  it('turns the stored columns into the form text: numbers as written, yes/no, hh:mm, chemical lines by index', () => {
    const values = sheetFormValues(COLUMNS)
    expect(values).toMatchObject({
      temps1_middle: '46.5',
      temps2_front: '',
      env_temp: '-5',
      wind_speed: '0',
      coils_covered: 'yes',
      cell_covered: 'no',
      truck_id: '9',
      start_time: '08:00',
      'chemicals[0].id': '11',
      'chemicals[0].quantity_used': '16.6',
    })
    // what the form holds parses back to the same sheet (the offline copy fills the form with it)
    const parsed = PretreatSheetSchema.safeParse({
      ...Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== '' && !k.startsWith('chemicals'))),
      intent: 'save',
      version: '1',
      submission_id: crypto.randomUUID(),
      chemicals: [{ id: '11', quantity_used: '16.6' }],
    })
    expect(parsed.success).toBe(true)
  })

  it('tells what changed, old and new', () => {
    expect(changedValues({ weather: 'Snow', env_temp: '' }, { weather: 'Rain', env_temp: '' })).toEqual({ weather: ['Snow', 'Rain'] })
  })
})

describe('what a submit still misses', () => {
  it('nothing for a complete sheet', () => {
    expect(sheetProblems(complete())).toEqual([])
  })

  it("lists the empty fields with the spec's labels, in its order, in the toast's words", () => {
    const values = { ...complete(), batch_numbers: '', truck_id: '', temps1_back: '', weather: '', env_comments: '  ' }
    expect(missingFields(values)).toEqual(['Batch Numbers', 'Truck', 'Pile Temps 1', 'Weather', 'Outdoor Comments'])
    expect(missingFieldsMessage(missingFields(values))).toBe('Missing required fields: Batch Numbers, Truck, Pile Temps 1, Weather, Outdoor Comments')
  })

  it('takes Requested By or the other name; Ducts Open Other needs its text', () => {
    expect(missingFields({ ...complete(), requested_by: '', other_name: '' })).toEqual(['Requested By'])
    expect(missingFields({ ...complete(), requested_by: '7', other_name: '' })).toEqual([])
    expect(missingFields({ ...complete(), ducts_open: 'Other', ducts_open_other: '' })).toEqual(['Ducts Open'])
    expect(missingFields({ ...complete(), ducts_open: 'Other', ducts_open_other: 'North half' })).toEqual([])
  })

  it("a chemical whose quantity used is missing or at most 0 is 'Missing Quantity Used' (once)", () => {
    const two = { ...complete(), 'chemicals[1].id': '12', 'chemicals[1].quantity_used': '0' }
    expect(linesMissingQuantityUsed(two)).toEqual([1])
    expect(linesMissingQuantityUsed({ ...two, 'chemicals[0].quantity_used': '' })).toEqual([0, 1])
    expect(linesMissingQuantityUsed({ ...two, 'chemicals[1].quantity_used': '-2' })).toEqual([1])
    expect(sheetProblems({ ...two, weather: '', 'chemicals[0].quantity_used': '' })).toEqual(['Weather', 'Missing Quantity Used'])
  })

  it('a pre-treat without chemicals misses Chemicals', () => {
    const { 'chemicals[0].id': _, 'chemicals[0].quantity_used': __, ...none } = complete()
    expect(sheetProblems(none)).toEqual(['Chemicals'])
  })
})

describe('the final checklist', () => {
  const ALL_YES = Object.fromEntries(
    ['inverter', 'wires', 'coils', 'residue', 'covers', 'fan_direction', 'system_run', 'purge', 'panel', 'instructions', 'tools', 'lights', 'storage'].map((k) => [k, 'yes']),
  )
  const full = { ...ALL_YES, purge_time: '10', barrel_temp: '180' }

  it('is complete with all 13 answered, barrel temp > 0 and a purge time when purged', () => {
    expect(checklistComplete(full)).toBe(true)
    expect(checklistComplete({ ...full, purge: 'no', purge_time: '' })).toBe(true)
    expect(checklistComplete({ ...full, lights: 'no' })).toBe(true)
  })

  it('is incomplete otherwise', () => {
    expect(checklistComplete({ ...full, lights: '' })).toBe(false)
    expect(checklistComplete({ ...full, barrel_temp: '0' })).toBe(false)
    expect(checklistComplete({ ...full, barrel_temp: '' })).toBe(false)
    expect(checklistComplete({ ...full, purge_time: '' })).toBe(false)
    expect(checklistComplete({ ...full, purge_time: '-5' })).toBe(false)
    expect(checklistComplete(checklistFormValues(null))).toBe(false)
  })

  it('reads a saved checklist back as the form holds it', () => {
    const saved = {
      inverter: true,
      wires: true,
      coils: true,
      residue: false,
      covers: true,
      fan_direction: true,
      system_run: true,
      purge: false,
      panel: true,
      instructions: true,
      tools: true,
      lights: true,
      storage: true,
      purge_time: null,
      barrel_temp: '175.50',
    }
    expect(checklistFormValues(saved)).toMatchObject({ residue: 'no', purge: 'no', purge_time: '', barrel_temp: '175.5' })
  })
})

describe('the stop time', () => {
  it('must be after the start time', () => {
    const base = { intent: 'save', version: '1', submission_id: crypto.randomUUID() }
    const read = (start: string, stop: string) => PretreatSheetSchema.safeParse({ ...base, start_time: start, stop_time: stop })
    expect(read('08:00', '11:30').success).toBe(true)
    for (const [start, stop] of [
      ['11:30', '08:00'],
      ['08:00', '08:00'],
    ]) {
      const result = read(start!, stop!)
      expect(result.success).toBe(false)
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['stop_time'], message: STOP_BEFORE_START })])
    }
  })
})

describe('the inputs a refusal marks (issue 19, item 13)', () => {
  it('the empty inputs of the sheet, not the pre-treat form’s facts; Ducts Open Other when Other; each line without a quantity used', () => {
    expect(missingInputs(complete())).toEqual([])
    const values = { ...complete(), batch_numbers: '', temps1_back: '', destination: '', requested_by: '', other_name: '', 'chemicals[1].id': '12', 'chemicals[1].quantity_used': '0' }
    expect(missingInputs(values)).toEqual(['batch_numbers', 'temps1_back', 'chemicals[1].quantity_used'])
    expect(missingInputs({ ...complete(), ducts_open: 'Other', ducts_open_other: '' })).toEqual(['ducts_open_other'])
    expect(missingInputs({ ...complete(), ducts_open: '' })).toEqual(['ducts_open'])
  })

  it('the checklist’s unanswered items, the barrel temperature, and the purge time when purged', () => {
    const answered = Object.fromEntries(FINAL_CHECKLIST_ITEMS.map((item) => [item, 'yes']))
    expect(checklistGaps({ ...answered, purge_time: '15', barrel_temp: '180' })).toEqual([])
    expect(checklistGaps({ ...answered, lights: '', purge_time: '', barrel_temp: '0' })).toEqual(['lights', 'barrel_temp', 'purge_time'])
    expect(checklistGaps({ ...answered, purge: 'no', barrel_temp: '180' })).toEqual([])
  })
})
