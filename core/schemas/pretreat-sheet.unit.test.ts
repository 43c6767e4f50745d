import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { PretreatChecklistSchema, PretreatSheetSchema } from './pretreat-sheet.ts'

/** Posts `fields` as a form does and reads it as the server does: the errors by field, or the value. */
function read(schema: typeof PretreatSheetSchema | typeof PretreatChecklistSchema, fields: Record<string, string>) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  const submission = parseWithZod(form, { schema })
  return submission.status === 'success' ? { value: submission.value } : { errors: submission.error }
}

const BASE = { intent: 'save', version: '3', submission_id: '0b6f1c5e-6d4e-4c1a-9f53-2f8d1e7a9c10' }

describe('the sheet form', () => {
  it('takes a draft with every field empty', () => {
    const result = read(PretreatSheetSchema, { ...BASE, weather: '', env_temp: '', truck_id: '' })
    expect(result.value).toMatchObject({ intent: 'save', version: 3, weather: undefined, env_temp: undefined, truck_id: undefined, pile_comments: '', chemicals: [] })
  })

  it('reads temperatures from -60 to 150 °F and refuses others', () => {
    expect(read(PretreatSheetSchema, { ...BASE, env_temp: '-60', set_point: '150', temps1_front: '45.25' }).value).toMatchObject({ env_temp: -60, set_point: 150, temps1_front: 45.25 })
    expect(read(PretreatSheetSchema, { ...BASE, env_temp: '-61' }).errors).toEqual({ env_temp: ['Outdoor temperature must be -60 or more.'] })
    expect(read(PretreatSheetSchema, { ...BASE, storage_temp_back: '151' }).errors).toEqual({ storage_temp_back: ['Storage temp back must be 150 or less.'] })
    expect(read(PretreatSheetSchema, { ...BASE, temps2_middle: '4e1' }).errors).toEqual({ temps2_middle: ['Pile temp 2 middle must be a number, like 12 or 1.25.'] })
  })

  it('refuses a negative wind speed or quantity used', () => {
    expect(read(PretreatSheetSchema, { ...BASE, wind_speed: '-1' }).errors).toEqual({ wind_speed: ['Wind speed must be 0 or more.'] })
    expect(read(PretreatSheetSchema, { ...BASE, 'chemicals[0].id': '4', 'chemicals[0].quantity_used': '-3' }).errors).toEqual({ 'chemicals[0].quantity_used': ['Quantity used must be 0 or more.'] })
  })

  it('issue 38 (19): takes a quantity used as a meter shows it, kept to 4 decimals (more are rounded half up, not refused)', () => {
    const used = (text: string) => read(PretreatSheetSchema, { ...BASE, 'chemicals[0].id': '4', 'chemicals[0].quantity_used': text }).value
    expect(used('2377.1429')).toMatchObject({ chemicals: [{ id: 4, quantity_used: 2377.1429 }] })
    expect(used('12.345')).toMatchObject({ chemicals: [{ id: 4, quantity_used: 12.345 }] })
    expect(used('0.00005')).toMatchObject({ chemicals: [{ id: 4, quantity_used: 0.0001 }] })
    expect(used('2377.142949')).toMatchObject({ chemicals: [{ id: 4, quantity_used: 2377.1429 }] })
  })

  it("takes only the spec's choices", () => {
    expect(
      read(PretreatSheetSchema, { ...BASE, weather: 'Windy', wind_direction: 'SW', sprouting: 'Peeping to 1/4"', ducts_open: 'Other', bypass_door: 'Open', pile_front: 'Damp', coils_covered: 'no' })
        .value,
    ).toBeDefined()
    for (const [name, value] of [
      ['weather', 'Hail'],
      ['wind_direction', 'NNE'],
      ['pile_back', 'Soaked'],
      ['ducts_condition', 'Damp'],
      ['bypass_door', 'Ajar'],
      ['cell_covered', 'maybe'],
    ] as const) {
      expect(Object.keys(read(PretreatSheetSchema, { ...BASE, [name]: value }).errors ?? {}), name).toEqual([name])
    }
  })

  it('refuses a bad date, time, truck id or intent', () => {
    expect(Object.keys(read(PretreatSheetSchema, { ...BASE, application_date: '2026-02-30', start_time: '25:00', truck_id: 'ford', intent: 'delete' }).errors ?? {}).sort()).toEqual([
      'application_date',
      'intent',
      'start_time',
      'truck_id',
    ])
  })
})

describe('the final checklist form', () => {
  it('refuses a purge time of 0 or less, and a barrel temperature of 0 or less', () => {
    expect(read(PretreatChecklistSchema, { intent: 'checklist', purge_time: '0' }).errors).toEqual({ purge_time: ['Purge time must be 1 or more.'] })
    expect(read(PretreatChecklistSchema, { intent: 'checklist', purge_time: '-5' }).errors).toEqual({ purge_time: ['Purge time must be 1 or more.'] })
    expect(read(PretreatChecklistSchema, { intent: 'checklist', barrel_temp: '0' }).errors).toEqual({ barrel_temp: ['Barrel temperature must be more than 0.'] })
    expect(read(PretreatChecklistSchema, { intent: 'checklist', purge: 'yes', purge_time: '20', barrel_temp: '180.5' }).value).toMatchObject({ purge: 'yes', purge_time: 20, barrel_temp: 180.5 })
  })

  it('takes yes or no only', () => {
    expect(read(PretreatChecklistSchema, { intent: 'checklist', inverter: 'true' }).errors).toEqual({ inverter: [expect.any(String)] })
  })
})
