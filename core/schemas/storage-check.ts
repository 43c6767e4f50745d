// The storage check form's schema (spec §3 Storage check, §5, §9), used by the browser (conform)
// and the server alike. Owner, storage, date inspected, variety, fill status and notes are
// required; the readings are optional plain numbers within what a storage can read (humidity
// 0–100 %, temperatures −40…150 °F, runtime hours from 0). Whether the storage is the owner's is
// the database's to say (db/queries/storage-checks.ts).
import { z } from 'zod'
import { FILL_STATUSES, VARIETIES } from '#core/enums.ts'
import { date, decimal, id, multiLineText, uuid } from './fields.ts'

/** The bounds of each reading, also the inputs' min and max. */
export const READING_BOUNDS = {
  temperature: { min: -40, max: 150, step: 0.01 },
  humidity: { min: 0, max: 100, step: 0.01 },
  /** numeric(8, 2) in the database */
  runtime: { min: 0, max: 999_999, step: 0.01 },
} as const

export const CHECK_MESSAGES = {
  company: 'Choose an owner from the list.',
  storage: 'Choose a storage.',
  variety: 'Choose a variety from the list.',
  fill: 'Choose a fill status from the list.',
} as const

const temperature = (label: string) => decimal(label, READING_BOUNDS.temperature).optional()

/** A check's readings: each may be left empty. */
export const STORAGE_CHECK_READINGS = ['setpoint', 'runtime_hours', 'plenum', 'humidity', 'pile1', 'pile2', 'pile3', 'pile4'] as const
export type StorageCheckReading = (typeof STORAGE_CHECK_READINGS)[number]

/** The readings as the table stores them: one left empty is null. */
export function storedReadings(check: Partial<Record<StorageCheckReading, number>>): Record<StorageCheckReading, number | null> {
  return Object.fromEntries(STORAGE_CHECK_READINGS.map((name) => [name, check[name] ?? null])) as Record<StorageCheckReading, number | null>
}

export const StorageCheckSchema = z.object({
  submission_id: uuid(),
  company_id: id(CHECK_MESSAGES.company),
  storage_id: id(CHECK_MESSAGES.storage),
  date_inspected: date('Date inspected'),
  variety: z.enum(VARIETIES, { error: CHECK_MESSAGES.variety }),
  fill_status: z.enum(FILL_STATUSES, { error: CHECK_MESSAGES.fill }),
  setpoint: temperature('Setpoint'),
  runtime_hours: decimal('Runtime hours', READING_BOUNDS.runtime).optional(),
  plenum: temperature('Plenum temperature'),
  humidity: decimal('Humidity', READING_BOUNDS.humidity).optional(),
  pile1: temperature('Pile 1 temperature'),
  pile2: temperature('Pile 2 temperature'),
  pile3: temperature('Pile 3 temperature'),
  pile4: temperature('Pile 4 temperature'),
  images: z.array(uuid('An image was not uploaded. Please add it again.')).max(20, 'Too many images (max 20).').default([]),
  notes: multiLineText('Notes'),
})

export type StorageCheckInput = z.output<typeof StorageCheckSchema>
