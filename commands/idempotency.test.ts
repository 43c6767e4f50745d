// Every command that creates or advances a record, run with the same idempotency key twice — one
// after the other, and both at the same moment: one effect, and the same answer each time. A key
// is one user's and one command's; a refused run leaves no trace of its key.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendBackPretreat } from './notices.ts'
import { ConflictError, InputError, NotFoundError, Refusal } from '#core/errors.ts'
import { PretreatReviewSchema } from '#core/schemas/pretreat-review.ts'
import { PretreatChecklistSchema } from '#core/schemas/pretreat-sheet.ts'
import type { Executor } from '#db/client.server.ts'
import { saveChecklist } from '#db/queries/pretreat-sheet.ts'
import { reserveSheetNumber } from '#db/queries/service-sheets.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { CHECKLIST_FORM, filledSheetForm } from '../tests/support/sheet-forms.ts'
import { userForm } from '../tests/support/people.ts'
import { makePretreat, pretreatDefaults, pretreatFormValue } from '../tests/support/pretreats.ts'
import { makeServiceSheet } from '../tests/support/service-sheets.ts'
import { KEY_MESSAGES, runCommand, type Actor, type Command, type CommandResult } from './command.ts'
import { saveApplicator } from './applicators.ts'
import { createCallIn } from './call-ins.ts'
import { addContact, addCustomerNote } from './contacts.ts'
import { correctCustomerNote, deleteRecord } from './corrections.ts'
import { createFolder } from './drive.ts'
import { saveGrower } from './growers.ts'
import { createServiceSheet } from './service-sheets.ts'
import { completeRestart } from './restarts.ts'
import { closeFollowUp } from './restart-follow-ups.ts'
import { approveServiceReview } from './service-reviews.ts'
import { saveApplication, saveProduct } from './products.ts'
import { pretreatFormCommand } from './pretreat-form.ts'
import { submitReview } from './pretreat-review.ts'
import { saveSheet, submitSheet } from './pretreat-sheet.ts'
import { rowStepCommand } from './pretreat-schedule.ts'
import { moveCommand } from './dispatch.ts'
import { createReceipt } from './receipts.ts'
import { saveJob, savePart, saveTruck } from './registry.ts'
import { changeDestinations } from './short-lists.ts'
import { createStorageCheck } from './storage-checks.ts'
import { saveStorage } from './storages.ts'
import { saveUser } from './users.ts'

let t: TestDatabase
let tech: Actor
let office: Actor
let place: { company_id: number; storage_id: number }
let contactId: number
let productId: number

beforeAll(async () => {
  t = await createTestDatabase()
  await t.db.insertInto('destinations').values({ name: 'Lamb Weston', position: 1 }).execute()
  const [a, b] = await t.db
    .insertInto('users')
    .values([
      { username: 'tech', password_hash: 'x' },
      { username: 'office', password_hash: 'x' },
    ])
    .returning('id')
    .execute()
  // a technician who logs calls and may also add and schedule pre-treats (the steps here whose machine asks)
  tech = { id: a!.id, username: 'tech', is_superuser: false, permissions: ['api.add_callin', 'api.add_pretreat'] }
  office = { id: b!.id, username: 'office', is_superuser: false, permissions: [] }
  const company = await t.db.insertInto('companies').values({ company_name: 'Snake River Farms' }).returning('id').executeTakeFirstOrThrow()
  const storage = await t.db.insertInto('storages').values({ company_id: company.id, name: 'North Cellar' }).returning('id').executeTakeFirstOrThrow()
  place = { company_id: company.id, storage_id: storage.id }
  productId = (await t.db.insertInto('products').values({ product_name: 'Sprout Stop', registration: '5481-433', units: 'oz', min_qty: 32 }).returning('id').executeTakeFirstOrThrow()).id
  contactId = (await t.db.insertInto('contacts').values({ company_id: company.id, name: 'Dale', email: 'dale@snake.example', notes: '' }).returning('id').executeTakeFirstOrThrow()).id
})
afterAll(() => t.drop())

const count = async (db: Executor, table: Table) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

type Table =
  | 'record_corrections'
  | 'restarts'
  | 'pretreats'
  | 'workflow_events'
  | 'receipts'
  | 'storage_checks'
  | 'call_ins'
  | 'companies'
  | 'storages'
  | 'contacts'
  | 'interactions'
  | 'service_sheets'
  | 'jobs'
  | 'trucks'
  | 'parts'
  | 'products'
  | 'applications'
  | 'applicators'
  | 'users'
  | 'destinations'
  | 'drive_entries'
  | 'restart_follow_ups'

/** A command, a valid input of it for a fresh key, and the rows its effect adds to. */
interface Case {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every command in one table: each case's input is its own
  command: Command<any, CommandResult>
  input(key: string): unknown | Promise<unknown>
  /** a valid input the command refuses (with an InputError unless `refusedAs` says which) */
  refused(key: string): unknown | Promise<unknown>
  refusedAs?: new (...args: never[]) => Refusal
  table: Table
  /** the rows counted, when not all of the table's (a step adds a history row among others; a completion fills a column of its row) */
  where?: { event: string } | { filled: 'completed_at' | 'closed_at' }
  /** who sends it (default: tech) */
  actor?: () => Actor
}

const countOf = async (c: Case) => {
  if (!c.where) return count(t.db, c.table)
  if ('filled' in c.where) return Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(c.table)} where ${sql.ref(c.where.filled)} is not null`.execute(t.db)).rows[0]!.n)
  const row = await t.db
    .selectFrom('workflow_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('event', '=', c.where.event)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

const grower = (key: string) => ({
  submission_id: key,
  company_name: `Farm ${key}`,
  qb_list_id: '',
  service_start: '2026-11-22',
  notes: '',
  website: '',
  active: true,
  storage_check_interval: 30,
  contact_interval: 0,
})

const storage = (key: string) => ({
  submission_id: key,
  owner: 'Snake River Farms',
  owner_is_grower: true,
  grower: '',
  name: `Cellar ${key}`,
  gps: '43.615, -116.2',
  type: 'Behlen',
  service_start: '2026-09-01',
  door_type: 'Louvres',
  door_count: 2,
  duct_count: 12,
  duct_size_inches: 24,
  duct_spacing_inches: 120,
  notes: 'East fan house.',
  address: '',
  double_bay: false,
  bill_to_grower: true,
  active: true,
  pretreat_notes: '',
  images: [],
  kept_images: [],
  path_storage_id: null,
})

const contact = (key: string) => ({ submission_id: key, company_id: place.company_id, name: 'Dale', email: 'dale@snake.example', phone: '', role: '', active: true, notes: '', contact_interval: 0 })

const sheet = async (key: string) => ({
  submission_id: key,
  sheet_number: await reserveSheetNumber(t.db, tech.id),
  ...place,
  service_date: '2026-10-05',
  po_number: '',
  requested_by: 'Dale',
  service_rendered: ['Fan'],
  other_service: '',
  description: 'Fan 3 rattles',
  notes: 'Replaced the belt.',
  travel_hours: 1.5,
  labor_hours: 2,
  parts: [],
  images: [],
})

/** A user for each key (a user is one applicator at most), made once. */
const users = new Map<string, Promise<number>>()
const userFor = (key: string) => {
  if (!users.has(key))
    users.set(
      key,
      t.db
        .insertInto('users')
        .values({ username: `u-${key}`, password_hash: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((u) => u.id),
    )
  return users.get(key)!
}

const TODAY = '2026-11-23'
const pretreatForm = async (key: string) => pretreatFormValue(await pretreatDefaults(t.db), { submission_id: key })

/** A staged pre-treat for each key, made once. */
const pretreats = new Map<string, Promise<number>>()
const pretreatFor = (key: string) => {
  if (!pretreats.has(key))
    pretreats.set(
      key,
      makePretreat(t.db).then((p) => p.id),
    )
  return pretreats.get(key)!
}

const newUser = (key: string) => userForm({ submission_id: key, username: `new-${key}` })

/** tech's applicator licence (tech fills the sheets assigned to it), and a truck, made once. */
let applicatorOfTech: Promise<number> | undefined
let sheetTruck: Promise<number> | undefined
/** A pre-treat assigned to tech for each key and stage, its final checklist saved, made once. */
const sheets = new Map<string, Promise<{ id: number; version: number; lineId: number; owner: number }>>()
const sheetFor = (key: string, stage: 'assigned' | 'to-review') => {
  const made = async () => {
    applicatorOfTech ??= t.db
      .insertInto('applicators')
      .values({ user_id: tech.id, license: 'ID-PA-TECH', expiration: '2099-12-31' })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ active: true, expiration: '2099-12-31' }))
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((a) => a.id)
    const pt = await makePretreat(t.db, { stage, assignTo: await applicatorOfTech, quantityUsed: 16 })
    const checklist = PretreatChecklistSchema.parse(CHECKLIST_FORM)
    await saveChecklist(t.db, pt.id, checklist, tech.id)
    const row = await t.db.selectFrom('pretreats').select(['version', 'company_id']).where('id', '=', pt.id).executeTakeFirstOrThrow()
    const line = await t.db.selectFrom('pretreat_chemicals').select('id').where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
    return { id: pt.id, version: row.version, lineId: line.id, owner: row.company_id }
  }
  if (!sheets.has(`${stage} ${key}`)) sheets.set(`${stage} ${key}`, made())
  return sheets.get(`${stage} ${key}`)!
}
/** The sheet form (the review form: with its price line) of the key's pre-treat, whole, as its page posts it for `intent`. */
const sheetPost = async (key: string, stage: 'assigned' | 'to-review', intent: 'save' | 'submit', truck?: number) => {
  const s = await sheetFor(key, stage)
  sheetTruck ??= t.db
    .insertInto('trucks')
    .values({ number: 'T-SHEETS', make: 'Ford' })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((tr) => tr.id)
  const value = PretreatReviewSchema.parse({
    ...filledSheetForm({ intent, version: s.version, truckId: truck ?? (await sheetTruck), lineId: s.lineId }),
    prices: stage === 'to-review' ? [{ company_id: String(s.owner), cwt_share: '1000', price: '0.0500' }] : [],
  })
  return { ...value, submission_id: key, pretreat_id: s.id }
}

/** A pending restart (its pre-treat's sheet submitted) for each key, made once. */
const restarts = new Map<string, Promise<number>>()
const restartFor = (key: string) => {
  if (!restarts.has(key))
    restarts.set(
      key,
      makePretreat(t.db, { stage: 'to-review' })
        .then((p) => t.db.selectFrom('restarts').select('id').where('pretreat_id', '=', p.id).executeTakeFirstOrThrow())
        .then((r) => r.id),
    )
  return restarts.get(key)!
}
/** An open restart follow-up (of a restart answered not running) for each key, made once. */
const followUps = new Map<string, Promise<number>>()
const followUpFor = (key: string) => {
  if (!followUps.has(key))
    followUps.set(
      key,
      Promise.all([restartFor(`follow-up-${key}`), pretreatDefaults(t.db)]).then(([restart_id, d]) =>
        t.db
          .insertInto('restart_follow_ups')
          .values({ restart_id, storage_id: d.storage_id, not_running: true, not_cleaned_up: false })
          .returning('id')
          .executeTakeFirstOrThrow()
          .then((f) => f.id),
      ),
    )
  return followUps.get(key)!
}
const restartForm = (key: string, restartId: number) => ({ submission_id: key, remote: 'yes', running: 'yes', cleaned_up: 'no', comments: 'Fans back on.', restart_id: restartId })

/** A service sheet's open level-1 review for each key (version 1, travel 1 and labor 2 hours), made once. */
const reviews = new Map<string, Promise<number>>()
const reviewFor = (key: string) => {
  if (!reviews.has(key)) {
    const made = makeServiceSheet(t.db, { ...place, created_by: tech.id, travel_hours: 1, labor_hours: 2 })
    reviews.set(
      key,
      made.then((sheet) => t.db.selectFrom('service_reviews').select('id').where('service_sheet_id', '=', sheet.id).executeTakeFirstOrThrow()).then((r) => r.id),
    )
  }
  return reviews.get(key)!
}
const reviewForm = async (key: string, newParts: { part_id: number; quantity: number; description: string; nc: boolean }[] = []) => ({
  review_id: await reviewFor(key),
  intent: 'approve',
  version: 1,
  travel_hours: 1,
  labor_hours: 2,
  nc_travel: 0,
  nc_labor: 0,
  comments: '',
  parts: [],
  new_parts: newParts,
  new_part: '',
  new_description: '',
})

/** A customer note for each key and purpose, made once (corrections, decision 0067). */
const notes = new Map<string, Promise<number>>()
const noteFor = (key: string) => {
  if (!notes.has(key))
    notes.set(
      key,
      t.db
        .insertInto('interactions')
        .values({ submission_id: crypto.randomUUID(), company_id: place.company_id, contact_id: contactId, notes: 'Called.', created_by: tech.id })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((n) => n.id),
    )
  return notes.get(key)!
}
/** tech, who also may correct any customer note */
const corrector = (): Actor => ({ ...tech, permissions: [...tech.permissions, 'api.change_customerinteraction'] })

const CORRECTION_CASES: Record<string, Case> = {
  "a customer note's correction": {
    command: correctCustomerNote,
    input: async (key) => ({ submission_id: key, record_id: await noteFor(`correct ${key}`), version: 1, company_id: place.company_id, contact_id: contactId, notes: `Called back (${key}).` }),
    refused: async (key) => ({ submission_id: key, record_id: await noteFor(`correct ${key}`), version: 1, company_id: place.company_id, contact_id: 999_999, notes: 'Called back.' }),
    table: 'record_corrections',
    actor: corrector,
  },
  'a delete mark': {
    command: deleteRecord,
    input: async (key) => ({ submission_id: key, kind: 'interaction', record_id: await noteFor(`delete ${key}`), version: 1, reason: 'Entered twice.' }),
    refused: async (key) => ({ submission_id: key, kind: 'interaction', record_id: await noteFor(`delete ${key}`), version: 99, reason: 'Entered twice.' }),
    refusedAs: ConflictError,
    table: 'record_corrections',
    actor: corrector,
  },
}

const CASES: Record<string, Case> = {
  'a user': {
    command: saveUser,
    input: newUser,
    refused: (key) => ({ ...newUser(key), company: 'Nobody Farms' }),
    table: 'users',
  },
  'a short-list row': {
    command: changeDestinations,
    input: (key) => ({ submission_id: key, intent: 'add', text: `Dest ${key}` }),
    refused: (key) => ({ submission_id: key, intent: 'save:999999', text: `Dest ${key}` }),
    table: 'destinations',
  },
  'a pre-treat': {
    command: pretreatFormCommand({ today: () => TODAY }),
    input: pretreatForm,
    refused: async (key) => ({ ...(await pretreatForm(key)), storage_id: 999_999 }),
    table: 'pretreats',
  },
  'a pre-treat scheduled': {
    command: rowStepCommand({ today: () => TODAY }),
    input: async (key) => ({ intent: 'schedule', id: await pretreatFor(key) }),
    refused: () => ({ intent: 'schedule', id: 999_999 }),
    refusedAs: NotFoundError,
    table: 'workflow_events',
    where: { event: 'SCHEDULE' },
  },
  'a pre-treat planned on the dispatch board': {
    command: moveCommand({ today: () => TODAY }),
    input: async (key) => ({ id: await pretreatFor(key), applicator: 0, planned_on: '2026-12-09', season_reason: '' }),
    refused: () => ({ id: 999_999, applicator: 0, planned_on: '2026-12-09', season_reason: '' }),
    refusedAs: NotFoundError,
    actor: () => ({ ...tech, permissions: ['api.pretreat_assigner'] }),
    table: 'workflow_events',
    where: { event: 'PLAN' },
  },
  'a pre-treat sheet saved': {
    command: saveSheet,
    input: (key) => sheetPost(key, 'assigned', 'save'),
    refused: (key) => sheetPost(key, 'assigned', 'save', 999_999),
    table: 'workflow_events',
    where: { event: 'SAVE' },
  },
  'a pre-treat sheet submitted': {
    command: submitSheet,
    input: (key) => sheetPost(key, 'assigned', 'submit'),
    refused: (key) => sheetPost(key, 'assigned', 'submit', 999_999),
    table: 'workflow_events',
    where: { event: 'SUBMIT' },
  },
  'a pre-treat reviewed': {
    command: submitReview,
    input: (key) => sheetPost(key, 'to-review', 'submit'),
    refused: (key) => sheetPost(key, 'to-review', 'submit', 999_999),
    table: 'workflow_events',
    where: { event: 'REVIEW' },
    actor: () => ({ ...tech, permissions: ['api.pretreat_reviewer1'] }),
  },
  'a pre-treat sent back': {
    command: sendBackPretreat,
    input: async (key) => {
      const s = await sheetFor(key, 'to-review')
      return { pretreat_id: s.id, version: s.version, reason: 'Storage temps missing.' }
    },
    refused: () => ({ pretreat_id: 999_999, version: 1, reason: 'Storage temps missing.' }),
    refusedAs: NotFoundError,
    table: 'workflow_events',
    where: { event: 'SEND_BACK' },
    actor: () => ({ ...tech, permissions: ['api.pretreat_reviewer1'] }),
  },
  'an applicator': {
    command: saveApplicator,
    input: async (key) => ({ submission_id: key, user_id: await userFor(key), license: 'ID-PA-1', expiration: '2027-12-31', active: true }),
    refused: (key) => ({ submission_id: key, user_id: 999_999, license: 'ID-PA-1', expiration: '2027-12-31', active: true }),
    table: 'applicators',
  },
  'a product': {
    command: saveProduct,
    input: (key) => ({ submission_id: key, product_name: `Chem ${key}`, registration: '5481-433', units: 'oz', ppm: 16.6, ppm_constant: 84000, min_qty: 32, active: true }),
    refused: (key) => ({ submission_id: key, product_id: 999_999, product_name: `Chem ${key}`, registration: '5481-433', units: 'oz', ppm: 16.6, ppm_constant: 84000, min_qty: 32, active: true }),
    table: 'products',
  },
  'an application': {
    command: saveApplication,
    input: (key) => ({ submission_id: key, name: `Fog ${key}`, base_price: 0.04, active: true, products: [{ product_id: productId }] }),
    refused: (key) => ({ submission_id: key, name: `Fog ${key}`, base_price: 0.04, active: true, products: [] }),
    table: 'applications',
  },
  'a job': {
    command: saveJob,
    input: (key) => ({ submission_id: key, name: `J-${key}`, ...place, notes: '', active: true, record_id: null }),
    refused: (key) => ({ submission_id: key, name: `J-${key}`, ...place, storage_id: 999_999, notes: '', active: true, record_id: null }),
    table: 'jobs',
  },
  'a truck': {
    command: saveTruck,
    input: (key) => ({ submission_id: key, make: 'Ford', model: 'F-250', number: `T-${key}`, active: true, record_id: null }),
    refused: (key) => ({ submission_id: key, make: 'Ford', model: 'F-250', number: `T-${key}`, active: true, record_id: 999_999 }),
    table: 'trucks',
  },
  'a part': {
    command: savePart,
    input: (key) => ({ submission_id: key, part_number: `P-${key}`, description: 'Belt', is_special: false, active: true, record_id: null }),
    refused: (key) => ({ submission_id: key, part_number: `P-${key}`, description: 'Belt', is_special: false, active: true, record_id: 999_999 }),
    table: 'parts',
  },
  'a service sheet': {
    command: createServiceSheet,
    input: sheet,
    refused: async (key) => ({ ...(await sheet(key)), storage_id: 999_999 }),
    table: 'service_sheets',
  },
  'a contact': {
    command: addContact,
    input: contact,
    refused: (key) => ({ ...contact(key), company_id: 999_999 }),
    table: 'contacts',
  },
  'a customer note': {
    command: addCustomerNote,
    input: (key) => ({ submission_id: key, company_id: place.company_id, contact_id: contactId, notes: 'Called.' }),
    refused: (key) => ({ submission_id: key, company_id: place.company_id, contact_id: 999_999, notes: 'Called.' }),
    table: 'interactions',
  },
  'a storage': {
    command: saveStorage,
    input: storage,
    refused: (key) => ({ ...storage(key), owner: 'Nobody Farms' }),
    table: 'storages',
  },
  'a grower': {
    command: saveGrower,
    input: (key) => ({ ...grower(key), mode: 'add' }),
    refused: (key) => ({ ...grower(key), mode: 'edit' }),
    table: 'companies',
  },
  'a call': {
    command: createCallIn,
    input: (key) => ({ submission_id: key, ...place, requested_by: 'Dale', call_in_date: '2026-11-20', description: 'Fan 3 rattles', got_it: true }),
    refused: (key) => ({ submission_id: key, ...place, storage_id: 999_999, requested_by: 'Dale', call_in_date: '2026-11-20', description: 'Fan 3 rattles', got_it: true }),
    table: 'call_ins',
  },
  'a receipt': {
    command: createReceipt,
    input: (key) => ({
      submission_id: key,
      type: 'Expenses',
      date: '2026-11-03',
      location: 'Diner',
      total_amount: 12.5,
      event: 'Lunch',
      category: 'Food',
      customer: 'Snake River Farms',
      job: '',
      images: [],
      images_ids: [],
    }),
    refused: (key) => ({
      submission_id: key,
      type: 'Expenses',
      date: '2026-11-03',
      location: 'Diner',
      total_amount: 12.5,
      event: 'Lunch',
      category: 'Food',
      customer: 'Nobody Farms',
      job: '',
      images: [],
      images_ids: [],
    }),
    table: 'receipts',
  },
  'a storage check': {
    command: createStorageCheck,
    input: (key) => ({ submission_id: key, ...place, date_inspected: '2026-11-03', variety: 'Russet - Fryer', fill_status: 'Full', notes: 'Dry', images: [] }),
    refused: (key) => ({ submission_id: key, ...place, storage_id: 999_999, date_inspected: '2026-11-03', variety: 'Russet - Fryer', fill_status: 'Full', notes: 'Dry', images: [] }),
    table: 'storage_checks',
  },
  'a drive folder': {
    command: createFolder,
    input: (key) => ({ p: '', f: `Folder ${key}` }),
    refused: () => ({ p: '', f: ' ' }),
    table: 'drive_entries',
  },
  'a restart completed': {
    command: completeRestart,
    input: async (key) => restartForm(key, await restartFor(key)),
    refused: (key) => restartForm(key, 999_999_999),
    refusedAs: NotFoundError,
    table: 'restarts',
    where: { filled: 'completed_at' },
  },
  'a restart follow-up closed by a note': {
    command: closeFollowUp,
    input: async (key) => ({ submission_id: key, note: 'Fan belt replaced.', follow_up_id: await followUpFor(key) }),
    refused: (key) => ({ submission_id: key, note: 'Fan belt replaced.', follow_up_id: 999_999_999 }),
    refusedAs: NotFoundError,
    actor: () => ({ ...tech, permissions: ['api.pretreat_assigner'] }),
    table: 'restart_follow_ups',
    where: { filled: 'closed_at' },
  },
  'a service review approved': {
    command: approveServiceReview,
    input: (key) => reviewForm(key),
    refused: (key) => reviewForm(key, [{ part_id: 999_999, quantity: 1, description: '', nc: false }]),
    actor: () => ({ ...tech, permissions: ['api.can_review_1'] }),
    table: 'workflow_events',
    where: { event: 'APPROVE' },
  },
  // last: another case's input must not add to their tables (a note made for each key)
  ...CORRECTION_CASES,
}

describe.each(Object.entries(CASES))('%s', (_, c) => {
  const run = async (key: string, input: unknown, actor = c.actor?.() ?? tech) => runCommand(t.db, c.command, { actor, key, input: await input })

  it('acts once for a key sent twice, one after the other, and answers the same', async () => {
    const key = crypto.randomUUID()
    const input = await c.input(key)
    const before = await countOf(c)
    const first = await run(key, input)
    expect(await run(key, input)).toEqual(first)
    expect(await countOf(c)).toBe(before + 1)
  })

  it('acts once for a key sent twice at the same moment, and answers the same', async () => {
    const key = crypto.randomUUID()
    const before = await countOf(c)
    const input = await c.input(key)
    const [a, b] = await Promise.all([run(key, input), run(key, input)])
    expect(b).toEqual(a)
    expect(await countOf(c)).toBe(before + 1)
  })

  it('refuses a used key sent with other input, doing nothing', async () => {
    const key = crypto.randomUUID()
    const input = await c.input(key)
    await run(key, input)
    const before = await countOf(c)
    const other = { ...(input as object), changed: 'other input' }
    await expect(run(key, other)).rejects.toEqual(new ConflictError(KEY_MESSAGES.reused))
    expect(await countOf(c)).toBe(before)
  })

  it("refuses another user's key and a key used by another command, doing nothing", async () => {
    const key = crypto.randomUUID()
    const input = await c.input(key)
    await run(key, input)
    const before = await countOf(c)
    await expect(run(key, input, office)).rejects.toEqual(new ConflictError(KEY_MESSAGES.reused))
    const other = Object.values(CASES).find((o) => o.command !== c.command)!
    await expect(runCommand(t.db, other.command, { actor: tech, key, input: await other.input(key) })).rejects.toEqual(new ConflictError(KEY_MESSAGES.reused))
    expect(await countOf(c)).toBe(before)
  })

  it('keeps no trace of a refused run: the same key then acts, with the input corrected', async () => {
    const key = crypto.randomUUID()
    const before = await countOf(c)
    await expect(run(key, c.refused(key))).rejects.toBeInstanceOf(c.refusedAs ?? InputError)
    expect(await countOf(c)).toBe(before)
    await run(key, c.input(key))
    expect(await countOf(c)).toBe(before + 1)
  })

  it('makes no second record for a key a record already holds without its answer kept (made before commands)', async () => {
    const key = crypto.randomUUID()
    const input = await c.input(key)
    const first = await run(key, input)
    await t.db.deleteFrom('command_runs').where('key', '=', key).execute()
    const before = await countOf(c)
    const again = await run(key, input).then(
      (answer) => answer,
      (error: unknown) => error,
    )
    // the first record's answer, or a refusal that says why: never a failure, never a second record
    expect(again instanceof Refusal || JSON.stringify(again) === JSON.stringify(first), String(again)).toBe(true)
    expect(await countOf(c)).toBe(before)
  })

  it('refuses a key that is not a UUID', async () => {
    await expect(run('not-a-key', c.input('not-a-key'))).rejects.toEqual(new InputError({ submission_id: KEY_MESSAGES.invalid }))
  })
})

// A form with files posted without JavaScript stores them anew with each post: the same form sent
// twice names other blob ids, and is still the same submission.
describe.each(Object.entries(CASES).filter(([, c]) => c.command.resentAnew?.includes('images')))('%s posted again without JavaScript', (_, c) => {
  it('takes the post with its files stored anew (other image ids) as the same submission', async () => {
    const key = crypto.randomUUID()
    const input = (await c.input(key)) as { images: string[] }
    const first = await runCommand(t.db, c.command, { actor: tech, key, input })
    const before = await countOf(c)
    expect(await runCommand(t.db, c.command, { actor: tech, key, input: { ...input, images: [crypto.randomUUID()] } })).toEqual(first)
    expect(await countOf(c)).toBe(before)
  })
})
