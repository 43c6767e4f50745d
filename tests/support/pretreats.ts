// Pre-treats for tests, moved to the stage a test needs through the real workflow
// (runPretreatStep: every step is the machine's and leaves its history row):
//   const pt = await makePretreat(db, { stage: 'assigned', assignTo: applicatorId })
// Stages: staged (as the form saves it), scheduled, assigned, in-progress, to-review (with its pending
// restart), to-review1 (a first-level review), completed (one price line for the owner at the
// application's base price, and its application record kept).
// What it makes when the database has none: a grower with a storage, a user, an applicator with a
// valid licence, and an application of one product.
import { sql, type Insertable } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import type { PretreatsTable } from '#db/schema.ts'
import { savePretreatFlags } from '#db/queries/pretreat-workflow.ts'
import { openRestart } from '#db/queries/restarts.ts'
import { keepApplicationRecord } from '#workflows/application-record.server.ts'
import type { PretreatFormInput } from '#core/schemas/pretreat-form.ts'
import { PretreatReviewSchema } from '#core/schemas/pretreat-review.ts'
import type { Actor } from '#commands/command.ts'
import { sheetPressKey } from '#commands/pretreat-sheet.ts'
import { createPretreat, runPretreatStep, type PretreatSender } from '#workflows/pretreat.server.ts'

/** A test's set-up takes each step as someone who may (a superuser), named in the history or not (id null). */
export const EVERY_RIGHT = { id: null, is_superuser: true, permissions: [] } as const satisfies PretreatSender

export type PretreatStage = 'staged' | 'scheduled' | 'assigned' | 'in-progress' | 'to-review' | 'to-review1' | 'completed'
const ORDER: PretreatStage[] = ['staged', 'scheduled', 'assigned', 'in-progress', 'to-review', 'to-review1', 'completed']

export interface PretreatOverrides extends Partial<Omit<Insertable<PretreatsTable>, 'pre_treat_number' | 'submission_id' | 'status'>> {
  /** where to take it (default: staged) */
  stage?: PretreatStage
  /** the applicator (applicators.id) to assign from the assigned stage on (default: the first applicator) */
  assignTo?: number
  /** the chemical line (default: the application's first product, 1000 cwt, 16.6 requested) */
  cwt?: number
  quantityRequested?: number
  quantityUsed?: number | null
  /** the chemical line's product (default: the application's first) */
  productId?: number
}

export interface MadePretreat {
  id: number
  pre_treat_number: string
  applicator_id: number
  product_id: number
}

async function anyOrMake<T>(find: () => Promise<T | undefined>, make: () => Promise<T>): Promise<T> {
  return (await find()) ?? (await make())
}

/** The first storage, user, applicator and application (with a product), made when there are none. */
export async function pretreatDefaults(db: Executor) {
  const storage = await anyOrMake(
    () => db.selectFrom('storages').select(['id', 'company_id']).orderBy('id').executeTakeFirst(),
    async () => {
      // with an address and GPS, so a completion's application record is complete (workflows/application-record.server.ts)
      const company = await db.insertInto('companies').values({ company_name: 'Pre-Treat Test Farms', address: '1200 N 400 E, Shelley, ID 83274' }).returning('id').executeTakeFirstOrThrow()
      return db
        .insertInto('storages')
        .values({ company_id: company.id, name: 'Pre-Treat Test Cellar', address: '1210 N 400 E, Shelley, ID 83274', gps_lat: '43.38', gps_lng: '-112.12' })
        .returning(['id', 'company_id'])
        .executeTakeFirstOrThrow()
    },
  )
  const user = await anyOrMake(
    () => db.selectFrom('users').select('id').orderBy('id').executeTakeFirst(),
    () => db.insertInto('users').values({ username: 'pt-applicator', password_hash: 'x', first_name: 'Cody', last_name: 'Hansen' }).returning('id').executeTakeFirstOrThrow(),
  )
  const applicator = await anyOrMake(
    () =>
      db
        .selectFrom('applicators')
        .select('id')
        .where('active', '=', true)
        .where(sql<boolean>`expiration > current_date`)
        .orderBy('id')
        .executeTakeFirst(),
    () => {
      const expiration = `${new Date().getFullYear() + 2}-12-31`
      return db
        .insertInto('applicators')
        .values({ user_id: user.id, license: 'ID-PA-TEST-1', expiration })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ license: 'ID-PA-TEST-1', expiration }))
        .returning('id')
        .executeTakeFirstOrThrow()
    },
  )
  const application = await anyOrMake(
    () => db.selectFrom('application_products as ap').select(['ap.application_id as id', 'ap.product_id']).orderBy('ap.application_id').orderBy('ap.position').executeTakeFirst(),
    async () => {
      const product = await db
        .insertInto('products')
        .values({ product_name: 'Test CIPC', registration: 'EPA Reg. No. 0000-1', units: 'gal', ppm: 16.6, ppm_constant: 1000, min_qty: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
      const made = await db.insertInto('applications').values({ name: 'Test Fogging', base_price: '0.0500' }).returning('id').executeTakeFirstOrThrow()
      await db.insertInto('application_products').values({ application_id: made.id, product_id: product.id }).execute()
      return { id: made.id, product_id: product.id }
    },
  )
  return { company_id: storage.company_id, storage_id: storage.id, created_by: user.id, applicator_id: applicator.id, application_id: application.id, product_id: application.product_id }
}

/**
 * The pre-treat form as a user fills it for the defaults' company, storage, applicator and product
 * (1,000 cwt at the product's rate): a new pre-treat, unless the overrides name one to edit.
 */
export function pretreatFormValue(d: Awaited<ReturnType<typeof pretreatDefaults>>, overrides: Partial<PretreatFormInput> = {}): PretreatFormInput {
  return {
    submission_id: crypto.randomUUID(),
    company_id: d.company_id,
    storage_id: d.storage_id,
    bill_to: [],
    bill_to_pick: '',
    void: false,
    void_comments: '',
    recommended_by: d.applicator_id,
    requested_by: 'other',
    other_name: 'Dale Jensen',
    destination: 'Lamb Weston', // the destination makePretreat gives its pre-treats
    variety: 'Russet - Process',
    treated_for: 'Sprouting',
    stock_type: 'Process',
    application_id: d.application_id,
    cwt: '1000',
    chemicals: [{ product_id: d.product_id, cwt: '1000', quantity_requested: 16.6 }],
    message_id: '',
    application_notes: 'Fog through the plenum.',
    purge: false,
    dose_reason: '',
    ...overrides,
  }
}

export async function makePretreat(db: Executor, overrides: PretreatOverrides = {}): Promise<MadePretreat> {
  const { stage = 'staged', assignTo, cwt = 1000, quantityRequested = 16.6, quantityUsed = null, productId, ...values } = overrides
  const d = await pretreatDefaults(db)
  const actorId = values.created_by ?? d.created_by
  const made = await db.transaction().execute(async (trx) => {
    const number = await trx.insertInto('pretreat_numbers').values({ reserved_by: actorId }).returning('label').executeTakeFirstOrThrow()
    const row = {
      submission_id: crypto.randomUUID(),
      pre_treat_number: number.label,
      created_by: d.created_by,
      recommended_by: d.applicator_id,
      other_name: 'Dale Jensen',
      company_id: d.company_id,
      storage_id: d.storage_id,
      application_id: d.application_id,
      application_notes: 'Fog through the main plenum; restart the fans after 24 hours.',
      destination: 'Lamb Weston',
      upcoming: true,
      ...values,
    }
    const { id } = await createPretreat(trx, row, { ...EVERY_RIGHT, id: actorId })
    await trx
      .insertInto('pretreat_chemicals')
      .values({ pretreat_id: id, product_id: productId ?? d.product_id, cwt, quantity_requested: quantityRequested, quantity_used: quantityUsed })
      .execute()
    return { id, pre_treat_number: number.label }
  })
  const reach = ORDER.indexOf(stage)
  const applicator = assignTo ?? d.applicator_id
  const step = (event: Parameters<typeof runPretreatStep>[2], apply?: (trx: Executor) => Promise<void>, id: number | null = actorId) =>
    db.transaction().execute((trx) => runPretreatStep(trx, made.id, event, { actor: { ...EVERY_RIGHT, id }, apply }))
  if (reach >= 1) await step({ type: 'SCHEDULE' }, (trx) => savePretreatFlags(trx, made.id, { upcoming: false }))
  if (reach >= 2) await step({ type: 'ASSIGN', licenceValid: true }, async (trx) => void (await trx.updateTable('pretreats').set({ assigned_to: applicator }).where('id', '=', made.id).execute()))
  if (reach >= 3) await step({ type: 'SAVE' })
  if (reach >= 4)
    await step({ type: 'SUBMIT', complete: true }, async (trx) => {
      await trx.updateTable('pretreats').set({ sheet_submit_id: crypto.randomUUID() }).where('id', '=', made.id).execute()
      await openRestart(trx, made.id)
    })
  // the made-up level-1 review names no one, so any level-2 reviewer of a test may complete it
  // (its maker may not: decision 0078); one actor stands for the level-2 one below
  if (reach >= 5) await step({ type: 'REVIEW', level: 1, reviewedFirst: false }, undefined, null)
  if (reach >= 6)
    await step({ type: 'REVIEW', level: 2, reviewedFirst: false }, async (trx) => {
      const { base_price } = await trx
        .selectFrom('applications')
        .select('base_price')
        .where('id', '=', values.application_id ?? d.application_id)
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('pretreat_prices')
        .values({ pretreat_id: made.id, company_id: values.company_id ?? d.company_id, price: base_price, cwt_share: cwt })
        .execute()
      await keepApplicationRecord(trx, made.id)
    })
  return { ...made, applicator_id: applicator, product_id: productId ?? d.product_id }
}

/** A sheet's observations as the applicator types them (the pile, the temperatures, the storage, the weather): the form's text values. */
export const SHEET_OBSERVATIONS = {
  pile_front: 'Dry',
  pile_middle: 'Damp',
  pile_back: 'Dry',
  sprouting: 'Eyes Open',
  pile_comments: 'Even pile.',
  temps1_front: '45',
  temps1_middle: '46',
  temps1_back: '45.5',
  set_point: '44',
  ducts_open: 'All Open',
  ducts_condition: 'Dry',
  storage_temp_front: '44',
  storage_temp_middle: '44.5',
  storage_temp_back: '45',
  bypass_door: 'Closed',
  coils_covered: 'yes',
  cell_covered: 'no',
  env_temp: '28',
  weather: 'Clear',
  wind_speed: '6',
  wind_direction: 'NW',
  env_comments: 'Calm morning.',
} as const

/**
 * A second-level reviewer's submit of a sheet in to-review1 (makePretreat's stage), filled as the
 * review page posts it: runCommand(db, submitReview, { ...call, then }) completes the pre-treat.
 */
export async function completingReview(db: Executor, pretreatId: number, reviewerId: number) {
  const row = await db.selectFrom('pretreats').select(['version', 'company_id']).where('id', '=', pretreatId).executeTakeFirstOrThrow()
  const line = await db.selectFrom('pretreat_chemicals').select('id').where('pretreat_id', '=', pretreatId).executeTakeFirstOrThrow()
  const truck = await db
    .insertInto('trucks')
    .values({ number: `T-${pretreatId}`, make: 'Ford' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const value = PretreatReviewSchema.parse({
    intent: 'submit',
    version: String(row.version),
    submission_id: crypto.randomUUID(),
    ...SHEET_OBSERVATIONS,
    truck_id: String(truck.id),
    batch_numbers: 'B-1001',
    sampled_by: 'Cody',
    application_date: '2026-11-20',
    start_time: '08:00',
    stop_time: '11:30',
    chemicals: [{ id: String(line.id), quantity_used: '16' }],
    prices: [{ company_id: String(row.company_id), cwt_share: '1000', price: '0.0500' }],
  })
  const actor: Actor = { id: reviewerId, username: 'pt-rev-two', is_superuser: false, permissions: ['api.view_pretreat', 'api.pretreat_reviewer2'] }
  const input = { ...value, pretreat_id: pretreatId }
  return { actor, key: sheetPressKey('submit', input), input }
}
