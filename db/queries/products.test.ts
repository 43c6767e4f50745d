// Products, applications and applicators against a real PostgreSQL: a form sent twice saves once
// (even at the same moment), duplicates and unknown chemicals are refused with their field's
// message, and nothing is saved then.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPLICATOR_MESSAGES, type ApplicatorInput } from '#core/schemas/applicator.ts'
import { APPLICATION_MESSAGES, PRODUCT_MESSAGES, type ApplicationInput, type ProductInput } from '#core/schemas/product.ts'
import { countRows, createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { refusedFields } from '../../tests/support/refusals.ts'
import { saveApplicator as saveApplicatorCommand } from '#commands/applicators.ts'
import { applicatorCandidates, applicatorForEdit } from './applicators.ts'
import { runCommand, type Actor } from '#commands/command.ts'
import { saveApplication as saveApplicationCommand, saveProduct as saveProductCommand } from '#commands/products.ts'
import { applicationForEdit, productForEdit } from './products.ts'

let t: TestDatabase

/** The product and application forms' saves (commands/products.ts), keyed by the form's submission id; each returns the record's id. */
const admin: Actor = { id: 0, username: 'admin', is_superuser: true, permissions: [] }
const saveProduct = async (value: ProductInput) => (await runCommand(t.db, saveProductCommand, { actor: admin, key: value.submission_id, input: value })).id
const saveApplicator = async (value: ApplicatorInput) => (await runCommand(t.db, saveApplicatorCommand, { actor: admin, key: value.submission_id, input: value })).id
const saveApplication = async (value: ApplicationInput) => (await runCommand(t.db, saveApplicationCommand, { actor: admin, key: value.submission_id, input: value })).id

beforeAll(async () => {
  t = await createTestDatabase()
  admin.id = (await t.db.insertInto('users').values({ username: 'admin', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id
})
afterAll(() => t.drop())

const product = (name: string, more: Partial<ProductInput> = {}): ProductInput => ({
  submission_id: randomUUID(),
  product_name: name,
  registration: '5481-433',
  units: 'oz',
  ppm: 16.6,
  ppm_constant: 84000,
  min_qty: 32,
  max_total_basis: 'cwt',
  not_for_seed: false,
  supplier: '',
  active: true,
  ...more,
})

describe('the product save', () => {
  it('adds once when the same form is sent twice at the same moment, and reads back as typed', async () => {
    const form = product('CIPC Aerosol 98', {
      max_ppm_per_application: 22,
      max_applications_per_season: 3,
      max_total_per_season: 1.2,
      max_total_basis: 'ton',
      min_days_between: 21,
      min_days_before_removal: 14,
      reentry_hours: 24,
      not_for_seed: true,
      supplier: 'AMVAC',
    })
    const before = await countRows(t.db, 'products')
    const [a, b] = await Promise.all([saveProduct(form), saveProduct(form)])
    expect(a).toBe(b)
    expect(await countRows(t.db, 'products')).toBe(before + 1)
    expect(await productForEdit(t.db, a)).toMatchObject({
      product_name: 'CIPC Aerosol 98',
      ppm: '16.6',
      ppm_constant: '84000',
      per: null,
      min_qty: '32',
      max_ppm_per_application: '22',
      max_applications_per_season: 3,
      max_total_per_season: '1.2',
      max_total_basis: 'ton',
      min_days_between: 21,
      min_days_before_removal: 14,
      reentry_hours: '24',
      not_for_seed: true,
      supplier: 'AMVAC',
    })
  })

  it('refuses a name another product has (case ignored), on add and on edit', async () => {
    await saveProduct(product('Sprout Stop'))
    const other = await saveProduct(product('Sprout Go'))
    const before = await countRows(t.db, 'products')
    expect(await refusedFields(saveProduct(product('SPROUT STOP')))).toEqual({ product_name: PRODUCT_MESSAGES.duplicate })
    expect(await refusedFields(saveProduct(product('sprout stop', { product_id: other })))).toEqual({ product_name: PRODUCT_MESSAGES.duplicate })
    expect(await countRows(t.db, 'products')).toBe(before)
    expect((await productForEdit(t.db, other))?.product_name).toBe('Sprout Go')
  })

  it('edits and deactivates', async () => {
    const id = await saveProduct(product('Old Name'))
    await saveProduct(product('New Name', { product_id: id, ppm: undefined, ppm_constant: undefined, per: 1000, converter: 12.8, units: 'gal', active: false }))
    expect(await productForEdit(t.db, id)).toMatchObject({ product_name: 'New Name', units: 'gal', ppm: null, per: '1000', converter: '12.8', active: false })
  })
})

describe('the application save', () => {
  let a: number
  let b: number
  beforeAll(async () => {
    a = await saveProduct(product('Chem A'))
    b = await saveProduct(product('Chem B'))
  })
  const application = (name: string, productIds: number[], more: Partial<ApplicationInput> = {}): ApplicationInput => ({
    submission_id: randomUUID(),
    name,
    base_price: 0.0425,
    active: true,
    products: productIds.map((product_id) => ({ product_id })),
    ...more,
  })

  it('adds once when sent twice, with its chemicals in order; an edit replaces them', async () => {
    const form = application('Thermal Fog', [b, a])
    const before = await countRows(t.db, 'application_products')
    const [first, second] = await Promise.all([saveApplication(form), saveApplication(form)])
    expect(first).toBe(second)
    expect(await countRows(t.db, 'application_products')).toBe(before + 2)
    expect(await applicationForEdit(t.db, first)).toEqual({ id: first, name: 'Thermal Fog', base_price: '0.0425', active: true, products: [{ product_id: b }, { product_id: a }] })
    await saveApplication(application('Thermal Fog', [a], { application_id: first, base_price: 0.05 }))
    expect(await applicationForEdit(t.db, first)).toMatchObject({ base_price: '0.05', products: [{ product_id: a }] })
  })

  it('refuses a duplicate name, no chemicals, an unknown or inactive product, a chemical twice, saving nothing', async () => {
    await saveApplication(application('Hot Fog', [a]))
    const inactive = await saveProduct(product('Chem Gone', { active: false }))
    const before = [await countRows(t.db, 'applications'), await countRows(t.db, 'application_products')]
    expect(await refusedFields(saveApplication(application('HOT FOG', [a])))).toEqual({ name: APPLICATION_MESSAGES.duplicate })
    expect(await refusedFields(saveApplication(application('No Chems', [])))).toEqual({ products: APPLICATION_MESSAGES.noChemicals })
    expect(await refusedFields(saveApplication(application('Unknown Chem', [a, 987654])))).toEqual({ products: PRODUCT_MESSAGES.unknown })
    expect(await refusedFields(saveApplication(application('Inactive Chem', [inactive])))).toEqual({ products: PRODUCT_MESSAGES.unknown })
    expect(await refusedFields(saveApplication(application('Twice Chem', [a, a])))).toEqual({ products: APPLICATION_MESSAGES.twice })
    expect([await countRows(t.db, 'applications'), await countRows(t.db, 'application_products')]).toEqual(before)
  })

  it('keeps a deactivated product on the application that already has it', async () => {
    const c = await saveProduct(product('Chem C'))
    const id = await saveApplication(application('Keeps C', [c]))
    await saveProduct(product('Chem C', { product_id: c, active: false }))
    await saveApplication(application('Keeps C', [c], { application_id: id, base_price: 1 }))
    expect(await applicationForEdit(t.db, id)).toMatchObject({ base_price: '1', products: [{ product_id: c }] })
  })
})

describe('the applicator save', () => {
  const applicator = (userId: number, more: Partial<ApplicatorInput> = {}): ApplicatorInput => ({
    submission_id: randomUUID(),
    user_id: userId,
    license: 'ID-PA-1',
    expiration: '2098-12-31',
    active: true,
    ...more,
  })
  const newUser = async (username: string, active = true) =>
    (await t.db.insertInto('users').values({ username, password_hash: 'x', first_name: 'Cody', last_name: username, is_active: active }).returning('id').executeTakeFirstOrThrow()).id

  it('adds once when sent twice; the user is then no longer offered; a second add of that user is refused', async () => {
    const user = await newUser('cody')
    expect((await applicatorCandidates(t.db)).map((u) => u.id)).toContain(user)
    const form = applicator(user)
    const [a, b] = await Promise.all([saveApplicator(form), saveApplicator(form)])
    expect(a).toBe(b)
    expect((await applicatorCandidates(t.db)).map((u) => u.id)).not.toContain(user)
    const before = await countRows(t.db, 'applicators')
    expect(await refusedFields(saveApplicator(applicator(user, { license: 'OTHER' })))).toEqual({ user_id: APPLICATOR_MESSAGES.already })
    expect(await countRows(t.db, 'applicators')).toBe(before)
    expect(await applicatorForEdit(t.db, a)).toMatchObject({ user_id: user, name: 'Cody cody', license: 'ID-PA-1', expiration: '2098-12-31' })
  })

  it('refuses an inactive user; an edit keeps the user and may deactivate', async () => {
    const gone = await newUser('gone', false)
    expect((await applicatorCandidates(t.db)).map((u) => u.id)).not.toContain(gone)
    expect(await refusedFields(saveApplicator(applicator(gone)))).toEqual({ user_id: APPLICATOR_MESSAGES.user })
    const user = await newUser('edited')
    const id = await saveApplicator(applicator(user))
    await saveApplicator({ submission_id: randomUUID(), applicator_id: id, license: 'ID-PA-2', expiration: '2001-01-01', active: false })
    expect(await applicatorForEdit(t.db, id)).toMatchObject({ user_id: user, license: 'ID-PA-2', expiration: '2001-01-01', active: false })
  })
})
