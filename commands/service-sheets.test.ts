import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InputError } from '#core/errors.ts'
import type { ServiceSheetInput } from '#core/schemas/service-sheet.ts'
import { reserveSheetNumber } from '#db/queries/service-sheets.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { runCommand } from './command.ts'
import { createServiceSheet, SHEET_MESSAGES } from './service-sheets.ts'

let t: TestDatabase
let user: { id: number; username: string }
let other: { id: number; username: string }
let acme: { id: number }, farm2: { id: number }
let silo: { id: number }, otherSilo: { id: number }
let job: { id: number }
let belt: { id: number }, special: { id: number }, retired: { id: number }

beforeAll(async () => {
  t = await createTestDatabase()
  const db = t.db
  ;[user, other] = (await db
    .insertInto('users')
    .values([
      { username: 'tech', password_hash: 'x' },
      { username: 'other', password_hash: 'x' },
    ])
    .returning(['id', 'username'])
    .execute()) as [typeof user, typeof user]
  ;[acme, farm2] = (await db
    .insertInto('companies')
    .values([{ company_name: 'Acme Farms' }, { company_name: 'Other Farms' }])
    .returning('id')
    .execute()) as [{ id: number }, { id: number }]
  silo = await db.insertInto('storages').values({ company_id: acme.id, name: 'Cellar 1' }).returning('id').executeTakeFirstOrThrow()
  otherSilo = await db.insertInto('storages').values({ company_id: farm2.id, name: 'Cellar 9' }).returning('id').executeTakeFirstOrThrow()
  job = await db.insertInto('jobs').values({ name: 'J-2026-001', company_id: acme.id, storage_id: silo.id }).returning('id').executeTakeFirstOrThrow()
  ;[belt, special, retired] = (await db
    .insertInto('parts')
    .values([
      { part_number: 'FAN-BLT-B75', description: 'V-belt B75' },
      { part_number: 'SPECIAL ORDER', description: 'Special order', is_special: true },
      { part_number: 'OLD-PART', description: 'No longer sold', active: false },
    ])
    .returning('id')
    .execute()) as [{ id: number }, { id: number }, { id: number }]
})
afterAll(() => t.drop())

async function aCall(jobId: number | null = null) {
  return t.db
    .insertInto('call_ins')
    .values({
      submission_id: crypto.randomUUID(),
      company_id: acme.id,
      storage_id: silo.id,
      job_id: jobId,
      created_by: user.id,
      call_in_date: '2026-10-03',
      requested_by: 'Dale',
      description: 'Fan 3 rattles',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

async function anImage(owner = user) {
  const id = crypto.randomUUID()
  await t.db
    .insertInto('blobs')
    .values({ id, area: 'service', key: `service/${id}.png`, filename: 'a.png', content_type: 'image/png', size_bytes: 10, created_by: owner.id })
    .execute()
  return id
}

async function input(overrides: Partial<ServiceSheetInput> = {}): Promise<ServiceSheetInput> {
  return {
    submission_id: crypto.randomUUID(),
    sheet_number: await reserveSheetNumber(t.db, user.id),
    company_id: acme.id,
    storage_id: silo.id,
    requested_by: 'Dale',
    po_number: '',
    service_rendered: ['Fan'],
    other_service: '',
    service_date: '2026-10-05',
    travel_hours: 1.5,
    labor_hours: 2.25,
    parts: [],
    images: [],
    description: 'Fan 3 rattles',
    notes: 'Replaced the belt.',
    ...overrides,
  }
}

/** The sheet form's save: the command, as `u`, keyed by the form's submission id. */
const save = (u: { id: number; username: string }, value: ServiceSheetInput) =>
  runCommand(t.db, createServiceSheet, { actor: { ...u, is_superuser: false, permissions: [] }, key: value.submission_id, input: value })

const count = async (table: 'service_sheets' | 'service_sheet_parts' | 'service_reviews' | 'service_status') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** The input is built first (it reserves a number), then the attempt runs once. */
async function expectRefused(value: Promise<ServiceSheetInput>, fieldErrors: Record<string, string>) {
  const ready = await value
  const before = await count('service_sheets')
  const attempt = save(user, ready)
  await expect(attempt).rejects.toBeInstanceOf(InputError)
  await expect(attempt).rejects.toMatchObject({ fieldErrors })
  expect(await count('service_sheets')).toBe(before)
}

describe('createServiceSheet', () => {
  it('saves the sheet with its parts and images, and opens level 1 with the initial hours', async () => {
    const images = [await anImage(), await anImage()]
    const value = await input({
      parts: [
        { part_id: belt.id, quantity: 2, description: '' },
        { part_id: special.id, quantity: 1, description: 'Plenum door hinge' },
      ],
      images,
    })
    const saved = await save(user, value)
    expect(saved).toMatchObject({ service_sheet_number: value.sheet_number })

    const sheet = await t.db.selectFrom('service_sheets').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow()
    expect(sheet).toMatchObject({ company_id: acme.id, storage_id: silo.id, job_id: null, call_in_id: null, created_by: user.id, service_rendered: ['Fan'], status: 'level_1_review' })
    expect([sheet.travel_hours1, sheet.labor_hours1].map(Number)).toEqual([1.5, 2.25])
    const parts = await t.db.selectFrom('service_sheet_parts').select(['part_id', 'quantity', 'description', 'added_at_level']).where('service_sheet_id', '=', saved.id).orderBy('id').execute()
    expect(parts.map((p) => ({ ...p, quantity: Number(p.quantity) }))).toEqual([
      { part_id: belt.id, quantity: 2, description: '', added_at_level: 0 },
      { part_id: special.id, quantity: 1, description: 'Plenum door hinge', added_at_level: 0 },
    ])
    const stored = await t.db.selectFrom('service_sheet_images').select(['blob_id', 'position']).where('service_sheet_id', '=', saved.id).orderBy('position').execute()
    expect(stored).toEqual(images.map((blob_id, position) => ({ blob_id, position })))
    const reviews = await t.db.selectFrom('service_reviews').select(['review_level', 'status']).where('service_sheet_id', '=', saved.id).execute()
    expect(reviews).toEqual([{ review_level: 1, status: 'open' }])
    const number = await t.db.selectFrom('service_sheet_numbers').select('used_by_sheet').where('number', '=', value.sheet_number!).executeTakeFirstOrThrow()
    expect(number.used_by_sheet).toBe(saved.id)
  })

  it('made without a call: the tracker has no call-in date (it shows No Date Available), not the time the sheet was made', async () => {
    const saved = await save(user, await input())
    const status = await t.db.selectFrom('service_status').select('called_in_at').where('service_sheet_id', '=', saved.id).executeTakeFirstOrThrow()
    expect(status.called_in_at).toBeNull()
  })

  it('made from a call: keeps the call, takes its description, and the tracker gets the call date', async () => {
    const call = await aCall()
    const saved = await save(user, await input({ call_in_id: call.id, description: 'changed in the browser' }))
    const sheet = await t.db.selectFrom('service_sheets').select(['call_in_id', 'description']).where('id', '=', saved.id).executeTakeFirstOrThrow()
    expect(sheet).toEqual({ call_in_id: call.id, description: 'Fan 3 rattles' })
    const status = await t.db.selectFrom('service_status').select('called_in_at').where('service_sheet_id', '=', saved.id).executeTakeFirstOrThrow()
    expect(status.called_in_at?.toISOString().slice(0, 10)).toBe('2026-10-03')

    await expectRefused(input({ call_in_id: call.id }), { call_in_id: SHEET_MESSAGES.callHasSheet(saved.service_sheet_number) })
  })

  it('a job sheet: service type N/A (empty), the job kept', async () => {
    const saved = await save(user, await input({ job_id: job.id, service_rendered: [] }))
    const sheet = await t.db.selectFrom('service_sheets').select(['job_id', 'service_rendered']).where('id', '=', saved.id).executeTakeFirstOrThrow()
    expect(sheet).toEqual({ job_id: job.id, service_rendered: [] })
  })

  it('creates one sheet (and one review chain) when the same form is sent twice, even at once', async () => {
    const value = await input()
    const before = { sheets: await count('service_sheets'), reviews: await count('service_reviews'), status: await count('service_status') }
    const [a, b] = await Promise.all([save(user, value), save(user, value)])
    const c = await save(user, value)
    // the same answer each time
    expect(b).toEqual(a)
    expect(c).toEqual(a)
    expect({ sheets: await count('service_sheets'), reviews: await count('service_reviews'), status: await count('service_status') }).toEqual({
      sheets: before.sheets + 1,
      reviews: before.reviews + 1,
      status: before.status + 1,
    })
  })

  it("refuses a storage that is not the customer's, or a job that does not match", async () => {
    await expectRefused(input({ storage_id: otherSilo.id }), { storage_id: SHEET_MESSAGES.storage })
    await expectRefused(input({ company_id: farm2.id, storage_id: otherSilo.id, job_id: job.id, service_rendered: [] }), { job_id: SHEET_MESSAGES.job })
    await expectRefused(input({ job_id: 999_999 }), { job_id: SHEET_MESSAGES.noJob })
  })

  it('refuses a call that does not exist or that names another place', async () => {
    await expectRefused(input({ call_in_id: 999_999 }), { call_in_id: SHEET_MESSAGES.noCall })
    const call = await aCall(job.id)
    await expectRefused(input({ call_in_id: call.id }), { call_in_id: SHEET_MESSAGES.call })
  })

  it('refuses unknown or retired parts and a special part without its description', async () => {
    await expectRefused(
      input({
        parts: [
          { part_id: belt.id, quantity: 1, description: '' },
          { part_id: retired.id, quantity: 1, description: '' },
          { part_id: 999_999, quantity: 1, description: '' },
        ],
      }),
      { 'parts[1].part_id': 'Choose a part from the parts list.', 'parts[2].part_id': 'Choose a part from the parts list.' },
    )
    await expectRefused(input({ parts: [{ part_id: special.id, quantity: 1, description: '  ' }] }), { 'parts[0].description': 'A special part needs a description.' })
    expect(await count('service_sheet_parts')).toBe(2) // only the first test's lines
  })

  it('takes only a sheet number handed to this user and not used yet', async () => {
    await expectRefused(input({ sheet_number: await reserveSheetNumber(t.db, other.id) }), { sheet_number: SHEET_MESSAGES.numberNotYours })
    await expectRefused(input({ sheet_number: 987_654 }), { sheet_number: SHEET_MESSAGES.numberNotYours })
    const first = await save(user, await input())
    await expectRefused(input({ sheet_number: first.service_sheet_number }), { sheet_number: SHEET_MESSAGES.numberUsed })
  })

  it('a sheet filled with no signal (no number shown) gets a new number when it arrives; the user’s open number stays theirs; sent twice, one sheet', async () => {
    const open = await reserveSheetNumber(t.db, user.id)
    const offline = await input({ sheet_number: undefined })
    const saved = await save(user, offline)
    expect(saved.service_sheet_number).toBeGreaterThan(open)
    expect((await save(user, offline)).id).toBe(saved.id)
    expect(await t.db.selectFrom('service_sheets').select('id').where('submission_id', '=', offline.submission_id).execute()).toHaveLength(1)
    // the form open online in another tab still saves with the number it shows
    expect((await save(user, await input())).service_sheet_number).toBe(open)
  })

  it('two forms open in two tabs share the number: the first saves, the second is told to open the form again', async () => {
    const [tab1, tab2] = [await input(), await input()]
    expect(tab2.sheet_number).toBe(tab1.sheet_number)
    const [a, b] = await Promise.allSettled([save(user, tab1), save(user, tab2)])
    const saved = [a, b].filter((r) => r.status === 'fulfilled')
    const refused = [a, b].filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)
    expect(saved).toHaveLength(1)
    expect(refused).toHaveLength(1)
    expect(refused[0]).toBeInstanceOf(InputError)
    expect(refused[0]).toMatchObject({ fieldErrors: { sheet_number: SHEET_MESSAGES.numberUsed } })
    const next = await input()
    expect(next.sheet_number).not.toBe(tab1.sheet_number)
  })

  it("refuses images that are not this user's uploads", async () => {
    await expectRefused(input({ images: [await anImage(other)] }), { images: SHEET_MESSAGES.images })
    await expectRefused(input({ images: [crypto.randomUUID()] }), { images: SHEET_MESSAGES.images })
  })
})
