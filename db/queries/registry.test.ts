import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import type { z } from 'zod'
import { runCommand, type Command } from '#commands/command.ts'
import { saveJob as saveJobCommand, savePart as savePartCommand, saveTruck as saveTruckCommand } from '#commands/registry.ts'
import { companyByName, jobById, jobByName, jobForEdit, recordByName, storageById } from './registry.ts'

let t: TestDatabase
let acme: { id: number }
let silo: { id: number }

beforeAll(async () => {
  t = await createTestDatabase()
  acme = await t.db.insertInto('companies').values({ company_name: 'Acme Farms' }).returning('id').executeTakeFirstOrThrow()
  silo = await t.db.insertInto('storages').values({ company_id: acme.id, name: 'Cellar 1' }).returning('id').executeTakeFirstOrThrow()
  await t.db.insertInto('jobs').values({ name: 'J-2026-001', company_id: acme.id, storage_id: silo.id }).execute()
})
afterAll(() => t.drop())

describe('look-ups by what the URL or a form names', () => {
  it('find a company or a job by its exact name', async () => {
    expect(await companyByName(t.db, ' Acme Farms ')).toEqual({ id: acme.id, name: 'Acme Farms' })
    expect(await jobByName(t.db, 'J-2026-001')).toMatchObject({ company_id: acme.id, storage_id: silo.id })
  })

  it('find nothing, and never fail, for a name with control characters or too long for a name', async () => {
    for (const name of ['\0', 'Acme\0 Farms', 'Acme Farms\r\nX', 'x'.repeat(10_240)]) {
      expect(await companyByName(t.db, name), JSON.stringify(name.slice(0, 20))).toBeUndefined()
      expect(await jobByName(t.db, name)).toBeUndefined()
    }
  })

  it('find nothing, and never fail, for an id no column holds', async () => {
    for (const id of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 1e20, 2 ** 63]) {
      expect(await storageById(t.db, id), String(id)).toBeUndefined()
      expect(await jobById(t.db, id)).toBeUndefined()
    }
    expect(await storageById(t.db, silo.id)).toMatchObject({ company_id: acme.id })
  })
})

describe('the admin saves of jobs, trucks and parts', () => {
  let admin: number
  beforeAll(async () => {
    admin = (await t.db.insertInto('users').values({ username: 'admin', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id
  })
  /** A save as its form runs it (commands/registry.ts): the edit page's record id, keyed by the form's submission id; returns the record's id. */
  const saving =
    <S extends z.ZodType<{ submission_id: string }>>(command: Command<S, { id: number }>) =>
    async (value: Omit<z.output<S>, 'record_id'>, id?: number) =>
      (
        await runCommand(t.db, command, {
          actor: { id: admin, username: 'admin', is_superuser: true, permissions: [] },
          key: value.submission_id,
          input: { ...value, record_id: id ?? null } as z.output<S>,
        })
      ).id
  const saveJob = saving(saveJobCommand)
  const saveTruck = saving(saveTruckCommand)
  const savePart = saving(savePartCommand)
  const uuid = () => crypto.randomUUID()
  const job = (name: string, submission_id = uuid()) => ({ submission_id, name, company_id: acme.id, storage_id: silo.id, notes: '', active: true })

  it('add a job once for a form sent twice, even at the same time', async () => {
    const submission = uuid()
    const ids = await Promise.all([saveJob(job('J-TWICE', submission)), saveJob(job('J-TWICE', submission)), saveJob(job('J-TWICE', submission))])
    expect(new Set(ids).size).toBe(1)
    expect(await t.db.selectFrom('jobs').select('id').where('name', '=', 'J-TWICE').execute()).toHaveLength(1)
  })

  it('refuse a name, truck number or part number another record has (case ignored) on its field', async () => {
    await expect(saveJob(job('j-2026-001'))).rejects.toMatchObject({ fieldErrors: { name: 'A job with this name already exists.' } })
    await saveTruck({ submission_id: uuid(), make: 'Ford', model: 'F-250', number: 'T-7', active: true })
    await expect(saveTruck({ submission_id: uuid(), make: 'Ram', model: '2500', number: 't-7', active: true })).rejects.toMatchObject({
      fieldErrors: { number: 'A truck with this number already exists.' },
    })
    await savePart({ submission_id: uuid(), part_number: 'BLT-1', description: 'Belt', is_special: false, active: true })
    await expect(savePart({ submission_id: uuid(), part_number: 'blt-1', description: 'Belt', is_special: false, active: true })).rejects.toMatchObject({
      fieldErrors: { part_number: 'A part with this part number already exists.' },
    })
    expect(await t.db.selectFrom('trucks').select('id').execute()).toHaveLength(1)
    expect(await t.db.selectFrom('parts').select('id').execute()).toHaveLength(1)
  })

  it("refuse a storage that is not the company's, or is no storage", async () => {
    const other = await t.db.insertInto('companies').values({ company_name: 'Other Farms' }).returning('id').executeTakeFirstOrThrow()
    const theirs = await t.db.insertInto('storages').values({ company_id: other.id, name: 'Their Cellar' }).returning('id').executeTakeFirstOrThrow()
    await expect(saveJob({ ...job('J-WRONG'), storage_id: theirs.id })).rejects.toMatchObject({ fieldErrors: { storage_id: "Choose one of this customer's storages." } })
    await expect(saveJob({ ...job('J-WRONG'), storage_id: 999_999 })).rejects.toMatchObject({ fieldErrors: { storage_id: "Choose one of this customer's storages." } })
    expect(await t.db.selectFrom('jobs').select('id').where('name', '=', 'J-WRONG').execute()).toEqual([])
  })

  it('edit a record in place, deactivate it, and say so for an id that names nothing', async () => {
    const id = await saveJob(job('J-EDIT'))
    expect(await saveJob({ ...job('J-EDITED'), active: false }, id)).toBe(id)
    expect(await jobForEdit(t.db, id)).toMatchObject({ name: 'J-EDITED', active: false, storage_name: 'Cellar 1' })
    expect(await jobByName(t.db, 'J-EDITED')).toBeUndefined() // the pickers offer active jobs only
    expect(await recordByName(t.db, 'job', 'j-edited')).toEqual({ id, name: 'J-EDITED' }) // the edit picker finds it
    await expect(saveJob(job('J-GONE'), 999_999)).rejects.toMatchObject({ fieldErrors: { '': 'This record no longer exists.' } })
  })
})
