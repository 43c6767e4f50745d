// The grower save (Add Grower and Edit Grower's one command), run as the form runs it.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError, InputError } from '#core/errors.ts'
import type { GrowerInput } from '#core/schemas/grower.ts'
import { growerForEdit } from '#db/queries/companies.ts'
import { countRows, createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { newGrower } from '../tests/support/growers.ts'
import { runCommand, type Actor } from './command.ts'
import { saveGrower } from './growers.ts'

let t: TestDatabase
let office: Actor

beforeAll(async () => {
  t = await createTestDatabase()
  const { id } = await t.db.insertInto('users').values({ username: 'office', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()
  office = { id, username: 'office', is_superuser: false, permissions: [] }
})
afterAll(() => t.drop())

/** The form's save: Add Grower without an id, Edit Grower with one; keyed by its submission id. */
const save = async (form: GrowerInput) => (await runCommand(t.db, saveGrower, { actor: office, key: form.submission_id, input: { ...form, mode: form.company_id === undefined ? 'add' : 'edit' } })).id

describe('the grower save', () => {
  it('adds once when the same form is sent twice, even at the same moment', async () => {
    const form = newGrower('Twice Farms')
    const before = await countRows(t.db, 'companies')
    const ids = await Promise.all([save(form), save(form)])
    expect(ids[0]).toBe(ids[1])
    expect(await save(form)).toBe(ids[0])
    expect(await countRows(t.db, 'companies')).toBe(before + 1)
  })

  it('refuses a name another grower has, case ignored, as a field message', async () => {
    await save(newGrower('Unique Acres'))
    await expect(save(newGrower('UNIQUE ACRES'))).rejects.toEqual(new InputError({ company_name: 'A grower with this name already exists.' }))
  })

  it('saves an edit made on the current version, refuses one made on an older version, and takes the same edit sent twice', async () => {
    const id = await save(newGrower('Versioned Farms'))
    const read = (await growerForEdit(t.db, id))!
    const edit = { ...newGrower('Versioned Farms'), company_id: id, version: read.version, notes: 'first edit' }
    await save(edit)
    await save(edit) // sent again: the grower already says so
    const stale = { ...edit, submission_id: randomUUID(), notes: 'over the first edit' }
    await expect(save(stale)).rejects.toBeInstanceOf(ConflictError)
    expect((await growerForEdit(t.db, id))?.notes).toBe('first edit')
  })

  it('refuses an edit from Add Grower and an add from Edit Grower', async () => {
    const id = await save(newGrower('Screen Farms'))
    const edit = { ...newGrower('Screen Farms'), company_id: id, version: (await growerForEdit(t.db, id))!.version }
    await expect(runCommand(t.db, saveGrower, { actor: office, key: randomUUID(), input: { ...edit, mode: 'add' } })).rejects.toEqual(new InputError({ company_id: 'Choose a grower from the list.' }))
    await expect(runCommand(t.db, saveGrower, { actor: office, key: randomUUID(), input: { ...newGrower('Other Screen'), mode: 'edit' } })).rejects.toEqual(
      new InputError({ company_id: 'Choose a grower from the list.' }),
    )
  })
})
