import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InputError } from '#core/errors.ts'
import type { ReceiptInput } from '#core/schemas/receipt.ts'
import { receiptDetail } from '#db/queries/receipts.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { makeServiceSheet } from '../tests/support/service-sheets.ts'
import { runCommand, type Actor } from './command.ts'
import { createReceipt } from './receipts.ts'

let t: TestDatabase
let tech: Actor
let truck: number
let sheet: { id: number; service_sheet_number: number }
let otherSheet: { id: number; service_sheet_number: number }

beforeAll(async () => {
  t = await createTestDatabase()
  const { id } = await t.db.insertInto('users').values({ username: 'tech', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()
  tech = { id, username: 'tech', is_superuser: false, permissions: ['api.add_receipt'] }
  const [snake, teton] = await t.db
    .insertInto('companies')
    .values([{ company_name: 'Snake River Farms' }, { company_name: 'Teton Valley' }])
    .returning(['id'])
    .execute()
  const [cellar, barn] = await t.db
    .insertInto('storages')
    .values([
      { company_id: snake!.id, name: 'North Cellar' },
      { company_id: teton!.id, name: 'Barn' },
    ])
    .returning(['id'])
    .execute()
  await t.db
    .insertInto('jobs')
    .values([
      { name: 'J-1', company_id: snake!.id, storage_id: cellar!.id },
      { name: 'J-2', company_id: teton!.id, storage_id: barn!.id },
    ])
    .execute()
  truck = (await t.db.insertInto('trucks').values({ make: 'Ram', model: '3500', number: 'T-102' }).returning('id').executeTakeFirstOrThrow()).id
  sheet = await makeServiceSheet(t.db, { company_id: snake!.id, storage_id: cellar!.id, created_by: tech.id })
  otherSheet = await makeServiceSheet(t.db, { company_id: teton!.id, storage_id: barn!.id, created_by: tech.id })
})
afterAll(() => t.drop())

/** The receipt form's save: the command, keyed by the form's submission id. */
const save = (value: ReceiptInput) => runCommand(t.db, createReceipt, { actor: tech, key: value.submission_id, input: value })

function input(values: Partial<ReceiptInput>): ReceiptInput {
  return { submission_id: crypto.randomUUID(), type: 'Parts', date: '2026-11-03', location: 'Grainger', total_amount: 12.5, event: '', customer: '', job: '', images: [], images_ids: [], ...values }
}

async function refusal(values: Partial<ReceiptInput>): Promise<Record<string, string>> {
  const before = await t.db
    .selectFrom('receipts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  const error = await save(input(values)).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(InputError)
  const after = await t.db
    .selectFrom('receipts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  expect(after.n).toBe(before.n)
  return (error as InputError).fieldErrors
}

describe('createReceipt', () => {
  it('saves each type with only its own block, read back by receiptDetail', async () => {
    const fuel = await save(input({ type: 'Fuel', truck_id: truck, mileage: 120433, customer: 'Snake River Farms', event: 'ignored' }))
    expect(await receiptDetail(t.db, fuel.id)).toMatchObject({
      type: 'Fuel',
      truck: 'Ram 3500 T-102',
      mileage: '120433.0',
      customer_name: null,
      event: '',
      category: null,
      total_amount: '12.50',
      images: [],
    })
    const meal = await save(input({ type: 'Expenses', category: 'Food', customer: 'Snake River Farms', event: 'Grower lunch', truck_id: truck }))
    expect(await receiptDetail(t.db, meal.id)).toMatchObject({ type: 'Expenses', truck: null, mileage: null, customer_name: 'Snake River Farms', event: 'Grower lunch', category: 'Food' })
    const part = await save(input({ customer: 'Snake River Farms', job: 'J-1', service_sheet: sheet.service_sheet_number }))
    expect(await receiptDetail(t.db, part.id)).toMatchObject({ type: 'Parts', customer_name: 'Snake River Farms', job_name: 'J-1', service_sheet_number: sheet.service_sheet_number })
  })

  it('creates one receipt for a form sent twice, one after the other or at once', async () => {
    const once = input({ location: `Twice ${Date.now()}` })
    const first = await save(once)
    expect(await save(once)).toEqual(first)
    const racing = input({ location: `At once ${Date.now()}` })
    const answers = await Promise.all([save(racing), save(racing)])
    expect(answers[1]).toEqual(answers[0])
    expect(await t.db.selectFrom('receipts').select('id').where('location', 'in', [once.location, racing.location]).execute()).toHaveLength(2)
  })

  it('refuses an unknown truck, customer, job or sheet, each on its field, saving nothing', async () => {
    expect(await refusal({ type: 'Fuel', truck_id: 999_999, mileage: 1 })).toEqual({ truck_id: 'Choose a truck from the list.' })
    expect(await refusal({ type: 'Expenses', category: 'Food', customer: 'Nobody Farms', event: 'Lunch' })).toEqual({ customer: 'Choose a customer from the list.' })
    expect(await refusal({ customer: 'Nobody Farms', job: 'J-404', service_sheet: 999_999 })).toEqual({
      customer: 'Choose a customer from the list.',
      job: 'Choose a job number from the list.',
      service_sheet: 'No service sheet has that number.',
    })
  })

  it("refuses a job or a sheet that is not the chosen customer's, and takes them without a customer", async () => {
    expect(await refusal({ customer: 'Snake River Farms', job: 'J-2', service_sheet: otherSheet.service_sheet_number })).toEqual({
      job: "That job is not one of this customer's jobs.",
      service_sheet: "That service sheet is not this customer's.",
    })
    const loose = await save(input({ job: 'J-2', service_sheet: otherSheet.service_sheet_number }))
    expect(await receiptDetail(t.db, loose.id)).toMatchObject({ customer_name: null, job_name: 'J-2', service_sheet_number: otherSheet.service_sheet_number })
  })
})
