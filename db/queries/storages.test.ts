import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError, InputError } from '#core/errors.ts'
import type { StorageInput } from '#core/schemas/storage.ts'
import type { PretreatState } from '#core/workflow-states.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { runCommand } from '#commands/command.ts'
import { saveStorage as saveStorageCommand } from '#commands/storages.ts'
import { customerPanel, storageCards, storageForEdit } from './storages.ts'

let t: TestDatabase
let user: number
let owner: number
let other: number

async function company(name: string) {
  return (await t.db.insertInto('companies').values({ company_name: name }).returning('id').executeTakeFirstOrThrow()).id
}

async function blob(name: string) {
  const id = crypto.randomUUID()
  await t.db
    .insertInto('blobs')
    .values({ id, area: 'storages', key: `storages/${id}`, filename: name, content_type: 'image/png', size_bytes: 10, created_by: user })
    .execute()
  return id
}

function input(changes: Partial<StorageInput> = {}): StorageInput {
  return {
    submission_id: crypto.randomUUID(),
    owner: 'Owner Farms',
    owner_is_grower: false,
    grower: 'Grower Farms',
    name: 'Cellar 1',
    gps: '43.6150001, -116.2',
    type: 'Behlen',
    service_start: '2026-09-01',
    door_type: 'Louvres',
    door_count: 2,
    duct_count: 12,
    duct_size_inches: 24,
    duct_spacing_inches: 120.5,
    notes: 'East fan house.',
    address: '',
    double_bay: false,
    bill_to_grower: true,
    seed: false,
    active: true,
    pretreat_notes: '',
    images: [],
    kept_images: [],
    ...changes,
  }
}

/** The storage form's save (commands/storages.ts), from the page its storage_id names, keyed by its submission id. */
const saveStorage = async (value: StorageInput) =>
  (
    await runCommand(t.db, saveStorageCommand, {
      actor: { id: user, username: 'admin', is_superuser: true, permissions: [] },
      key: value.submission_id,
      input: { ...value, path_storage_id: value.storage_id ?? null },
    })
  ).id

const rowOf = (id: number) => t.db.selectFrom('storages').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const imagesOf = async (id: number) => (await storageForEdit(t.db, id))!.images.map((i) => i.id)

beforeAll(async () => {
  t = await createTestDatabase()
  user = (await t.db.insertInto('users').values({ username: 'admin', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id
  owner = await company('Owner Farms')
  other = await company('Grower Farms')
})
afterAll(() => t?.drop())

describe('saveStorage: add', () => {
  it('stores the fields, GPS as two numbers, the grower by name, and the images in order', async () => {
    const images = [await blob('a.png'), await blob('b.png')]
    const id = await saveStorage(input({ name: 'Cellar Add', images }))
    const row = await rowOf(id)
    expect(row).toMatchObject({
      company_id: owner,
      grower_id: other,
      name: 'Cellar Add',
      gps_lat: '43.615000',
      gps_lng: '-116.200000',
      door_count: 2,
      duct_spacing_inches: '120.50',
      length_feet: null,
      bill_to_grower: true,
    })
    expect(await imagesOf(id)).toEqual(images)
  })

  it('stores no grower when the owner is the grower (ticked, or the same company named)', async () => {
    const ticked = await saveStorage(input({ name: 'Own 1', owner_is_grower: true, grower: '' }))
    const named = await saveStorage(input({ name: 'Own 2', grower: 'owner farms' }))
    expect((await rowOf(ticked)).grower_id).toBeNull()
    expect((await rowOf(named)).grower_id).toBeNull()
    expect(await storageForEdit(t.db, named)).toMatchObject({ owner: 'Owner Farms', owner_is_grower: true, grower: '' })
  })

  it('a form sent twice adds one storage', async () => {
    const value = input({ name: 'Twice' })
    const [a, b] = await Promise.all([saveStorage(value), saveStorage(value)])
    expect(a).toBe(b)
    expect(await t.db.selectFrom('storages').select('id').where('name', '=', 'Twice').execute()).toHaveLength(1)
  })

  it('refuses an owner or grower that is not a grower of the list, saving nothing', async () => {
    await expect(saveStorage(input({ name: 'Nope', owner: 'Nobody Farms' }))).rejects.toEqual(new InputError({ owner: 'Choose an owner company from the list.' }))
    await expect(saveStorage(input({ name: 'Nope', grower: 'Nobody Farms' }))).rejects.toEqual(new InputError({ grower: 'Choose a grower from the list.' }))
    expect(await t.db.selectFrom('storages').select('id').where('name', '=', 'Nope').execute()).toEqual([])
  })
})

describe('saveStorage: edit', () => {
  it('saves over the version it read, keeps and drops images, and refuses a save over a newer one', async () => {
    const [a, b, c] = [await blob('a.png'), await blob('b.png'), await blob('c.png')]
    const id = await saveStorage(input({ name: 'Edit Me', images: [a, b] }))
    const read = (await storageForEdit(t.db, id))!
    expect(read).toMatchObject({ gps: '43.615, -116.2', grower: 'Grower Farms', owner_is_grower: false })

    const edit = input({ storage_id: id, version: read.version, name: 'Edited', kept_images: [b], images: [c] })
    expect(await saveStorage(edit)).toBe(id)
    expect((await rowOf(id)).name).toBe('Edited')
    expect(await imagesOf(id)).toEqual([b, c])
    // the same edit sent again: nothing to refuse, nothing changes
    expect(await saveStorage(edit)).toBe(id)

    // someone else's edit from the same old version: a conflict, and the first edit stays
    await expect(saveStorage(input({ storage_id: id, version: read.version, name: 'Theirs' }))).rejects.toBeInstanceOf(ConflictError)
    expect((await rowOf(id)).name).toBe('Edited')
  })

  it('refuses to keep an image of another storage', async () => {
    const foreign = await blob('x.png')
    await saveStorage(input({ name: 'Holder', images: [foreign] }))
    const id = await saveStorage(input({ name: 'Thief' }))
    const { version } = (await storageForEdit(t.db, id))!
    await expect(saveStorage(input({ storage_id: id, version, name: 'Thief 2', kept_images: [foreign] }))).rejects.toBeInstanceOf(InputError)
    expect((await rowOf(id)).name).toBe('Thief')
  })
})

describe('the picker', () => {
  it("shows a grower's storages with their last check and last pre-treat applied, void, unsubmitted and future ones left out", async () => {
    const farm = await company('Card Farms')
    const [first, second] = await Promise.all([
      saveStorage(input({ owner: 'Card Farms', owner_is_grower: true, name: 'B Cellar' })),
      saveStorage(input({ owner: 'Card Farms', owner_is_grower: true, name: 'A Cellar', active: false })),
    ])
    for (const [date, fill] of [
      ['2026-10-01', 'Full'],
      ['2026-11-02', '1/2 Full'],
    ] as const) {
      await t.db
        .insertInto('storage_checks')
        .values({ submission_id: crypto.randomUUID(), company_id: farm, storage_id: first, created_by: user, date_inspected: date, variety: 'Red', fill_status: fill, notes: 'ok' })
        .execute()
    }
    const applicator = (await t.db.insertInto('applicators').values({ user_id: user, license: 'L1' }).returning('id').executeTakeFirstOrThrow()).id
    const pretreat = async (day: string, status: PretreatState, isVoid = false) => {
      const { label } = await t.db.insertInto('pretreat_numbers').values({ reserved_by: user }).returning('label').executeTakeFirstOrThrow()
      await t.db
        .insertInto('pretreats')
        .values({
          submission_id: crypto.randomUUID(),
          pre_treat_number: label,
          created_by: user,
          recommended_by: applicator,
          other_name: 'Walk-in',
          company_id: farm,
          storage_id: first,
          application_notes: 'x',
          application_date: day,
          status,
          void: isVoid,
          void_comments: isVoid ? 'typo' : '',
        })
        .execute()
    }
    // only a pre-treat actually applied counts (submitted, in review or completed, on a day not after today; decision 0050)
    await pretreat('2026-10-20', 'completed')
    await pretreat('2026-11-05', 'to-review1')
    await pretreat('2026-11-10', 'completed', true) // void
    await pretreat('2026-11-12', 'in-progress') // started, not submitted
    await pretreat('2026-11-14', 'assigned')
    await pretreat('2026-12-01', 'pending') // planned, future-dated (made last: the newest row)
    await pretreat('2026-12-02', 'to-review') // a submitted sheet dated in the future: not yet applied

    expect(await storageCards(t.db, farm, { today: '2026-11-20' })).toEqual([
      { id: second, name: 'A Cellar', type: 'Behlen', active: false, last_check_date: null, last_check_fill: null, last_pretreat_date: null },
      { id: first, name: 'B Cellar', type: 'Behlen', active: true, last_check_date: '2026-11-02', last_check_fill: '1/2 Full', last_pretreat_date: '2026-11-05' },
    ])
    expect((await storageCards(t.db, farm, { today: '2026-12-02' })).find((c) => c.id === first)?.last_pretreat_date).toBe('2026-12-02')
    expect(await storageCards(t.db, await company('Empty Farms'))).toEqual([])
  })

  it("shows a grower's latest notes and its contacts, not the catch-all Other", async () => {
    const farm = await company('Panel Farms')
    const [dale, other] = await Promise.all(['Dale', 'Other'].map(async (name) => (await t.db.insertInto('contacts').values({ company_id: farm, name }).returning('id').executeTakeFirstOrThrow()).id))
    for (let i = 1; i <= 7; i++) {
      await t.db
        .insertInto('interactions')
        .values({ submission_id: crypto.randomUUID(), company_id: farm, contact_id: i % 2 ? dale! : other!, notes: `note ${i}`, created_by: user, created_at: new Date(Date.UTC(2026, 10, i)) })
        .execute()
    }
    const panel = await customerPanel(t.db, farm)
    expect(panel.interactions.map((i) => i.notes)).toEqual(['note 7', 'note 6', 'note 5', 'note 4', 'note 3'])
    expect(panel.contacts.map((c) => c.name)).toEqual(['Dale'])
  })
})
