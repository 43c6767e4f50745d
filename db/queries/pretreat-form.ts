// The pre-treat form's reads and writes (spec storages-and-pretreats.md §2 "Pre-treat form"): the
// choices it offers for a company (storages, contacts, applicators with their licence, destinations,
// messages, billable companies, products with their quantity inputs and label limits, and how often
// each storage has had each product this season: db/queries/season.ts), the pre-treat number it
// shows, the record it edits, and the rows a save writes beside the pre-treat (chemical lines,
// billable companies).
import { sql, type Updateable } from 'kysely'
import { config } from '#core/config.server.ts'
import { hasControlCharacters } from '#core/formats.ts'
import type { QuantityInputs } from '#core/pretreat-quantities.ts'
import type { LabelLimits } from '#core/season-check.ts'
import type { PretreatState } from '#core/workflow-states.ts'
import { inTransaction, type Executor } from '../client.server.ts'
import type { PretreatsTable } from '../schema.ts'
import { OTHER } from './contacts.ts'
import type { ProductRecord } from './products.ts'
import type { NamedOption } from './registry.ts'
import { shortListOptions } from './short-lists.ts'
import { userDisplayName } from './users.ts'

const num = (value: string | null): number | null => (value === null ? null : Number(value))
export const isId = (id: number) => Number.isSafeInteger(id) && id > 0

/** A product as the form's quantities and dose check read it (products aliased `p`). */
export const FORM_PRODUCT_COLUMNS = [
  'p.id',
  'p.product_name',
  'p.units',
  'p.ppm',
  'p.ppm_constant',
  'p.per',
  'p.converter',
  'p.min_qty',
  'p.max_ppm_per_application',
  'p.max_applications_per_season',
  'p.max_total_per_season',
  'p.max_total_basis',
  'p.min_days_between',
  'p.min_days_before_removal',
  'p.not_for_seed',
] as const

/** 'p.ppm' → 'ppm' */
type Unaliased<T> = T extends `p.${infer C}` ? C : never
/** FORM_PRODUCT_COLUMNS' row: those columns of a product as the products admin reads them. */
type FormProductRow = Pick<ProductRecord, Unaliased<(typeof FORM_PRODUCT_COLUMNS)[number]>>

/** FORM_PRODUCT_COLUMNS' row with its numbers as numbers. */
export function formProductOf(l: FormProductRow) {
  return {
    id: l.id,
    product_name: l.product_name,
    units: l.units,
    ppm: num(l.ppm),
    ppm_constant: num(l.ppm_constant),
    per: num(l.per),
    converter: num(l.converter),
    min_qty: Number(l.min_qty),
    max_ppm_per_application: num(l.max_ppm_per_application),
    max_applications_per_season: l.max_applications_per_season,
    max_total_per_season: num(l.max_total_per_season),
    max_total_basis: l.max_total_basis,
    min_days_between: l.min_days_between,
    min_days_before_removal: l.min_days_before_removal,
    not_for_seed: l.not_for_seed,
  }
}

// ---- the pre-treat number ------------------------------------------------------------------

/** The advisory-lock namespace of pre-treat number reservations (the second key is the user id). */
const RESERVATION_LOCK = 7_002

async function openPretreatNumber(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('pretreat_numbers').select('label').where('reserved_by', '=', userId).where('used_by_pretreat', 'is', null).orderBy('number').executeTakeFirst()
  return row?.label
}

/**
 * The number the form shows (PT-YY-NNNNNN): the user's open reservation, or a new one when they have
 * none, as service sheet numbers are reserved (decision 0035): reloads reuse it, a save uses it up,
 * and a number once used is never offered again.
 */
export async function reservePretreatNumber(db: Executor, userId: number): Promise<string> {
  const open = await openPretreatNumber(db, userId)
  if (open !== undefined) return open
  // one reservation at a time per user: a second request waits, then finds the first's number
  const reserve = async (trx: Executor) => {
    await sql`select pg_advisory_xact_lock(${RESERVATION_LOCK}::int, ${userId}::int)`.execute(trx)
    return (await openPretreatNumber(trx, userId)) ?? (await trx.insertInto('pretreat_numbers').values({ reserved_by: userId }).returning('label').executeTakeFirstOrThrow()).label
  }
  return inTransaction(db, reserve)
}

// ---- the form's choices --------------------------------------------------------------------

export interface ApplicatorChoice {
  id: number
  name: string
  license: string
  expiration: string | null
}

export interface ProductOfApplication extends QuantityInputs, LabelLimits {
  id: number
  registration: string
}

export interface ApplicationChoice {
  id: number
  name: string
  base_price: string
  products: ProductOfApplication[]
}

/** Active applicators with a licence and an expiration (the form leaves out those expired on the day). */
export function applicatorChoices(db: Executor): Promise<ApplicatorChoice[]> {
  return db
    .selectFrom('applicators as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', userDisplayName('u').as('name'), 'a.license', 'a.expiration'])
    .where('a.active', '=', true)
    .where(sql<boolean>`btrim(a.license) <> ''`)
    .where('a.expiration', 'is not', null)
    .orderBy('name')
    .orderBy('a.id')
    .execute()
}

export async function applicatorChoice(db: Executor, id: number): Promise<ApplicatorChoice | undefined> {
  if (!isId(id)) return undefined
  return (await applicatorChoices(db)).find((a) => a.id === id)
}

/** Applications with their products in order; `ids` narrows them (the one a save names). */
export async function applicationChoices(db: Executor, { activeOnly, ids }: { activeOnly: boolean; ids?: number[] }): Promise<ApplicationChoice[]> {
  let apps = db.selectFrom('applications').select(['id', 'name', 'base_price'])
  if (activeOnly) apps = apps.where('active', '=', true)
  if (ids) {
    const wanted = ids.filter(isId)
    apps = apps.where('id', 'in', wanted.length ? wanted : [0])
  }
  const applications = await apps.orderBy('name').orderBy('id').execute()
  if (applications.length === 0) return []
  const lines = await db
    .selectFrom('application_products as ap')
    .innerJoin('products as p', 'p.id', 'ap.product_id')
    .select(['ap.application_id', 'p.registration', ...FORM_PRODUCT_COLUMNS])
    .where(
      'ap.application_id',
      'in',
      applications.map((a) => a.id),
    )
    .orderBy('ap.application_id')
    .orderBy('ap.position')
    .orderBy('p.id')
    .execute()
  return applications.map((a) => ({
    ...a,
    products: lines.filter((l) => l.application_id === a.id).map((l) => ({ ...formProductOf(l), registration: l.registration })),
  }))
}

export interface PretreatChoices {
  storages: NamedOption[]
  contacts: NamedOption[]
  applicators: ApplicatorChoice[]
  destinations: string[]
  messages: { id: number; text: string }[]
  /** every active company (the form leaves out the owner and those added) */
  companies: NamedOption[]
  applications: ApplicationChoice[]
}

/** What the form offers for `companyId` (storages of the company, its contacts, and the shared lists). */
export async function pretreatChoices(db: Executor, companyId: number): Promise<PretreatChoices> {
  const [storages, contacts, applicators, destinations, messages, companies, applications] = await Promise.all([
    db.selectFrom('storages').select(['id', 'name']).where('company_id', '=', companyId).where('active', '=', true).orderBy('name').orderBy('id').execute(),
    // the catch-all 'Other' contact is left out: the form's own Other takes a typed name
    db
      .selectFrom('contacts')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .where(sql<string>`lower(btrim(name))`, '<>', OTHER)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    applicatorChoices(db),
    shortListOptions(db, 'destinations'),
    shortListOptions(db, 'pretreat_messages'),
    // billable companies: customers only, never the service company itself (COMPANY_NAME, decision 0018)
    db.selectFrom('companies').select(['id', 'company_name as name']).where('active', '=', true).where('company_name', '<>', config().COMPANY_NAME).orderBy('company_name').orderBy('id').execute(),
    applicationChoices(db, { activeOnly: true }),
  ])
  return { storages, contacts, applicators, destinations: destinations.map((d) => d.text), messages, companies, applications }
}

/** The storage, if it is `companyId`'s. */
export async function storageOfCompany(db: Executor, storageId: number, companyId: number): Promise<{ id: number } | undefined> {
  if (!isId(storageId) || !isId(companyId)) return undefined
  return db.selectFrom('storages').select('id').where('id', '=', storageId).where('company_id', '=', companyId).executeTakeFirst()
}

export async function contactOfCompany(db: Executor, contactId: number, companyId: number): Promise<{ id: number } | undefined> {
  if (!isId(contactId) || !isId(companyId)) return undefined
  return db.selectFrom('contacts').select('id').where('id', '=', contactId).where('company_id', '=', companyId).where('active', '=', true).executeTakeFirst()
}

/**
 * Which of `ids` may be billed: active customers (`billable`), and whether one of them is the
 * service company itself (COMPANY_NAME, decision 0018), which never is.
 */
export async function billableCompanies(db: Executor, ids: number[]): Promise<{ billable: number[]; serviceCompany: boolean }> {
  const wanted = ids.filter(isId)
  if (wanted.length === 0) return { billable: [], serviceCompany: false }
  const rows = await db.selectFrom('companies').select(['id', 'company_name']).where('id', 'in', wanted).where('active', '=', true).execute()
  const own = config().COMPANY_NAME
  return { billable: rows.filter((r) => r.company_name !== own).map((r) => r.id), serviceCompany: rows.some((r) => r.company_name === own) }
}

export async function isActiveDestination(db: Executor, name: string): Promise<boolean> {
  if (name.length > 1000 || hasControlCharacters(name)) return false
  return Boolean(await db.selectFrom('destinations').select('id').where('name', '=', name).where('active', '=', true).executeTakeFirst())
}

export async function messageText(db: Executor, id: number): Promise<string | undefined> {
  if (!isId(id)) return undefined
  return (await db.selectFrom('pretreat_messages').select('text').where('id', '=', id).where('active', '=', true).executeTakeFirst())?.text
}

// ---- the record an edit opens --------------------------------------------------------------

export interface PretreatForForm {
  id: number
  version: number
  status: PretreatState
  void: boolean
  upcoming: boolean
  void_comments: string
  pre_treat_number: string
  company_id: number
  company_name: string
  storage_id: number
  bill_to: number[]
  recommended_by: number
  requested_by: number | null
  other_name: string
  destination: string
  variety: string
  treated_for: string
  stock_type: string
  application_id: number | null
  application_notes: string
  purge: boolean
  application_date: string | null
  dose_reason: string
  chemicals: { product_id: number; cwt: string; quantity_requested: string | null }[]
}

export async function pretreatForForm(db: Executor, id: number): Promise<PretreatForForm | undefined> {
  if (!isId(id)) return undefined
  const row = await db
    .selectFrom('pretreats as pt')
    .innerJoin('companies as c', 'c.id', 'pt.company_id')
    .select([
      'pt.id',
      'pt.version',
      'pt.status',
      'pt.void',
      'pt.upcoming',
      'pt.void_comments',
      'pt.pre_treat_number',
      'pt.company_id',
      'c.company_name',
      'pt.storage_id',
      'pt.recommended_by',
      'pt.requested_by',
      'pt.other_name',
      'pt.destination',
      'pt.variety',
      'pt.treated_for',
      'pt.stock_type',
      'pt.application_id',
      'pt.application_notes',
      'pt.purge',
      'pt.application_date',
      'pt.dose_reason',
    ])
    .where('pt.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const [billTo, chemicals] = await Promise.all([
    db.selectFrom('pretreat_bill_to').select('company_id').where('pretreat_id', '=', id).orderBy('company_id').execute(),
    db
      .selectFrom('pretreat_chemicals')
      .select(['product_id', sql<string>`trim_scale(cwt)::text`.as('cwt'), sql<string | null>`trim_scale(quantity_requested)::text`.as('quantity_requested')])
      .where('pretreat_id', '=', id)
      .orderBy('id')
      .execute(),
  ])
  return { ...row, bill_to: billTo.map((b) => b.company_id), chemicals }
}

// ---- writes --------------------------------------------------------------------------------

export interface PretreatLines {
  chemicals: { product_id: number; cwt: number; quantity_requested: number }[]
  bill_to: number[]
}

/**
 * Makes the pre-treat's chemical lines and billable companies the form's. A line of a product it
 * already had keeps its row (and the sheet's quantity used); lines of other products go.
 */
export async function savePretreatLines(trx: Executor, id: number, lines: PretreatLines): Promise<void> {
  const products = lines.chemicals.map((c) => c.product_id)
  let stale = trx.deleteFrom('pretreat_chemicals').where('pretreat_id', '=', id)
  if (products.length) stale = stale.where('product_id', 'not in', products)
  await stale.execute()
  const kept = await trx.selectFrom('pretreat_chemicals').select(['id', 'product_id']).where('pretreat_id', '=', id).execute()
  for (const line of lines.chemicals) {
    const row = kept.find((k) => k.product_id === line.product_id)
    if (row) await trx.updateTable('pretreat_chemicals').set({ cwt: line.cwt, quantity_requested: line.quantity_requested }).where('id', '=', row.id).execute()
    else
      await trx
        .insertInto('pretreat_chemicals')
        .values({ pretreat_id: id, ...line })
        .execute()
  }
  await trx.deleteFrom('pretreat_bill_to').where('pretreat_id', '=', id).execute()
  if (lines.bill_to.length)
    await trx
      .insertInto('pretreat_bill_to')
      .values(lines.bill_to.map((company_id) => ({ pretreat_id: id, company_id })))
      .execute()
}

export async function updatePretreatFields(trx: Executor, id: number, fields: Updateable<PretreatsTable>): Promise<void> {
  await trx.updateTable('pretreats').set(fields).where('id', '=', id).execute()
}
