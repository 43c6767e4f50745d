// The storage form of Add Storage and Edit Storage (storages-and-pretreats.md §2 Storage form, §3
// Storage, §5): one schema for the browser (conform) and the server. Required: owner, grower
// (unless the owner is the grower), name, GPS, type, service start, door type and count, the duct
// fields and notes; address, dimensions, pre-treat notes and the season's planned removal (for the
// season ledger, beside whether the crop is seed) are optional. Owner and grower are
// typed names (an autocomplete); the save resolves them to growers (db/queries/storages.ts).
// Edit sends the storage's id and the version it read, so a save over someone else's newer one is
// refused.
import { z } from 'zod'
import { DOOR_TYPES, STORAGE_TYPES } from '#core/enums.ts'
import { parseGps } from '#core/formats.ts'
import { date, decimal, id, matching, multiLineText, oneLineText, uuid, wholeNumber } from './fields.ts'

export const STORAGE_MESSAGES = {
  owner: 'Choose an owner company from the list.',
  grower: 'Choose a grower from the list.',
  growerRequired: 'Grower is required unless the owner is the grower.',
  gps: 'GPS coordinates must be two numbers, latitude then longitude, like 43.615, -116.202.',
  type: 'Choose a storage type from the list.',
  doorType: 'Choose a door type from the list.',
  storage: 'Choose a storage.',
  image: 'An image was not uploaded. Please add it again.',
} as const

/** numeric(8, 2) in the database: inches and feet up to 999,999.99, in hundredths. */
export const SIZE_BOUNDS = { min: 0, max: 999_999.99, step: 0.01 } as const
/** More doors or ducts than any storage has; a typo's 99999 is refused. */
export const COUNT_MAX = 1000

const size = (label: string) => decimal(label, SIZE_BOUNDS)
const count = (label: string) => wholeNumber(label, { min: 0, max: COUNT_MAX })
const imageIds = z.array(uuid(STORAGE_MESSAGES.image)).max(20, 'Too many images (max 20).').default([])

export const StorageSchema = z
  .object({
    submission_id: uuid(),
    /** present when editing */
    storage_id: id(STORAGE_MESSAGES.storage).optional(),
    /** the version the edit form read (storages.updated_at in microseconds) */
    version: matching(/^\d{1,20}$/, 'This form is out of date. Please reload the page.').optional(),
    owner: oneLineText('Owner company'),
    owner_is_grower: z.boolean().default(false),
    grower: oneLineText('Grower', { optional: true }),
    name: oneLineText('Name'),
    gps: oneLineText('GPS coordinates', { max: 60 }),
    type: z.enum(STORAGE_TYPES, { error: STORAGE_MESSAGES.type }),
    service_start: date('Service start'),
    door_type: z.enum(DOOR_TYPES, { error: STORAGE_MESSAGES.doorType }),
    door_count: count('Door count'),
    duct_count: count('Duct count'),
    duct_size_inches: size('Duct size'),
    duct_spacing_inches: size('Duct spacing'),
    length_feet: size('Length').optional(),
    width_feet: size('Width').optional(),
    notes: multiLineText('Notes'),
    address: oneLineText('Address', { optional: true, max: 300 }),
    double_bay: z.boolean().default(false),
    bill_to_grower: z.boolean().default(false),
    seed: z.boolean().default(false),
    planned_removal: date('Planned removal').optional(),
    active: z.boolean().default(false),
    pretreat_notes: multiLineText('Pre-treat notes', { optional: true }),
    /** new images: uploaded by this user (the upload form checks it) */
    images: imageIds,
    /** images the storage had that the edit form keeps */
    kept_images: imageIds,
  })
  // checked on the whole form, so every field stays a plain builder (fields.unit.test.ts)
  .refine((value) => typeof value.gps !== 'string' || parseGps(value.gps) !== null, { path: ['gps'], message: STORAGE_MESSAGES.gps, when: () => true })
  .refine((value) => value.owner_is_grower || typeof value.grower !== 'string' || value.grower !== '', {
    path: ['grower'],
    message: STORAGE_MESSAGES.growerRequired,
    when: () => true,
  })

export type StorageInput = z.output<typeof StorageSchema>
