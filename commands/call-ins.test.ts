import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ForbiddenError, InputError } from '#core/errors.ts'
import type { CallInInput } from '#core/schemas/call-in.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { createCallIn } from './call-ins.ts'
import { runCommand } from './command.ts'

let t: TestDatabase
let userId: number
let acme: { id: number }, other: { id: number }
let silo: { id: number }, otherSilo: { id: number }
let job: { id: number }

beforeAll(async () => {
  t = await createTestDatabase()
  const db = t.db
  userId = (await db.insertInto('users').values({ username: 'caller', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id
  ;[acme, other] = (await db
    .insertInto('companies')
    .values([{ company_name: 'Acme Farms' }, { company_name: 'Other Farms' }])
    .returning('id')
    .execute()) as [{ id: number }, { id: number }]
  silo = await db.insertInto('storages').values({ company_id: acme.id, name: 'Cellar 1' }).returning('id').executeTakeFirstOrThrow()
  otherSilo = await db.insertInto('storages').values({ company_id: other.id, name: 'Cellar 9' }).returning('id').executeTakeFirstOrThrow()
  job = await db.insertInto('jobs').values({ name: 'J-2026-001', company_id: acme.id, storage_id: silo.id }).returning('id').executeTakeFirstOrThrow()
})
afterAll(() => t.drop())

const base = () => ({
  submission_id: crypto.randomUUID(),
  requested_by: 'Dale',
  call_in_date: '2026-11-20',
  description: 'Fan 3 rattles',
  got_it: true,
})

/** The call form's save: the command, keyed by the form's submission id. */
const submitCallIn = (input: CallInInput) =>
  runCommand(t.db, createCallIn, { actor: { id: userId, username: 'caller', is_superuser: false, permissions: ['api.add_callin'] }, key: input.submission_id, input })

const countCalls = async () =>
  (
    await t.db
      .selectFrom('call_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n

describe('createCallIn', () => {
  it('refuses a call from one who may not log calls (the machine’s guard), saving nothing', async () => {
    const before = await countCalls()
    const input = { ...base(), company_id: acme.id, storage_id: silo.id }
    const office = { id: userId, username: 'office', is_superuser: false, permissions: ['api.view_callin' as const] }
    await expect(runCommand(t.db, createCallIn, { actor: office, key: input.submission_id, input })).rejects.toBeInstanceOf(ForbiddenError)
    expect(await countCalls()).toBe(before)
  })

  it('saves a company-path call and records the transition in the workflow history', async () => {
    const saved = await submitCallIn({ ...base(), company_id: acme.id, storage_id: silo.id })
    const row = await t.db.selectFrom('call_ins').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ company_id: acme.id, storage_id: silo.id, job_id: null, created_by: userId, got_it: true, description: 'Fan 3 rattles' })
    const events = await t.db.selectFrom('workflow_events').selectAll().where('entity', '=', 'call_in').where('entity_id', '=', saved.id).execute()
    expect(events).toEqual([expect.objectContaining({ from_state: 'details', event: 'SUBMIT', to_state: 'submitted', actor_id: userId })])
  })

  it('saves a job-path call with the job, its company and storage', async () => {
    const saved = await submitCallIn({ ...base(), company_id: acme.id, storage_id: silo.id, job_id: job.id })
    const row = await t.db.selectFrom('call_ins').select(['job_id', 'company_id', 'storage_id']).where('id', '=', saved.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ job_id: job.id, company_id: acme.id, storage_id: silo.id })
  })

  it('creates one call when the same form is sent twice', async () => {
    const input = { ...base(), company_id: acme.id, storage_id: silo.id }
    const before = await countCalls()
    const [first, second] = await Promise.all([submitCallIn(input), submitCallIn(input)])
    expect(second).toEqual(first)
    expect(await countCalls()).toBe(before + 1)
  })

  it("refuses a storage that is not the company's, and changes nothing", async () => {
    const before = await countCalls()
    const attempt = submitCallIn({ ...base(), company_id: acme.id, storage_id: otherSilo.id })
    await expect(attempt).rejects.toBeInstanceOf(InputError)
    await expect(attempt).rejects.toMatchObject({ fieldErrors: { storage_id: "That storage is not one of this customer's storages." } })
    expect(await countCalls()).toBe(before)
  })

  it('refuses a job whose company or storage is not the one sent', async () => {
    const attempt = submitCallIn({ ...base(), company_id: other.id, storage_id: otherSilo.id, job_id: job.id })
    await expect(attempt).rejects.toMatchObject({ fieldErrors: { job_id: "That job's customer and storage do not match the ones sent." } })
  })

  it('refuses an unknown job or storage id', async () => {
    await expect(submitCallIn({ ...base(), company_id: acme.id, storage_id: silo.id, job_id: 999_999 })).rejects.toMatchObject({ fieldErrors: { job_id: 'Choose a job number from the list.' } })
    await expect(submitCallIn({ ...base(), company_id: acme.id, storage_id: 999_999 })).rejects.toMatchObject({ fieldErrors: { storage_id: 'Choose a storage.' } })
  })
})
