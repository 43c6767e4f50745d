import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError, ForbiddenError, InputError } from '#core/errors.ts'
import { PRETREAT_FORM_MESSAGES, type PretreatFormInput } from '#core/schemas/pretreat-form.ts'
import { config } from '#core/config.server.ts'
import { pretreatChoices, reservePretreatNumber } from '#db/queries/pretreat-form.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { EVERY_RIGHT, makePretreat, pretreatDefaults, pretreatFormValue } from '../tests/support/pretreats.ts'
import { runPretreatStep } from '#workflows/pretreat.server.ts'
import { CHANGED_MEANWHILE } from '#workflows/transition.server.ts'
import { runCommand } from './command.ts'
import { NOT_EDITABLE, pretreatFormCommand } from './pretreat-form.ts'

let t: TestDatabase
let d: Awaited<ReturnType<typeof pretreatDefaults>>
let otherStorage: number
let billable: number
let expired: number
let limited: { application_id: number; product_id: number }
beforeAll(async () => {
  t = await createTestDatabase()
  d = await pretreatDefaults(t.db)
  const other = await t.db.insertInto('companies').values({ company_name: 'Other Farms' }).returning('id').executeTakeFirstOrThrow()
  billable = other.id
  otherStorage = (await t.db.insertInto('storages').values({ company_id: other.id, name: 'Other Cellar' }).returning('id').executeTakeFirstOrThrow()).id
  const user = await t.db.insertInto('users').values({ username: 'old-licence', password_hash: 'x', first_name: 'Old', last_name: 'Licence' }).returning('id').executeTakeFirstOrThrow()
  expired = (await t.db.insertInto('applicators').values({ user_id: user.id, license: 'ID-OLD', expiration: '2020-01-31' }).returning('id').executeTakeFirstOrThrow()).id
  const product = await t.db
    .insertInto('products')
    .values({ product_name: 'Limited CIPC', units: 'gal', ppm: 16.6, ppm_constant: 1000, min_qty: 0, max_ppm_per_application: 20, max_applications_per_season: 1 })
    .returning('id')
    .executeTakeFirstOrThrow()
  const app = await t.db.insertInto('applications').values({ name: 'Limited Fogging', base_price: '0.05' }).returning('id').executeTakeFirstOrThrow()
  await t.db.insertInto('application_products').values({ application_id: app.id, product_id: product.id }).execute()
  limited = { application_id: app.id, product_id: product.id }
  await t.db
    .insertInto('destinations')
    .values([
      { name: 'Lamb Weston', position: 1 },
      { name: 'Retired Buyer', position: 2, active: false },
    ])
    .execute()
})
afterAll(() => t.drop())

const TODAY = '2026-11-23'

function form(overrides: Partial<PretreatFormInput> = {}): PretreatFormInput {
  return pretreatFormValue(d, { bill_to: [billable], cwt: '12,500', chemicals: [{ product_id: d.product_id, cwt: '12,500', quantity_requested: 1 }], ...overrides })
}

const command = pretreatFormCommand({ today: () => TODAY })
const save = (value: PretreatFormInput, actor = d.created_by) =>
  runCommand(t.db, command, { actor: { id: actor, username: 'u', is_superuser: false, permissions: ['api.add_pretreat'] }, key: value.submission_id, input: value })
const row = (id: number) => t.db.selectFrom('pretreats').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const history = (id: number) => t.db.selectFrom('workflow_events').select(['event', 'to_state']).where('entity', '=', 'pretreat').where('entity_id', '=', id).orderBy('id').execute()
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('pretreats')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  )

describe("the pre-treat form's save: a new pre-treat", () => {
  it('makes it staged with the CREATE history row, the reserved number used, its chemical line worked out and its billable company', async () => {
    const number = await reservePretreatNumber(t.db, d.created_by)
    // opening the form again (a reload, a GET) offers the same number, not another
    expect(await reservePretreatNumber(t.db, d.created_by)).toBe(number)
    const value = form()
    const { id, list } = await save(value)
    expect(list).toBe('staged')
    expect(await row(id)).toMatchObject({ status: 'pending', upcoming: true, pre_treat_number: number, other_name: 'Dale Jensen', requested_by: null, application_notes: 'Fog through the plenum.' })
    expect(await history(id)).toEqual([{ event: 'CREATE', to_state: 'pending' }])
    // the line's typed quantity was for this cwt, so it stays as typed
    const lines = await t.db.selectFrom('pretreat_chemicals').select(['product_id', 'cwt', 'quantity_requested']).where('pretreat_id', '=', id).execute()
    expect(lines.map((l) => [l.product_id, Number(l.cwt), Number(l.quantity_requested)])).toEqual([[d.product_id, 12500, 1]])
    expect(await t.db.selectFrom('pretreat_bill_to').select('company_id').where('pretreat_id', '=', id).execute()).toEqual([{ company_id: billable }])
    // the number is used: the next form gets another
    expect(await reservePretreatNumber(t.db, d.created_by)).not.toBe(number)
  })

  it('works a line out again when its quantity was for another cwt', async () => {
    const { id } = await save(form({ cwt: '2,000', chemicals: [{ product_id: d.product_id, cwt: '1000', quantity_requested: 1 }] }))
    const line = await t.db.selectFrom('pretreat_chemicals').select(['cwt', 'quantity_requested']).where('pretreat_id', '=', id).executeTakeFirstOrThrow()
    expect([Number(line.cwt), Number(line.quantity_requested)]).toEqual([2000, 33.2])
  })

  it('makes one pre-treat of a form sent twice', async () => {
    const value = form()
    const before = await count()
    const first = await save(value)
    const again = await save(value)
    // the same answer as the first (runCommand keeps it for the key), not a "created: false" of its own
    expect(again).toEqual(first)
    expect(await count()).toBe(before + 1)
  })

  it('refuses an applicator whose licence is expired on the day, and a storage of another company, saving nothing', async () => {
    const before = await count()
    expect(await refusal(save(form({ recommended_by: expired })))).toEqual(new InputError({ recommended_by: PRETREAT_FORM_MESSAGES.licence }))
    expect(await refusal(save(form({ storage_id: otherStorage })))).toEqual(new InputError({ storage_id: PRETREAT_FORM_MESSAGES.storage }))
    expect(await count()).toBe(before)
  })

  it('never bills the service company itself: not offered, and refused by id, saving nothing', async () => {
    const own =
      (await t.db.selectFrom('companies').select('id').where('company_name', '=', config().COMPANY_NAME).executeTakeFirst())?.id ??
      (await t.db.insertInto('companies').values({ company_name: config().COMPANY_NAME }).returning('id').executeTakeFirstOrThrow()).id
    const offered = (await pretreatChoices(t.db, d.company_id)).companies.map((c) => c.id)
    expect(offered).toContain(billable)
    expect(offered).not.toContain(own)
    const before = await count()
    expect(await refusal(save(form({ bill_to: [own] })))).toEqual(new InputError({ bill_to: PRETREAT_FORM_MESSAGES.billToService }))
    expect(await refusal(save(form({ bill_to: [billable, own] })))).toEqual(new InputError({ bill_to: PRETREAT_FORM_MESSAGES.billToService }))
    expect(await count()).toBe(before)
  })

  it('refuses a pre-treat without a destination, or with one not offered, saving nothing (decision 0049)', async () => {
    const before = await count()
    expect(await refusal(save(form({ destination: '' })))).toEqual(new InputError({ destination: PRETREAT_FORM_MESSAGES.destination }))
    expect(await refusal(save(form({ destination: 'Retired Buyer' })))).toEqual(new InputError({ destination: PRETREAT_FORM_MESSAGES.destination }))
    expect(await count()).toBe(before)
  })

  it('asks for a reason when the dose passes the label, and stores the warning with the reason', async () => {
    // 700 gal for 30,000 cwt is 23.3 ppm, above the label's 20
    const value = form({ application_id: limited.application_id, cwt: '30000', chemicals: [{ product_id: limited.product_id, cwt: '30000', quantity_requested: 700 }] })
    const error = await refusal(save(value))
    expect(error).toEqual(
      new InputError({ dose_reason: "Limited CIPC is over the label's limit: 23.3333 ppm planned, the label allows at most 20 ppm per application. Give a reason to save it anyway." }),
    )
    const { id } = await save({ ...value, dose_reason: 'Heavy sprouting last season; agronomist signed off.' })
    const saved = await row(id)
    expect(saved.dose_reason).toBe('Heavy sprouting last season; agronomist signed off.')
    expect(saved.dose_warnings).toEqual([{ kind: 'rate', message: expect.stringContaining("over the label's limit: 23.3333 ppm planned, the label allows at most 20 ppm") }])
    // the season's one application is used up: the next one at this storage warns of the season
    const next = await refusal(save(form({ application_id: limited.application_id, chemicals: [{ product_id: limited.product_id, cwt: '12,500', quantity_requested: 100 }] })))
    expect(next).toBeInstanceOf(InputError)
    expect((next as InputError).fieldErrors.dose_reason).toMatch(
      /over the label's limit: this storage has had 1 application in the .* season, the label allows at most 1 per season\. Give a reason to save it anyway\.$/,
    )
  })
})

describe("the pre-treat form's save: the storage's season (decision 0063)", () => {
  it('names every season limit this application would pass, asks for a reason, and stores each warning with it', async () => {
    const product = await t.db
      .insertInto('products')
      .values({
        product_name: 'Seasoned CIPC',
        units: 'gal',
        ppm_constant: 1000,
        per: null,
        min_qty: 0,
        max_total_per_season: 0.05,
        min_days_between: 21,
        min_days_before_removal: 14,
        not_for_seed: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const app = await t.db.insertInto('applications').values({ name: 'Seasoned Fogging', base_price: '0.05' }).returning('id').executeTakeFirstOrThrow()
    await t.db.insertInto('application_products').values({ application_id: app.id, product_id: product.id }).execute()
    // applied 13 days before: 40 gal on 1,000 cwt, 0.04 of the label's 0.05 gal per cwt
    await makePretreat(t.db, { stage: 'to-review', application_date: '2026-11-10', productId: product.id, cwt: 1000, quantityUsed: 40 })
    await t.db.updateTable('storages').set({ seed: true, planned_removal: '2026-12-01' }).where('id', '=', d.storage_id).execute()
    try {
      // 200 gal on 12,500 cwt adds 0.016
      const value = form({ application_id: app.id, chemicals: [{ product_id: product.id, cwt: '12,500', quantity_requested: 200 }] })
      const error = await refusal(save(value))
      expect(error).toBeInstanceOf(InputError)
      const message = (error as InputError).fieldErrors.dose_reason!
      expect(message).toContain("Seasoned CIPC is over the label's season total: with this application the storage would have 0.056 gal per cwt")
      expect(message).toContain('applied here on 2026-11-10, the label asks 21 days between applications')
      expect(message).toContain('removal is planned for 2026-12-01, the label asks 14 days after an application (the crop could leave from 2026-12-07)')
      expect(message).toContain('Seasoned CIPC is not for seed potatoes, and this storage holds seed.')
      const { id } = await save({ ...value, dose_reason: 'Grower moves the crop to processing; agronomist agreed.' })
      expect(((await row(id)).dose_warnings as { kind: string }[]).map((w) => w.kind)).toEqual(['total', 'interval', 'removal', 'seed'])
    } finally {
      await t.db.updateTable('storages').set({ seed: false, planned_removal: null }).where('id', '=', d.storage_id).execute()
    }
  })
})

describe("the pre-treat form's save: an edit", () => {
  it('saves on the version shown (EDIT row) and refuses an edit based on an older version', async () => {
    const pt = await makePretreat(t.db)
    const { version } = await row(pt.id)
    await save(form({ pretreat_id: pt.id, version, application_notes: 'Changed notes.' }))
    expect(await row(pt.id)).toMatchObject({ application_notes: 'Changed notes.', version: version + 1 })
    expect((await history(pt.id)).at(-1)).toEqual({ event: 'EDIT', to_state: 'pending' })
    const stale = await refusal(save(form({ pretreat_id: pt.id, version, application_notes: 'Older edit.' })))
    expect(stale).toEqual(new ConflictError(CHANGED_MEANWHILE))
    expect((await row(pt.id)).application_notes).toBe('Changed notes.')
  })

  it('saves an edit sent twice once', async () => {
    const pt = await makePretreat(t.db)
    const { version } = await row(pt.id)
    const value = form({ pretreat_id: pt.id, version })
    await save(value)
    await save(value)
    expect((await history(pt.id)).filter((e) => e.event === 'EDIT')).toHaveLength(1)
  })

  it('refuses void without notes; voids with notes; unvoids', async () => {
    const pt = await makePretreat(t.db)
    const { version } = await row(pt.id)
    expect(await refusal(save(form({ pretreat_id: pt.id, version, void: true, void_comments: ' ' })))).toEqual(new InputError({ void_comments: PRETREAT_FORM_MESSAGES.voidNotes }))
    expect((await row(pt.id)).void).toBe(false)
    await save(form({ pretreat_id: pt.id, version, void: true, void_comments: 'Grower sold the pile.' }))
    expect(await row(pt.id)).toMatchObject({ void: true, void_comments: 'Grower sold the pile.' })
    expect((await history(pt.id)).map((e) => e.event)).toEqual(['CREATE', 'EDIT', 'VOID'])
    await save(form({ pretreat_id: pt.id, version: (await row(pt.id)).version, void: false }))
    expect((await row(pt.id)).void).toBe(false)
    expect((await history(pt.id)).map((e) => e.event).slice(-2)).toEqual(['EDIT', 'UNVOID'])
  })

  it('keeps the sheet’s quantity used of a product it keeps', async () => {
    const pt = await makePretreat(t.db, { quantityUsed: 15 })
    await save(form({ pretreat_id: pt.id, version: (await row(pt.id)).version, cwt: '1000', chemicals: [{ product_id: d.product_id, cwt: '1000', quantity_requested: 17 }] }))
    const line = await t.db.selectFrom('pretreat_chemicals').select(['quantity_requested', 'quantity_used']).where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
    expect([Number(line.quantity_requested), Number(line.quantity_used)]).toEqual([17, 15])
  })

  it('refuses to edit a completed pre-treat, changing nothing', async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review1' })
    await t.db.transaction().execute((trx) => runPretreatStep(trx, pt.id, { type: 'REVIEW', level: 2, reviewedFirst: false }, { actor: { ...EVERY_RIGHT, id: d.created_by } }))
    const before = await row(pt.id)
    expect(before.status).toBe('completed')
    expect(await refusal(save(form({ pretreat_id: pt.id, version: before.version, application_notes: 'Too late.' })))).toEqual(new ConflictError(NOT_EDITABLE))
    expect((await row(pt.id)).application_notes).toBe(before.application_notes)
  })
})

describe("the pre-treat form's save: who", () => {
  it('refuses a new pre-treat, an edit and a void to one without api.add_pretreat (the machine’s guard), saving nothing', async () => {
    const assigner = { id: d.created_by, username: 'assigner', is_superuser: false, permissions: ['api.pretreat_assigner' as const] }
    const as = (value: PretreatFormInput) => runCommand(t.db, command, { actor: assigner, key: value.submission_id, input: value })
    const before = await count()
    expect(await refusal(as(form()))).toBeInstanceOf(ForbiddenError)
    expect(await count()).toBe(before)
    const pt = await makePretreat(t.db)
    const { version } = await row(pt.id)
    expect(await refusal(as(form({ pretreat_id: pt.id, version, application_notes: 'Not mine to change.' })))).toBeInstanceOf(ForbiddenError)
    expect(await refusal(as(form({ pretreat_id: pt.id, version, void: true, void_comments: 'Not mine to call off.' })))).toBeInstanceOf(ForbiddenError)
    expect(await row(pt.id)).toMatchObject({ version, void: false })
  })
})
