// The one save of Add Storage and Edit Storage (spec: "Storage form. Title: Add New Storage. Used
// for add and edit"): each page does its own (Add never edits, Edit edits the storage of its
// path); the owner and grower are growers named exactly; new images are the user's own uploads,
// kept ones the storage's own; an edit carries the version it read, and one over a newer save is
// a conflict, unless that save already holds the same values.
import { sql } from 'kysely'
import { z } from 'zod'
import { ConflictError, InputError } from '#core/errors.ts'
import { parseGps } from '#core/formats.ts'
import { STORAGE_MESSAGES, StorageSchema, type StorageInput } from '#core/schemas/storage.ts'
import type { Executor } from '#db/client.server.ts'
import { growerByName } from '#db/queries/companies.ts'
import { attachStorageImages, STORAGE_VERSION, storageImageIds } from '#db/queries/storages.ts'
import { defineCommand } from './command.ts'
import { requireOwnImages } from './rules.ts'

export const STORAGE_SAVE_MESSAGES = {
  unknown: 'That storage does not exist any more.',
  images: 'An image of this storage could not be found. Please reload the page.',
  changed: 'Someone else saved this storage after you opened it. Reload the page to see their changes, then make yours again.',
} as const

type StorageFields = ReturnType<typeof fieldsOf>

function fieldsOf(value: StorageInput, companyId: number, growerId: number | null) {
  const gps = parseGps(value.gps)
  if (!gps) throw new InputError({ gps: STORAGE_MESSAGES.gps })
  const numeric = (n: number | undefined) => (n === undefined ? null : n.toFixed(2))
  return {
    company_id: companyId,
    grower_id: growerId,
    name: value.name,
    type: value.type,
    address: value.address,
    gps_lat: gps.lat.toFixed(6),
    gps_lng: gps.lng.toFixed(6),
    service_start: value.service_start,
    duct_count: value.duct_count,
    duct_size_inches: numeric(value.duct_size_inches),
    duct_spacing_inches: numeric(value.duct_spacing_inches),
    door_type: value.door_type,
    door_count: value.door_count,
    length_feet: numeric(value.length_feet),
    width_feet: numeric(value.width_feet),
    notes: value.notes,
    pretreat_notes: value.pretreat_notes,
    double_bay: value.double_bay,
    bill_to_grower: value.bill_to_grower,
    seed: value.seed,
    planned_removal: value.planned_removal ?? null,
    active: value.active,
  }
}

/** Owner and grower from their typed names; the grower is null when it is the owner. */
async function resolveCompanies(db: Executor, value: StorageInput): Promise<{ companyId: number; growerId: number | null }> {
  const owner = await growerByName(db, value.owner, { activeOnly: false })
  if (!owner) throw new InputError({ owner: STORAGE_MESSAGES.owner })
  if (value.owner_is_grower) return { companyId: owner.id, growerId: null }
  const grower = await growerByName(db, value.grower, { activeOnly: false })
  if (!grower) throw new InputError({ grower: value.grower === '' ? STORAGE_MESSAGES.growerRequired : STORAGE_MESSAGES.grower })
  return { companyId: owner.id, growerId: grower.id === owner.id ? null : grower.id }
}

async function addStorage(trx: Executor, submissionId: string, fields: StorageFields, images: string[]): Promise<number> {
  const inserted = await trx
    .insertInto('storages')
    .values({ submission_id: submissionId, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow()
  await attachStorageImages(trx, inserted.id, images)
  return inserted.id
}

async function editStorage(trx: Executor, id: number, version: string, fields: StorageFields, kept: string[], added: string[]): Promise<number> {
  const current = await storageImageIds(trx, id)
  const images = [...new Set([...kept.map((k) => k.toLowerCase()), ...added])]
  if (kept.some((k) => !current.includes(k.toLowerCase()))) throw new InputError({ kept_images: STORAGE_SAVE_MESSAGES.images })
  const updated = await trx
    .updateTable('storages as s')
    .set({ ...fields, updated_at: sql`clock_timestamp()` })
    .where('s.id', '=', id)
    .where(STORAGE_VERSION, '=', version)
    .returning('s.id')
    .executeTakeFirst()
  if (updated) {
    await trx.deleteFrom('storage_images').where('storage_id', '=', id).execute()
    await attachStorageImages(trx, id, images)
    return id
  }
  const row = await trx.selectFrom('storages').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new InputError({ storage_id: STORAGE_SAVE_MESSAGES.unknown })
  // the same edit sent twice: the storage holds what was sent
  if (sameFields(row, fields) && sameSet(current, images)) return id
  throw new ConflictError(STORAGE_SAVE_MESSAGES.changed)
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x))

const NUMERIC: ReadonlySet<string> = new Set(['gps_lat', 'gps_lng', 'duct_size_inches', 'duct_spacing_inches', 'length_feet', 'width_feet'])

/** The stored row holds `fields`; numeric columns compare as numbers ('24.00' is 24). */
function sameFields(row: Record<string, unknown>, fields: StorageFields): boolean {
  return Object.entries(fields).every(([key, mine]) => {
    const theirs = row[key]
    if (NUMERIC.has(key) && mine !== null && theirs !== null) return Number(mine) === Number(theirs)
    return mine === theirs
  })
}

export const saveStorage = defineCommand({
  name: 'storages.save',
  resentAnew: ['images'],
  // path_storage_id: the storage the edit page's path names (null on Add Storage), set by the route
  schema: StorageSchema.extend({ path_storage_id: z.number().int().nullable().optional() }),
  async run(trx, actor, value) {
    if ((value.storage_id ?? null) !== (value.path_storage_id ?? null)) throw new InputError({ '': 'This form is out of date. Please reload the page.' })
    const { companyId, growerId } = await resolveCompanies(trx, value)
    const fields = fieldsOf(value, companyId, growerId)
    const added = await requireOwnImages(trx, actor, 'storages', value.images)
    const id =
      value.storage_id === undefined ? await addStorage(trx, value.submission_id, fields, added) : await editStorage(trx, value.storage_id, value.version ?? '', fields, value.kept_images, added)
    return { id }
  },
})
