// The records a test makes (records.ts), on an empty migrated database: each helper's rows are
// ones the database accepts, each with a name of its own; a made user signs in with the demo
// password and holds the rights asked; a pre-treat is at its own place, by its own applicator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '#core/password.server.ts'
import { heldPermissions } from '#db/queries/users.ts'
import { DEMO_PASSWORD } from './browser.ts'
import { createTestDatabase, type TestDatabase } from './db.ts'
import { makeCallIn, makeGrower, makeInteraction, makeJob, makePart, makeProduct, makeReceipt, makeStorageCheck, makeTestPretreat, makeUser } from './records.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.drop())

describe('records a test makes', () => {
  it('a user with the rights asked, who signs in with the demo password, an applicator when asked', async () => {
    const user = await makeUser(t.db, { permissions: ['api.view_storage'], applicator: true })
    const row = await t.db.selectFrom('users').select(['username', 'password_hash', 'company_id']).where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ username: user.username, company_id: null })
    expect(await verifyPassword(DEMO_PASSWORD, row.password_hash)).toBe(true)
    expect(await heldPermissions(t.db, user.id)).toEqual(['api.view_storage'])
    const applicator = await t.db.selectFrom('applicators').select('user_id').where('id', '=', user.applicatorId!).executeTakeFirstOrThrow()
    expect(applicator.user_id).toBe(user.id)
    expect((await makeUser(t.db)).username).not.toBe(user.username)
  })

  it('growers, jobs, calls, parts, products, checks, receipts and notes, each of its own name, at the place given', async () => {
    const [grower, other] = [await makeGrower(t.db), await makeGrower(t.db)]
    expect(grower.name).not.toBe(other.name)
    expect(grower.contact.name).not.toBe(other.contact.name)
    const job = await makeJob(t.db, { company_id: grower.id })
    expect(job.company_id).toBe(grower.id)
    const call = await makeCallIn(t.db, { storage_id: job.storage_id })
    expect(call).toMatchObject({ company_id: grower.id, storage_id: job.storage_id })
    expect((await makePart(t.db)).part_number).not.toBe((await makePart(t.db)).part_number)
    const product = await makeProduct(t.db, { application: true })
    expect(await t.db.selectFrom('application_products').select('product_id').where('application_id', '=', product.application_id!).execute()).toEqual([{ product_id: product.id }])
    const author = await makeUser(t.db)
    const check = await makeStorageCheck(t.db, { created_by: author.id, storage_id: job.storage_id })
    expect(check.storage_id).toBe(job.storage_id)
    await makeReceipt(t.db, { created_by: author.id })
    await makeInteraction(t.db, grower, author.id)
  })

  it('a pre-treat at the stage asked, at a storage of its own, assigned to an applicator of its own', async () => {
    const [a, b] = [await makeTestPretreat(t.db, { stage: 'assigned' }), await makeTestPretreat(t.db)]
    const row = await t.db.selectFrom('pretreats').select(['status', 'assigned_to', 'storage_id']).where('id', '=', a.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'assigned', assigned_to: a.applicator.applicatorId, storage_id: a.storage_id })
    expect(b.storage_id).not.toBe(a.storage_id)
    expect(b.applicator.id).not.toBe(a.applicator.id)
  })
})
