// Every command that creates or advances a record, run with the same idempotency key twice — one
// after the other, and both at the same moment: one effect, and the same answer each time. A key
// is one user's and one command's; a refused run leaves no trace of its key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError, InputError, Refusal } from '#core/errors.ts'
import type { Executor } from '#db/client.server.ts'
import { reserveSheetNumber } from '#db/queries/service-sheets.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { KEY_MESSAGES, runCommand, type Actor, type Command, type CommandResult } from './command.ts'
import { saveApplicator } from './applicators.ts'
import { createCallIn } from './call-ins.ts'
import { addContact, addCustomerNote } from './contacts.ts'
import { saveGrower } from './growers.ts'
import { createServiceSheet } from './service-sheets.ts'
import { saveApplication, saveProduct } from './products.ts'
import { createReceipt } from './receipts.ts'
import { saveJob, savePart, saveTruck } from './registry.ts'
import { createStorageCheck } from './storage-checks.ts'
import { saveStorage } from './storages.ts'

let t: TestDatabase
let tech: Actor
let office: Actor
let place: { company_id: number; storage_id: number }
let contactId: number
let productId: number

beforeAll(async () => {
  t = await createTestDatabase()
  const [a, b] = await t.db.insertInto('users').values([{ username: 'tech', password_hash: 'x' }, { username: 'office', password_hash: 'x' }]).returning('id').execute()
  tech = { id: a!.id, username: 'tech', is_superuser: false, permissions: [] }
  office = { id: b!.id, username: 'office', is_superuser: false, permissions: [] }
  const company = await t.db.insertInto('companies').values({ company_name: 'Snake River Farms' }).returning('id').executeTakeFirstOrThrow()
  const storage = await t.db.insertInto('storages').values({ company_id: company.id, name: 'North Cellar' }).returning('id').executeTakeFirstOrThrow()
  place = { company_id: company.id, storage_id: storage.id }
  productId = (await t.db.insertInto('products').values({ product_name: 'Sprout Stop', registration: '5481-433', units: 'oz', min_qty: 32 }).returning('id').executeTakeFirstOrThrow()).id
  contactId = (await t.db.insertInto('contacts').values({ company_id: company.id, name: 'Dale', email: 'dale@snake.example', notes: '' }).returning('id').executeTakeFirstOrThrow()).id
})
afterAll(() => t.drop())

const count = async (db: Executor, table: Table) => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)

type Table = 'receipts' | 'storage_checks' | 'call_ins' | 'companies' | 'storages' | 'contacts' | 'interactions' | 'service_sheets' | 'jobs' | 'trucks' | 'parts' | 'products' | 'applications' | 'applicators'

/** A command, a valid input of it for a fresh key, and the rows its effect adds to. */
interface Case {
  command: Command<any, CommandResult>
  input(key: string): unknown | Promise<unknown>
  /** a valid input the command refuses */
  refused(key: string): unknown | Promise<unknown>
  table: Table
}

const grower = (key: string) => ({ submission_id: key, company_name: `Farm ${key}`, qb_list_id: '', service_start: '2026-11-22', notes: '', website: '', active: true, storage_check_interval: 30, contact_interval: 0 })

const storage = (key: string) => ({
  submission_id: key, owner: 'Snake River Farms', owner_is_grower: true, grower: '', name: `Cellar ${key}`, gps: '43.615, -116.2', type: 'Behlen', service_start: '2026-09-01',
  door_type: 'Louvres', door_count: 2, duct_count: 12, duct_size_inches: 24, duct_spacing_inches: 120, notes: 'East fan house.', address: '', double_bay: false,
  bill_to_grower: true, active: true, pretreat_notes: '', images: [], kept_images: [], path_storage_id: null,
})

const contact = (key: string) => ({ submission_id: key, company_id: place.company_id, name: 'Dale', email: 'dale@snake.example', phone: '', role: '', active: true, notes: '', contact_interval: 0 })

const sheet = async (key: string) => ({
  submission_id: key, sheet_number: await reserveSheetNumber(t.db, tech.id), ...place, service_date: '2026-10-05', po_number: '', requested_by: 'Dale',
  service_rendered: ['Fan'], other_service: '', description: 'Fan 3 rattles', notes: 'Replaced the belt.', travel_hours: 1.5, labor_hours: 2, parts: [], images: [],
})

/** A user for each key (a user is one applicator at most), made once. */
const users = new Map<string, Promise<number>>()
const userFor = (key: string) => {
  if (!users.has(key)) users.set(key, t.db.insertInto('users').values({ username: `u-${key}`, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow().then((u) => u.id))
  return users.get(key)!
}

const CASES: Record<string, Case> = {
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
    input: (key) => ({ submission_id: key, type: 'Expenses', date: '2026-11-03', location: 'Diner', total_amount: 12.5, event: 'Lunch', category: 'Food', customer: 'Snake River Farms', job: '', images: [], images_ids: [] }),
    refused: (key) => ({ submission_id: key, type: 'Expenses', date: '2026-11-03', location: 'Diner', total_amount: 12.5, event: 'Lunch', category: 'Food', customer: 'Nobody Farms', job: '', images: [], images_ids: [] }),
    table: 'receipts',
  },
  'a storage check': {
    command: createStorageCheck,
    input: (key) => ({ submission_id: key, ...place, date_inspected: '2026-11-03', variety: 'Russet - Fryer', fill_status: 'Full', notes: 'Dry', images: [] }),
    refused: (key) => ({ submission_id: key, ...place, storage_id: 999_999, date_inspected: '2026-11-03', variety: 'Russet - Fryer', fill_status: 'Full', notes: 'Dry', images: [] }),
    table: 'storage_checks',
  },
}

describe.each(Object.entries(CASES))('%s', (_, c) => {
  const run = async (key: string, input: unknown, actor = tech) => runCommand(t.db, c.command, { actor, key, input: await input })

  it('acts once for a key sent twice, one after the other, and answers the same', async () => {
    const key = crypto.randomUUID()
    const input = await c.input(key)
    const before = await count(t.db, c.table)
    const first = await run(key, input)
    expect(await run(key, input)).toEqual(first)
    expect(await count(t.db, c.table)).toBe(before + 1)
  })

  it('acts once for a key sent twice at the same moment, and answers the same', async () => {
    const key = crypto.randomUUID()
    const before = await count(t.db, c.table)
    const input = await c.input(key)
    const [a, b] = await Promise.all([run(key, input), run(key, input)])
    expect(b).toEqual(a)
    expect(await count(t.db, c.table)).toBe(before + 1)
  })

  it('refuses a used key sent with other input, doing nothing', async () => {
    const key = crypto.randomUUID()
    const input = await c.input(key)
    await run(key, input)
    const before = await count(t.db, c.table)
    const other = { ...(input as object), changed: 'other input' }
    await expect(run(key, other)).rejects.toEqual(new ConflictError(KEY_MESSAGES.reused))
    expect(await count(t.db, c.table)).toBe(before)
  })

  it("refuses another user's key and a key used by another command, doing nothing", async () => {
    const key = crypto.randomUUID()
    const input = await c.input(key)
    await run(key, input)
    const before = await count(t.db, c.table)
    await expect(run(key, input, office)).rejects.toEqual(new ConflictError(KEY_MESSAGES.reused))
    const other = Object.values(CASES).find((o) => o.command !== c.command)!
    await expect(runCommand(t.db, other.command, { actor: tech, key, input: await other.input(key) })).rejects.toEqual(new ConflictError(KEY_MESSAGES.reused))
    expect(await count(t.db, c.table)).toBe(before)
  })

  it('keeps no trace of a refused run: the same key then acts, with the input corrected', async () => {
    const key = crypto.randomUUID()
    const before = await count(t.db, c.table)
    await expect(run(key, c.refused(key))).rejects.toBeInstanceOf(InputError)
    expect(await count(t.db, c.table)).toBe(before)
    await run(key, c.input(key))
    expect(await count(t.db, c.table)).toBe(before + 1)
  })

  it('makes no second record for a key a record already holds without its answer kept (made before commands)', async () => {
    const key = crypto.randomUUID()
    const input = await c.input(key)
    const first = await run(key, input)
    await t.db.deleteFrom('command_runs').where('key', '=', key).execute()
    const before = await count(t.db, c.table)
    const again = await run(key, input).then(
      (answer) => answer,
      (error: unknown) => error,
    )
    // the first record's answer, or a refusal that says why: never a failure, never a second record
    expect(again instanceof Refusal || JSON.stringify(again) === JSON.stringify(first), String(again)).toBe(true)
    expect(await count(t.db, c.table)).toBe(before)
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
    const before = await count(t.db, c.table)
    expect(await runCommand(t.db, c.command, { actor: tech, key, input: { ...input, images: [crypto.randomUUID()] } })).toEqual(first)
    expect(await count(t.db, c.table)).toBe(before)
  })
})
