import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError, ForbiddenError, NotFoundError } from '#core/errors.ts'
import { RestartSchema } from '#core/schemas/restart.ts'
import { CloseFollowUpSchema } from '#core/schemas/restart-follow-up.ts'
import { countOpenFollowUps } from '#db/queries/restart-follow-ups.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { makePretreat, pretreatDefaults } from '../tests/support/pretreats.ts'
import { KEY_MESSAGES, runCommand, type Actor } from './command.ts'
import { closeFollowUp } from './restart-follow-ups.ts'
import { completeRestart } from './restarts.ts'

let t: TestDatabase
let applicator: Actor
let assigner: Actor
let otherStorage: { storage_id: number; company_id: number }
beforeAll(async () => {
  t = await createTestDatabase()
  const user = async (username: string, first_name: string, permissions: Actor['permissions']): Promise<Actor> => {
    const { id } = await t.db.insertInto('users').values({ username, password_hash: 'x', first_name, last_name: 'Tester' }).returning('id').executeTakeFirstOrThrow()
    return { id, username, is_superuser: false, permissions }
  }
  applicator = await user('fu-applicator', 'Ada', ['api.view_pretreat'])
  assigner = await user('fu-assigner', 'Ben', ['api.pretreat_assigner'])
  const d = await pretreatDefaults(t.db)
  const st = await t.db.insertInto('storages').values({ company_id: d.company_id, name: 'Follow-Up Other Cellar' }).returning('id').executeTakeFirstOrThrow()
  otherStorage = { storage_id: st.id, company_id: d.company_id }
})
afterAll(() => t.drop())

/** A submitted sheet's restart (of the default storage, or `where`), completed with these answers; its id. */
async function restartAnswered(running: 'yes' | 'no', cleaned_up: 'yes' | 'no', where: Partial<typeof otherStorage> = {}) {
  const pt = await makePretreat(t.db, { stage: 'to-review', ...where })
  const { id } = await t.db.selectFrom('restarts').select('id').where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
  const value = RestartSchema.parse({ submission_id: crypto.randomUUID(), remote: 'yes', running, cleaned_up, comments: '' })
  const send = () => runCommand(t.db, completeRestart, { actor: applicator, key: value.submission_id, input: { ...value, restart_id: id } })
  await send()
  return { id, send }
}
const followUpOf = (restartId: number) => t.db.selectFrom('restart_follow_ups').selectAll().where('restart_id', '=', restartId).executeTakeFirst()
const closeAll = () => t.db.updateTable('restart_follow_ups').set({ closed_at: new Date(), closed_by: assigner.id, closing_note: 'test reset' }).where('closed_at', 'is', null).execute()
const noteForm = (note: string) => ({ submission_id: crypto.randomUUID(), note })
const close = (id: number, form: { submission_id: string; note: string }, actor = assigner) =>
  runCommand(t.db, closeFollowUp, { actor, key: form.submission_id, input: { ...CloseFollowUpSchema.parse(form), follow_up_id: id } })

describe('raising a follow-up', () => {
  it('not running, not cleaned up, or both raise one follow-up with its reasons, once for the form sent twice', async () => {
    const storageId = (await pretreatDefaults(t.db)).storage_id
    for (const [running, cleaned, reasons] of [
      ['no', 'yes', { not_running: true, not_cleaned_up: false }],
      ['yes', 'no', { not_running: false, not_cleaned_up: true }],
      ['no', 'no', { not_running: true, not_cleaned_up: true }],
    ] as const) {
      const restart = await restartAnswered(running, cleaned)
      expect(await followUpOf(restart.id)).toMatchObject({ storage_id: storageId, ...reasons, closed_at: null, closed_by: null })
      await restart.send() // the same form again: answered as before, nothing more raised
      expect(await t.db.selectFrom('restart_follow_ups').select('id').where('restart_id', '=', restart.id).execute()).toHaveLength(1)
    }
    await closeAll()
  })

  it('a restart answered running and cleaned up raises none', async () => {
    const before = await countOpenFollowUps(t.db)
    const restart = await restartAnswered('yes', 'yes')
    expect(await followUpOf(restart.id)).toBeUndefined()
    expect(await countOpenFollowUps(t.db)).toBe(before)
  })
})

describe('closing a follow-up', () => {
  it('a later restart of the same storage answered running and cleaned up closes it; one of another storage does not', async () => {
    const bad = await restartAnswered('no', 'yes')
    const elsewhere = await restartAnswered('no', 'no', otherStorage)
    await restartAnswered('yes', 'yes', otherStorage) // closes the other storage's only
    expect(await followUpOf(bad.id)).toMatchObject({ closed_at: null })
    expect(await followUpOf(elsewhere.id)).toMatchObject({ closed_by: applicator.id, closing_note: null })
    const stillBad = await restartAnswered('yes', 'no') // not a good restart: raises its own, closes nothing
    expect(await followUpOf(bad.id)).toMatchObject({ closed_at: null })
    const good = await restartAnswered('yes', 'yes')
    for (const raised of [bad, stillBad])
      expect(await followUpOf(raised.id)).toMatchObject({ closed_by: applicator.id, closed_by_restart_id: good.id, closing_note: null, closed_at: expect.any(Date) })
  })

  it('an assigner closes one by a note, kept with who and when; the note sent twice acts once; another note is refused', async () => {
    const restart = await restartAnswered('no', 'yes')
    const { id } = (await followUpOf(restart.id))!
    const form = noteForm('  Fan belt replaced; running since Tuesday.  ')
    const [first, second] = await Promise.all([close(id, form), close(id, form)])
    expect(second).toEqual(first)
    const closed = await followUpOf(restart.id)
    expect(closed).toMatchObject({ closing_note: 'Fan belt replaced; running since Tuesday.', closed_by: assigner.id, closed_by_restart_id: null, closing_submission_id: form.submission_id })
    await expect(close(id, noteForm('Again'))).rejects.toThrow(/^This follow-up was already closed by Ben Tester on \d{4}-\d\d-\d\d; nothing was changed\.$/)
    await expect(close(id, { ...form, note: 'other words' })).rejects.toThrow(KEY_MESSAGES.reused)
    expect(await followUpOf(restart.id)).toEqual(closed)
    await expect(close(987_654_321, noteForm('x'))).rejects.toBeInstanceOf(NotFoundError)
  })

  it('the note is required; only an assigner may close one', async () => {
    const empty = CloseFollowUpSchema.safeParse(noteForm('   '))
    expect(empty.error?.issues.map((i) => i.message)).toEqual(['How it was resolved is required.'])
    const restart = await restartAnswered('no', 'no')
    const { id } = (await followUpOf(restart.id))!
    await expect(close(id, noteForm('I fixed it'), applicator)).rejects.toBeInstanceOf(ForbiddenError)
    expect(await followUpOf(restart.id)).toMatchObject({ closed_at: null, closing_note: null })
    await expect(close(id, noteForm('Checked'), { ...applicator, is_superuser: true })).resolves.toMatchObject({ id })
    await expect(close(id, noteForm('late'))).rejects.toBeInstanceOf(ConflictError)
  })
})
