// Records a test makes for itself, straight into the app's database, with names no other test and
// no demo row has: a test that changes or counts on a record's state makes its own, so it depends
// neither on what the demo seed holds nor on what the file's other tests did to it.
//   const office = await makeUser(suite.app.db, { permissions: rightsOf('office'), staff: true })
//   await signIn(page, office.username)
//   const grower = await makeGrower(suite.app.db, { active: false })
// Each helper makes what it needs and was not given (a storage its grower, a job its storage) and
// returns the rows' ids and names. Pre-treats: makeTestPretreat (makePretreat's stages, at a place
// and by an applicator of the test's own); service sheets: makeServiceSheet (service-sheets.ts).
import { randomBytes, randomInt } from 'node:crypto'
import type { Insertable } from 'kysely'
import type { Permission } from '#core/permissions.ts'
import { hashPassword } from '#core/password.server.ts'
import type { Executor } from '#db/client.server.ts'
import type { CallInsTable, CompaniesTable, ContactsTable, JobsTable, PartsTable, ProductsTable, ReceiptsTable, StorageChecksTable, StoragesTable } from '#db/schema.ts'
import { syncPermissions } from '#db/seeds/permissions.ts'
import { DEMO_PERMISSIONS } from '../../bin/demo/data.ts'
import { DEMO_PASSWORD } from './browser.ts'
import { makePretreat, type MadePretreat, type PretreatOverrides } from './pretreats.ts'

let made = 0
/** `prefix` and a mark of this process's nth record: unique in the database and safe in a username. */
export function uniqueName(prefix: string): string {
  made += 1
  return `${prefix}-${made}${randomBytes(3).toString('hex')}`
}

/** The rights the demo seed gives its user `username` (bin/demo/data.ts): for a user made to stand in for that role. */
export function rightsOf(username: string): readonly Permission[] {
  const rights = DEMO_PERMISSIONS[username]
  if (!rights) throw new Error(`The demo has no user ${username}`)
  return rights
}

let passwordHash: Promise<string> | undefined

export interface UserOptions {
  /** their own rights (default: none) */
  permissions?: readonly Permission[]
  superuser?: boolean
  staff?: boolean
  /** the user's company (default: none) */
  companyId?: number | null
  firstName?: string
  lastName?: string
  /** an applicator too, with a licence valid two more years (the pre-treats' Recommended By and Assigned To) */
  applicator?: boolean
}

export interface MadeUser {
  id: number
  username: string
  /** as the app shows a user: first and last name */
  name: string
  /** applicators.id, when made one */
  applicatorId: number | null
}

const permissionsSynced = new WeakSet<Executor>()

/**
 * A user who signs in with DEMO_PASSWORD (signIn(page, user.username), or the form): its hash made
 * once by core/password, its rights' rows made sure of by the permission sync (a migrated database
 * may have none). Not through createUser: its password-strength check costs a third of a second a
 * file, for a password known to pass it.
 */
export async function makeUser(db: Executor, options: UserOptions = {}): Promise<MadeUser> {
  const username = uniqueName('user')
  const { firstName = 'Test', lastName = `User ${username.slice(5)}`, permissions = [] } = options
  passwordHash ??= hashPassword(DEMO_PASSWORD)
  if (permissions.length && !permissionsSynced.has(db)) {
    await syncPermissions(db)
    permissionsSynced.add(db)
  }
  const hash = await passwordHash
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        username,
        password_hash: hash,
        first_name: firstName,
        last_name: lastName,
        email: `${username}@records.example`,
        company_id: options.companyId ?? null,
        is_staff: options.staff ?? false,
        is_superuser: options.superuser ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (permissions.length)
      await trx
        .insertInto('user_permissions')
        .values(permissions.map((codename) => ({ user_id: user.id, codename })))
        .execute()
    let applicatorId: number | null = null
    if (options.applicator) {
      const expiration = `${new Date().getFullYear() + 2}-12-31`
      // shaped as Idaho's (ID-PA-118734): short enough to stay on one line of a PDF's table
      const license = `ID-PA-${randomInt(100_000, 1_000_000)}`
      applicatorId = (await trx.insertInto('applicators').values({ user_id: user.id, license, expiration }).returning('id').executeTakeFirstOrThrow()).id
    }
    return { id: user.id, username, name: `${firstName} ${lastName}`, applicatorId }
  })
}

export interface MadeGrower {
  id: number
  name: string
  /** its one contact */
  contact: { id: number; name: string }
}

/** A grower (a company) with one active contact. */
export async function makeGrower(db: Executor, values: Partial<Insertable<CompaniesTable>> = {}): Promise<MadeGrower> {
  const company = await db
    .insertInto('companies')
    .values({ company_name: uniqueName('Grower'), qb_list_id: 'QB-TEST', service_start: '2026-01-01', address: '40 Canal Rd, Rigby, ID 83442', ...values })
    .returning(['id', 'company_name'])
    .executeTakeFirstOrThrow()
  const contact = await makeContact(db, company.id)
  return { id: company.id, name: company.company_name, contact }
}

/** A contact of the company. */
export async function makeContact(db: Executor, companyId: number, values: Partial<Insertable<ContactsTable>> = {}): Promise<{ id: number; name: string }> {
  const name = uniqueName('Contact')
  return db
    .insertInto('contacts')
    .values({ company_id: companyId, name, email: `${name.toLowerCase()}@records.example`, role: 'Owner', notes: 'Made by a test.', ...values })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow()
}

export interface MadeStorage {
  id: number
  name: string
  company_id: number
}

/** A storage of the grower `company_id` (default: a new grower's), with an address and GPS. */
export async function makeStorage(db: Executor, values: Partial<Insertable<StoragesTable>> = {}): Promise<MadeStorage> {
  const company_id = values.company_id ?? (await makeGrower(db)).id
  return db
    .insertInto('storages')
    .values({ name: uniqueName('Cellar'), address: '1210 N 400 E, Shelley, ID 83274', gps_lat: '43.38', gps_lng: '-112.12', ...values, company_id })
    .returning(['id', 'name', 'company_id'])
    .executeTakeFirstOrThrow()
}

/** The storage `storage_id` (its id and grower), or a new one of the grower `company_id` (default: a new grower). */
async function storageOrNew(db: Executor, at: { storage_id?: number | null; company_id?: number | null }): Promise<{ id: number; company_id: number }> {
  if (at.storage_id) return db.selectFrom('storages').select(['id', 'company_id']).where('id', '=', at.storage_id).executeTakeFirstOrThrow()
  return makeStorage(db, at.company_id ? { company_id: at.company_id } : {})
}

export interface MadeJob {
  id: number
  name: string
  company_id: number
  storage_id: number
}

/** A job at a storage (default: a new storage of a new grower). */
export async function makeJob(db: Executor, values: Partial<Insertable<JobsTable>> = {}): Promise<MadeJob> {
  const storage = await storageOrNew(db, values)
  return db
    .insertInto('jobs')
    .values({ name: uniqueName('Job'), ...values, company_id: storage.company_id, storage_id: storage.id })
    .returning(['id', 'name', 'company_id', 'storage_id'])
    .executeTakeFirstOrThrow()
}

/** A part (its part number unique). */
export async function makePart(db: Executor, values: Partial<Insertable<PartsTable>> = {}): Promise<{ id: number; part_number: string; description: string }> {
  return db
    .insertInto('parts')
    .values({ part_number: uniqueName('P'), description: 'Fan belt', ...values })
    .returning(['id', 'part_number', 'description'])
    .executeTakeFirstOrThrow()
}

/** A product (in gallons at 16.6 ppm, no season limits), and an application of it alone when `application` is true. */
export async function makeProduct(
  db: Executor,
  values: Partial<Insertable<ProductsTable>> & { application?: boolean } = {},
): Promise<{ id: number; product_name: string; application_id: number | null }> {
  const { application = false, ...row } = values
  const product = await db
    .insertInto('products')
    .values({ product_name: uniqueName('Product'), registration: 'EPA Reg. No. 0000-1', units: 'gal', ppm: 16.6, ppm_constant: 1000, min_qty: 0, ...row })
    .returning(['id', 'product_name'])
    .executeTakeFirstOrThrow()
  if (!application) return { ...product, application_id: null }
  const made = await db
    .insertInto('applications')
    .values({ name: uniqueName('Application'), base_price: '0.0500' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.insertInto('application_products').values({ application_id: made.id, product_id: product.id }).execute()
  return { ...product, application_id: made.id }
}

/** A service call (call-in) at a storage (default: a new one), by `created_by` (default: a new user), called in today. */
export async function makeCallIn(
  db: Executor,
  values: Partial<Omit<Insertable<CallInsTable>, 'company_id'>> = {},
): Promise<{ id: number; description: string; company_id: number; storage_id: number }> {
  const storage = await storageOrNew(db, values)
  const created_by = values.created_by ?? (await makeUser(db)).id
  return db
    .insertInto('call_ins')
    .values({
      submission_id: crypto.randomUUID(),
      call_in_date: new Date().toLocaleDateString('en-CA'),
      requested_by: 'Dale Jensen',
      description: uniqueName('Fan 2 will not start'),
      ...values,
      company_id: storage.company_id,
      storage_id: storage.id,
      created_by,
    })
    .returning(['id', 'description', 'company_id', 'storage_id'])
    .executeTakeFirstOrThrow()
}

/** A storage check of a storage (default: a new one) by `created_by`, inspected today. */
export async function makeStorageCheck(
  db: Executor,
  values: Partial<Omit<Insertable<StorageChecksTable>, 'company_id'>> & { created_by: number },
): Promise<{ id: number; notes: string; storage_id: number }> {
  const storage = await storageOrNew(db, values)
  return db
    .insertInto('storage_checks')
    .values({
      submission_id: crypto.randomUUID(),
      date_inspected: new Date().toLocaleDateString('en-CA'),
      variety: 'Russet - Process',
      fill_status: 'Full',
      setpoint: 45,
      pile1: 46,
      notes: uniqueName('Pile 1 steady'),
      ...values,
      company_id: storage.company_id,
      storage_id: storage.id,
    })
    .returning(['id', 'notes', 'storage_id'])
    .executeTakeFirstOrThrow()
}

/** A Parts receipt by `created_by`, dated today, at a place of its own name. */
export async function makeReceipt(db: Executor, values: Partial<Insertable<ReceiptsTable>> & { created_by: number }): Promise<{ id: number; location: string }> {
  return db
    .insertInto('receipts')
    .values({ submission_id: crypto.randomUUID(), type: 'Parts', date: new Date().toLocaleDateString('en-CA'), location: uniqueName('Parts store'), total_amount: '42.50', ...values })
    .returning(['id', 'location'])
    .executeTakeFirstOrThrow()
}

/** A customer note (interaction) with the grower's contact, written by `created_by`. */
export async function makeInteraction(db: Executor, grower: MadeGrower, created_by: number): Promise<{ id: number; notes: string }> {
  return db
    .insertInto('interactions')
    .values({ submission_id: crypto.randomUUID(), company_id: grower.id, contact_id: grower.contact.id, notes: uniqueName('Asked about the fans'), created_by, last_modified_by: created_by })
    .returning(['id', 'notes'])
    .executeTakeFirstOrThrow()
}

export interface MadeTestPretreat extends MadePretreat {
  company_id: number
  storage_id: number
  /** the applicator it was recommended by (and assigned to from the assigned stage on), a user of its own */
  applicator: MadeUser
}

/**
 * makePretreat (its stages and overrides) at a new storage of a new grower (or `storage_id`),
 * recommended by (and assigned to) a new applicator with the demo applicator's rights (or
 * `applicator`): no other pre-treat shares its place or its applicator.
 */
export async function makeTestPretreat(db: Executor, overrides: PretreatOverrides & { applicator?: MadeUser } = {}): Promise<MadeTestPretreat> {
  const { applicator = await makeUser(db, { applicator: true, permissions: rightsOf('applicator') }), ...rest } = overrides
  const storage = await storageOrNew(db, rest)
  if (applicator.applicatorId === null) throw new Error(`${applicator.username} is not an applicator: makeUser(db, { applicator: true })`)
  const made = await makePretreat(db, { recommended_by: applicator.applicatorId, assignTo: applicator.applicatorId, ...rest, company_id: storage.company_id, storage_id: storage.id })
  return { ...made, company_id: storage.company_id, storage_id: storage.id, applicator }
}
