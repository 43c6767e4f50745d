import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError, ForbiddenError, InputError } from '#core/errors.ts'
import { APPLICATION_DATE_AHEAD, CHECKLIST_INCOMPLETE, IncompleteError } from '#core/pretreat-sheet.ts'
import { localToday } from '#core/licence.ts'
import { addDays } from '#core/season-check.ts'
import { PretreatChecklistSchema, PretreatSheetSchema } from '#core/schemas/pretreat-sheet.ts'
import { checklistOf } from '#db/queries/pretreat-sheet.ts'
import { CHANGED_MEANWHILE } from '#workflows/transition.server.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { CHECKLIST_FORM } from '../tests/support/sheet-forms.ts'
import { makePretreat, SHEET_OBSERVATIONS } from '../tests/support/pretreats.ts'
import { runCommand, type Actor } from './command.ts'
import { NOT_YOURS, saveSheet, saveSheetChecklist, sheetPressKey, submitSheet, SUBMIT_ID_USED, UNKNOWN_TRUCK } from './pretreat-sheet.ts'

let t: TestDatabase
let truckId: number
beforeAll(async () => {
  t = await createTestDatabase()
  truckId = (await t.db.insertInto('trucks').values({ number: 'T-7', make: 'Ford' }).returning('id').executeTakeFirstOrThrow()).id
})
afterAll(() => t.drop())

const history = (id: number) =>
  t.db.selectFrom('workflow_events').select(['from_state', 'event', 'to_state', 'details']).where('entity', '=', 'pretreat').where('entity_id', '=', id).orderBy('id').execute()
const row = (id: number) => t.db.selectFrom('pretreats').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const lineOf = (id: number) => t.db.selectFrom('pretreat_chemicals').select(['id', 'quantity_used']).where('pretreat_id', '=', id).executeTakeFirstOrThrow()

/** An assigned sheet and the user of its applicator (who fills it). */
async function assignedSheet() {
  const pt = await makePretreat(t.db, { stage: 'assigned' })
  const applicator = await t.db.selectFrom('applicators').select('user_id').where('id', '=', pt.applicator_id).executeTakeFirstOrThrow()
  const actor: Actor = { id: applicator.user_id, username: 'applicator', is_superuser: false, permissions: ['api.view_pretreat'] }
  const line = await lineOf(pt.id)
  return { pt, actor, line, version: (await row(pt.id)).version }
}

/** A whole sheet as its form posts it (text), with `changes` over it; a field set to '' is left out, as conform does. */
function sheetValue(version: number, lineId: number, changes: Record<string, string> = {}) {
  const text: Record<string, unknown> = {
    intent: 'save',
    version: String(version),
    submission_id: crypto.randomUUID(),
    ...SHEET_OBSERVATIONS,
    truck_id: String(truckId),
    batch_numbers: 'B-1001, B-1002',
    sampled_by: 'Cody',
    application_date: '2026-11-20',
    start_time: '08:00',
    stop_time: '11:30',
    ...changes,
  }
  for (const [k, v] of Object.entries(text)) if (v === '') delete text[k]
  text.chemicals = [{ id: String(lineId), ...(changes.quantity_used === '' ? {} : { quantity_used: changes.quantity_used ?? '12.5' }) }]
  delete text.quantity_used
  return PretreatSheetSchema.parse(text)
}

type SheetValue = ReturnType<typeof sheetValue>

/** The steps as the page and the JSON API run them (app/features/pretreat-sheet/sheet-intent.server.ts): a key per press. */
const saveSheetAs = (id: number, actor: Actor, value: SheetValue) =>
  runCommand(t.db, saveSheet, { actor, key: sheetPressKey('save', { ...value, pretreat_id: id }), input: { ...value, pretreat_id: id } })
const submitSheetAs = (id: number, actor: Actor, value: SheetValue) =>
  runCommand(t.db, submitSheet, { actor, key: sheetPressKey('submit', { ...value, pretreat_id: id }), input: { ...value, pretreat_id: id } })
const saveChecklistAs = (id: number, actor: Actor, value: ReturnType<typeof checklist>) =>
  runCommand(t.db, saveSheetChecklist, { actor, key: crypto.randomUUID(), input: { ...value, pretreat_id: id } })

const checklist = (changes: Record<string, string | undefined> = {}) => PretreatChecklistSchema.parse({ ...CHECKLIST_FORM, ...changes })

describe('the application sheet on the server', () => {
  it("the applicator's first save starts the work (in-progress), saving the fields, with what changed in the history", async () => {
    const { pt, actor, line, version } = await assignedSheet()
    const saved = await saveSheetAs(pt.id, actor, sheetValue(version, line.id, { weather: 'Snow', temps2_front: '' }))
    const after = await row(pt.id)
    expect(after).toMatchObject({
      status: 'in-progress',
      version: version + 1,
      weather: 'Snow',
      truck_id: truckId,
      coils_covered: true,
      cell_covered: false,
      start_time: '08:00:00',
      last_modified_by: actor.id,
    })
    expect(saved.version).toBe(version + 1)
    expect(Number((await lineOf(pt.id)).quantity_used)).toBe(12.5)
    const save = (await history(pt.id)).at(-1)!
    expect(save).toMatchObject({ from_state: 'assigned', event: 'SAVE', to_state: 'in-progress' })
    const changes = (save.details as { changes: Record<string, [string, string]> }).changes
    expect(changes.weather).toEqual(['', 'Snow'])
    expect(changes['chemicals[0].quantity_used']).toEqual(['', '12.5'])
    expect(changes.temps2_front).toBeUndefined()

    // a second save stays in progress and records only what changed
    await saveSheetAs(pt.id, actor, sheetValue(version + 1, line.id, { weather: 'Rain', temps2_front: '' }))
    const second = (await history(pt.id)).at(-1)!
    expect(second).toMatchObject({ from_state: 'in-progress', event: 'SAVE', to_state: 'in-progress', details: { changes: { weather: ['Snow', 'Rain'] } } })
  })

  it('refuses a user who is not the assigned applicator, reviewer or admin, and saves nothing', async () => {
    const { pt, line, version } = await assignedSheet()
    const other = await t.db
      .insertInto('users')
      .values({ username: `other-${Date.now()}`, password_hash: 'x', first_name: 'Ola', last_name: 'Other' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const reader: Actor = { id: other.id, username: 'other', is_superuser: false, permissions: ['api.view_pretreat', 'api.pretreat_assigner'] }
    await expect(saveSheetAs(pt.id, reader, sheetValue(version, line.id))).rejects.toThrow(new ForbiddenError(NOT_YOURS))
    expect(await row(pt.id)).toMatchObject({ status: 'assigned', version, weather: null })
    // a level-1 reviewer fills any sheet
    const reviewer: Actor = { ...reader, permissions: ['api.pretreat_reviewer1'] }
    await saveSheetAs(pt.id, reviewer, sheetValue(version, line.id))
    expect(await row(pt.id)).toMatchObject({ status: 'in-progress', weather: 'Clear' })
  })

  it('refuses a save based on an older version (someone saved meanwhile): nothing overwritten', async () => {
    const { pt, actor, line, version } = await assignedSheet()
    await saveSheetAs(pt.id, actor, sheetValue(version, line.id, { weather: 'Snow' }))
    await expect(saveSheetAs(pt.id, actor, sheetValue(version, line.id, { weather: 'Rain' }))).rejects.toThrow(new ConflictError(CHANGED_MEANWHILE))
    expect(await row(pt.id)).toMatchObject({ weather: 'Snow', version: version + 1 })
  })

  it('refuses an unknown or inactive truck', async () => {
    const { pt, actor, line, version } = await assignedSheet()
    const retired = await t.db.insertInto('trucks').values({ number: 'T-OLD', active: false }).returning('id').executeTakeFirstOrThrow()
    for (const truck of ['999999', String(retired.id)]) {
      await expect(saveSheetAs(pt.id, actor, sheetValue(version, line.id, { truck_id: truck }))).rejects.toThrow(new InputError({ truck_id: UNKNOWN_TRUCK }))
    }
    expect(await row(pt.id)).toMatchObject({ status: 'assigned', truck_id: null, version })
  })

  it('refuses an incomplete submit with the missing fields listed, and saves nothing', async () => {
    const { pt, actor, line, version } = await assignedSheet()
    await saveChecklistAs(pt.id, actor, checklist())
    const value = { ...sheetValue(version, line.id, { weather: '', batch_numbers: '', quantity_used: '' }), intent: 'submit' as const }
    // an input error that names the inputs, so the page marks them (issue 19, item 13)
    await expect(submitSheetAs(pt.id, actor, value)).rejects.toThrow(
      new IncompleteError('Missing required fields: Batch Numbers, Weather, Missing Quantity Used', ['batch_numbers', 'weather', 'chemicals[0].quantity_used']),
    )
    await expect(submitSheetAs(pt.id, actor, value)).rejects.toBeInstanceOf(InputError)
    expect(await row(pt.id)).toMatchObject({ status: 'assigned', version, pile_front: null, sheet_submit_id: null })
    expect((await lineOf(pt.id)).quantity_used).toBeNull()
  })

  it('issue 38 (20): refuses a submit whose application date is after today (naming the field), and saves nothing; a draft may hold it', async () => {
    const { pt, actor, line, version } = await assignedSheet()
    await saveChecklistAs(pt.id, actor, checklist())
    const tomorrow = addDays(localToday(), 1)
    await saveSheetAs(pt.id, actor, sheetValue(version, line.id, { application_date: tomorrow }))
    const value = { ...sheetValue(version + 1, line.id, { application_date: tomorrow, weather: 'Snow' }), intent: 'submit' as const }
    await expect(submitSheetAs(pt.id, actor, value)).rejects.toThrow(new InputError({ '': APPLICATION_DATE_AHEAD, application_date: APPLICATION_DATE_AHEAD }))
    expect(await row(pt.id)).toMatchObject({ status: 'in-progress', weather: 'Clear', sheet_submit_id: null })
    // today is the latest day a sheet is submitted with
    expect(await submitSheetAs(pt.id, actor, { ...value, application_date: localToday() })).toEqual({ status: 'to-review' })
  })

  it('refuses a submit while the final checklist is not saved', async () => {
    const { pt, actor, line, version } = await assignedSheet()
    await expect(submitSheetAs(pt.id, actor, { ...sheetValue(version, line.id), intent: 'submit' })).rejects.toThrow(new InputError({ '': CHECKLIST_INCOMPLETE }))
    expect(await row(pt.id)).toMatchObject({ status: 'assigned', pile_front: null })
  })

  it('submits a complete sheet once: sent twice, one SUBMIT (to-review), the second answered as done', async () => {
    const { pt, actor, line, version } = await assignedSheet()
    await saveChecklistAs(pt.id, actor, checklist())
    const value = { ...sheetValue(version, line.id), intent: 'submit' as const }
    const [first, second] = await Promise.all([submitSheetAs(pt.id, actor, value), submitSheetAs(pt.id, actor, value)])
    expect(first).toEqual({ status: 'to-review' })
    expect(second).toEqual(first)
    expect(await row(pt.id)).toMatchObject({ status: 'to-review', sheet_submit_id: value.submission_id, weather: 'Clear', version: version + 1 })
    expect((await history(pt.id)).filter((e) => e.event === 'SUBMIT')).toEqual([expect.objectContaining({ from_state: 'assigned', to_state: 'to-review' })])
    // after the submit the applicator only reads it
    await expect(saveSheetAs(pt.id, actor, sheetValue(version + 1, line.id))).rejects.toThrow(new ForbiddenError(NOT_YOURS))
  })

  it("answers a submit sent again with more edits (the outbox's replay: another key, the same submission id) as done, changing nothing", async () => {
    const { pt, actor, line, version } = await assignedSheet()
    await saveChecklistAs(pt.id, actor, checklist())
    const value = { ...sheetValue(version, line.id), intent: 'submit' as const }
    await submitSheetAs(pt.id, actor, value)
    expect(await submitSheetAs(pt.id, actor, { ...value, weather: 'Rain' })).toEqual({ status: 'to-review' })
    expect(await row(pt.id)).toMatchObject({ status: 'to-review', weather: 'Clear', version: version + 1 })
    expect((await history(pt.id)).filter((e) => e.event === 'SUBMIT')).toHaveLength(1)
  })

  it('refuses a submission id that submitted another pre-treat, submitting nothing', async () => {
    const first = await assignedSheet()
    await saveChecklistAs(first.pt.id, first.actor, checklist())
    const value = { ...sheetValue(first.version, first.line.id), intent: 'submit' as const }
    await submitSheetAs(first.pt.id, first.actor, value)
    const second = await assignedSheet()
    await saveChecklistAs(second.pt.id, second.actor, checklist())
    const reused = { ...sheetValue(second.version, second.line.id), intent: 'submit' as const, submission_id: value.submission_id }
    await expect(submitSheetAs(second.pt.id, second.actor, reused)).rejects.toThrow(new InputError({ '': SUBMIT_ID_USED }))
    expect(await row(second.pt.id)).toMatchObject({ status: 'assigned', sheet_submit_id: null })
  })

  it('acts once on a save sent twice (a double tap, the outbox replaying it): one SAVE, the same answer', async () => {
    const { pt, actor, line, version } = await assignedSheet()
    const value = sheetValue(version, line.id, { weather: 'Snow' })
    const [first, second] = await Promise.all([saveSheetAs(pt.id, actor, value), saveSheetAs(pt.id, actor, value)])
    expect(second).toEqual(first)
    expect(first.version).toBe(version + 1)
    expect((await history(pt.id)).filter((e) => e.event === 'SAVE')).toHaveLength(1)
    // the next save from the same page (its version moved on) is a press of its own
    await saveSheetAs(pt.id, actor, { ...value, version: version + 1, weather: 'Rain' })
    expect(await row(pt.id)).toMatchObject({ weather: 'Rain', version: version + 2 })
  })

  it('saves the final checklist and reads it back; an incomplete one is refused', async () => {
    const { pt, actor } = await assignedSheet()
    for (const [bad, missing] of [
      [{ purge_time: undefined }, ['purge_time']],
      [{ lights: undefined }, ['lights']],
      [{ barrel_temp: undefined }, ['barrel_temp']],
    ] as const) {
      await expect(saveChecklistAs(pt.id, actor, checklist(bad))).rejects.toThrow(new IncompleteError(CHECKLIST_INCOMPLETE, missing))
    }
    expect(await checklistOf(t.db, pt.id)).toBeUndefined()
    await saveChecklistAs(pt.id, actor, checklist())
    expect(await checklistOf(t.db, pt.id)).toMatchObject({ inverter: true, residue: false, purge: true, purge_time: 15, barrel_temp: '180.00' })
    // saved again: replaced; no purge, no purge time kept
    await saveChecklistAs(pt.id, actor, checklist({ purge: 'no', purge_time: undefined, barrel_temp: '175.5' }))
    expect(await checklistOf(t.db, pt.id)).toMatchObject({ purge: false, purge_time: null, barrel_temp: '175.50' })
  })
})
