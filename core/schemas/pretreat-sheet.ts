// The application sheet's two forms (/pretreats/{id}), read by the browser (conform) and the server
// alike, and by the sheet's JSON API (the offline sync posts the same FormData). Every sheet field
// may be left empty: Save keeps a draft; what Submit needs besides is core/pretreat-sheet.ts.
import { z } from 'zod'
import { tooLargeMessage } from '#core/field-messages.ts'
import { BYPASS_DOOR, DUCT_CONDITIONS, DUCTS_OPEN, FINAL_CHECKLIST_ITEMS, PILE_DRYNESS, SPROUTING, WEATHER, WIND_DIRECTIONS } from '#core/enums.ts'
import { date, decimal, id, INTEGER_MAX, matching, multiLineText, oneLineText, uuid, wholeNumber } from './fields.ts'

/** Degrees Fahrenheit a storage, a pile or the air can read (potato country, winter to summer). */
export const TEMPERATURE_RANGE = { min: -60, max: 150 } as const
export const WIND_SPEED_MAX = 200
export const PURGE_MINUTES_MAX = 1440
export const BARREL_TEMP_MAX = 500
export const QUANTITY_USED_MAX = 1_000_000
/**
 * A quantity used is kept as the meter shows it, to the column's 4 decimals (those of the quantity
 * requested); a longer reading is rounded half up, not refused, and the field's hint says so
 * (decision 0083).
 */
export const QUANTITY_USED_DECIMALS = 4

/** How a yes/no answer travels in a form (an empty choice is "not answered"). */
export const YES_NO = ['yes', 'no'] as const

const temperature = (label: string) => decimal(label, { ...TEMPERATURE_RANGE, step: 0.01 }).optional()
/** 24-hour hh:mm (an `<input type="time">`), seconds allowed */
const timeOfDay = (label: string) => matching(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, `${label} must be a time, like 14:05.`).optional()

export const SHEET_INTENTS = ['save', 'submit'] as const

export const PretreatSheetSchema = z
  .object({
    intent: z.enum(SHEET_INTENTS, { error: 'Choose Save or Submit.' }),
    version: wholeNumber('Version', { min: 1, max: INTEGER_MAX }),
    submission_id: uuid(),
    // Pile Conditions
    pile_front: z.enum(PILE_DRYNESS).optional(),
    pile_middle: z.enum(PILE_DRYNESS).optional(),
    pile_back: z.enum(PILE_DRYNESS).optional(),
    sprouting: z.enum(SPROUTING).optional(),
    pile_comments: multiLineText('Pile comments', { optional: true }),
    temps1_front: temperature('Pile temp 1 front'),
    temps1_middle: temperature('Pile temp 1 middle'),
    temps1_back: temperature('Pile temp 1 back'),
    temps2_front: temperature('Pile temp 2 front'),
    temps2_middle: temperature('Pile temp 2 middle'),
    temps2_back: temperature('Pile temp 2 back'),
    // Storage Conditions
    set_point: temperature('Set point'),
    ducts_open: z.enum(DUCTS_OPEN).optional(),
    ducts_open_other: oneLineText('Ducts open (other)', { optional: true }),
    ducts_condition: z.enum(DUCT_CONDITIONS).optional(),
    storage_temp_front: temperature('Storage temp front'),
    storage_temp_middle: temperature('Storage temp middle'),
    storage_temp_back: temperature('Storage temp back'),
    bypass_door: z.enum(BYPASS_DOOR).optional(),
    coils_covered: z.enum(YES_NO).optional(),
    cell_covered: z.enum(YES_NO).optional(),
    // Outdoor Conditions
    env_temp: temperature('Outdoor temperature'),
    weather: z.enum(WEATHER).optional(),
    wind_speed: decimal('Wind speed', { min: 0, max: WIND_SPEED_MAX, step: 0.01 }).optional(),
    wind_direction: z.enum(WIND_DIRECTIONS).optional(),
    env_comments: multiLineText('Outdoor comments', { optional: true }),
    // Equipment Info
    truck_id: id('Choose a truck from the list.').optional(),
    batch_numbers: oneLineText('Batch numbers', { max: 500, optional: true }),
    sampled_by: oneLineText('Sampled by', { optional: true }),
    // Times
    application_date: date('Application date').optional(),
    start_time: timeOfDay('Start time'),
    stop_time: timeOfDay('Stop time'),
    // Chemical Info: the quantity used of each chemical line
    chemicals: z
      .array(
        z.object({ id: id('That chemical line is not on this pre-treat.'), quantity_used: decimal('Quantity used', { min: 0, max: QUANTITY_USED_MAX, decimals: QUANTITY_USED_DECIMALS }).optional() }),
      )
      .max(50)
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (value.start_time && value.stop_time && timeProblem(value.start_time, value.stop_time)) {
      ctx.addIssue({ code: 'custom', path: ['stop_time'], message: STOP_BEFORE_START })
    }
  })

export type PretreatSheetValue = z.output<typeof PretreatSheetSchema>

export const STOP_BEFORE_START = 'The stop time must be after the start time.'

/** Whether a stop time is not after its start time (same day: an application does not run past midnight). */
export function timeProblem(start: string, stop: string): boolean {
  return stop.slice(0, 5) <= start.slice(0, 5)
}

const checklistItems = Object.fromEntries(FINAL_CHECKLIST_ITEMS.map((item) => [item, z.enum(YES_NO).optional()])) as Record<
  (typeof FINAL_CHECKLIST_ITEMS)[number],
  z.ZodOptional<z.ZodEnum<{ yes: 'yes'; no: 'no' }>>
>

export const PretreatChecklistSchema = z.object({
  intent: z.literal('checklist', { error: 'Choose Save Checklist.' }),
  version: wholeNumber('Version', { min: 1, max: INTEGER_MAX }).optional(),
  ...checklistItems,
  purge_time: wholeNumber('Purge time', { min: 1, max: PURGE_MINUTES_MAX }).optional(),
  barrel_temp: decimal('Barrel temperature', (value) =>
    value <= 0 ? 'Barrel temperature must be more than 0.' : value > BARREL_TEMP_MAX ? tooLargeMessage('Barrel temperature', BARREL_TEMP_MAX) : null,
  ).optional(),
})

export type PretreatChecklistValue = z.output<typeof PretreatChecklistSchema>
