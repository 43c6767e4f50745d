// Send Back and the author's notices (decision 0069): the steps through the machines (guard, history,
// reason required), the per-user counts and the lists' conditions they share, Mark as seen, resubmit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { ForbiddenError, InputError } from '#core/errors.ts'
import { NOTICE_ALERT_TYPES } from '#core/enums.ts'
import { noticeCounts, pretreatMine, serviceSheetMine } from '#db/queries/notices.ts'
import { onPretreatList } from '#db/queries/pretreat-lists.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { CHECKLIST_FORM, filledSheetForm } from '../tests/support/sheet-forms.ts'
import { makePretreat } from '../tests/support/pretreats.ts'
import { makeServiceSheet } from '../tests/support/service-sheets.ts'
import { runCommand, type Actor } from './command.ts'
import { markNoticeSeen, resubmitServiceSheet, sendBackPretreat, sendBackServiceSheet } from './notices.ts'
import { saveServiceReview } from './service-reviews.ts'
import { saveSheetChecklist, sheetPressKey, submitSheet } from './pretreat-sheet.ts'
import { PretreatChecklistSchema, PretreatSheetSchema } from '#core/schemas/pretreat-sheet.ts'

let t: TestDatabase
let tech: Actor, r1: Actor, r2: Actor, applicator: Actor, ptr1: Actor, other: Actor

beforeAll(async () => {
  t = await createTestDatabase()
  const users = await t.db
    .insertInto('users')
    .values(['tech', 'rev1', 'rev2', 'appl', 'ptrev', 'other'].map((username) => ({ username, password_hash: 'x' })))
    .returning('id')
    .execute()
  const actor = (i: number, permissions: string[]): Actor => ({ id: users[i]!.id, username: `u${i}`, is_superuser: false, permissions: permissions as Actor['permissions'] })
  tech = actor(0, ['api.add_servicesheet', 'api.view_servicesheet'])
  r1 = actor(1, ['api.can_review_1'])
  r2 = actor(2, ['api.can_review_2'])
  applicator = actor(3, ['api.view_pretreat'])
  ptr1 = actor(4, ['api.view_pretreat', 'api.pretreat_reviewer1'])
  other = actor(5, ['api.add_servicesheet'])
  const expiration = `${new Date().getFullYear() + 2}-12-31`
  await t.db.insertInto('applicators').values({ user_id: applicator.id, license: 'ID-1', expiration }).execute()
})
afterAll(() => t.drop())

const run = <C extends Parameters<typeof runCommand>[1]>(command: C, actor: Actor, input: unknown) => runCommand(t.db, command, { actor, key: crypto.randomUUID(), input: input as never })
const counts = (user: Actor) => noticeCounts(t.db, user.id, NOTICE_ALERT_TYPES)
const history = (entity: string, id: number) =>
  t.db.selectFrom('workflow_events').select(['from_state', 'event', 'to_state', 'details', 'actor_id']).where('entity', '=', entity).where('entity_id', '=', id).orderBy('id').execute()
const reviewOf = (sheetId: number, level: 1 | 2) => t.db.selectFrom('service_reviews').selectAll().where('service_sheet_id', '=', sheetId).where('review_level', '=', level).executeTakeFirstOrThrow()
const sheetStatus = async (id: number) => await t.db.selectFrom('service_sheets').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow()
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  )
/** The rows a list's "mine" filter holds, read as the list reads them (its condition and the filter's). */
const serviceRows = async (user: Actor, mine: 'sent-back' | 'changed') =>
  (await t.db.selectFrom('service_sheets as ss').select('ss.id').where(serviceSheetMine(mine, user.id)).orderBy('ss.id').execute()).map((r) => r.id)
const pretreatRows = async (user: Actor, list: 'scheduled' | 'review', mine: 'assigned' | 'sent-back' | 'changed') =>
  (
    await t.db
      .selectFrom('pretreats as p')
      .select('p.id')
      .where(sql<boolean>`(${onPretreatList(list)}) and (${pretreatMine(mine, user.id)})`)
      .orderBy('p.id')
      .execute()
  ).map((r) => r.id)

describe('a service sheet sent back', () => {
  it('needs a reviewer of the level waiting and a reason; goes back to its author with a history row; the author resubmits', async () => {
    const sheet = await makeServiceSheet(t.db, { created_by: tech.id, approvedLevels: 1, reviewerId: r1.id })
    const review2 = await reviewOf(sheet.id, 2)
    // a reason is required (the machine's guard), and only a level-2 reviewer may send it back from level 2
    expect(await refusal(run(sendBackServiceSheet, r2, { review_id: review2.id, version: review2.version, reason: '   ' }))).toBeInstanceOf(InputError)
    expect(await refusal(run(sendBackServiceSheet, r1, { review_id: review2.id, version: review2.version, reason: 'Hours look wrong' }))).toBeInstanceOf(ForbiddenError)
    expect((await sheetStatus(sheet.id)).status).toBe('level_2_review')

    await run(sendBackServiceSheet, r2, { review_id: review2.id, version: review2.version, reason: 'Labor hours look doubled' })
    expect((await sheetStatus(sheet.id)).status).toBe('submitted')
    expect((await history('service_sheet', sheet.id)).at(-1)).toMatchObject({
      from_state: 'level_2_review',
      event: 'SEND_BACK',
      to_state: 'submitted',
      actor_id: r2.id,
      details: expect.objectContaining({ reason: 'Labor hours look doubled' }),
    })
    expect((await reviewOf(sheet.id, 1)).status).toBe('returned')
    expect((await reviewOf(sheet.id, 2)).status).toBe('returned')
    expect(await counts(tech)).toMatchObject({ service_sheets_sent_back: 1, service_sheets_changed: 0 })
    expect(await serviceRows(tech, 'sent-back')).toEqual([sheet.id])
    expect(await counts(r2)).toMatchObject({ service_sheets_sent_back: 0 })

    // only its author resubmits; level 1 opens again from the fixed hours, and the notice ends
    const { version } = await sheetStatus(sheet.id)
    const fixes = { submission_id: crypto.randomUUID(), sheet_id: sheet.id, version, travel_hours: 1.5, labor_hours: 2, description: 'Fan 3 rattles (fixed)' }
    expect(await refusal(run(resubmitServiceSheet, other, fixes))).toBeInstanceOf(ForbiddenError)
    await run(resubmitServiceSheet, tech, fixes)
    expect((await sheetStatus(sheet.id)).status).toBe('level_1_review')
    expect(await reviewOf(sheet.id, 1)).toMatchObject({ status: 'open', reviewed_by: null })
    expect(await t.db.selectFrom('service_sheets').select(['travel_hours1', 'labor_hours1']).where('id', '=', sheet.id).executeTakeFirstOrThrow()).toEqual({
      travel_hours1: '1.50',
      labor_hours1: '2.00',
    })
    expect(await counts(tech)).toMatchObject({ service_sheets_sent_back: 0 })
    expect(await serviceRows(tech, 'sent-back')).toEqual([])
  })

  it('a reviewer who changes the hours raises a "changed" notice (a save that changes nothing does not); Mark as seen ends it', async () => {
    const sheet = await makeServiceSheet(t.db, { created_by: tech.id, travel_hours: 2, labor_hours: 3 })
    const review = await reviewOf(sheet.id, 1)
    const form = (version: number, labor: number) => ({
      review_id: review.id,
      intent: 'save',
      version,
      travel_hours: 2,
      labor_hours: labor,
      nc_travel: 0,
      nc_labor: 0,
      comments: 'ok',
      parts: [],
      new_parts: [],
      new_part: '',
      new_description: '',
    })
    await run(saveServiceReview, r1, form(review.version, 3))
    expect(await serviceRows(tech, 'changed')).toEqual([])
    await run(saveServiceReview, r1, form(review.version + 1, 2.5))
    expect(await counts(tech)).toMatchObject({ service_sheets_changed: 1 })
    expect(await serviceRows(tech, 'changed')).toEqual([sheet.id])
    // another user's Mark as seen is theirs alone
    expect(await run(markNoticeSeen, other, { entity: 'service_sheet', record_id: sheet.id })).toEqual({ seen: 0 })
    expect(await run(markNoticeSeen, tech, { entity: 'service_sheet', record_id: sheet.id })).toEqual({ seen: 1 })
    expect(await counts(tech)).toMatchObject({ service_sheets_changed: 0 })
  })
})

describe('a pre-treat sheet sent back', () => {
  it('counts the sheets assigned to the applicator until submitted; a reviewer sends one back with a reason; it is counted once, as sent back', async () => {
    const applicatorId = (await t.db.selectFrom('applicators').select('id').where('user_id', '=', applicator.id).executeTakeFirstOrThrow()).id
    const assigned = await makePretreat(t.db, { stage: 'assigned', assignTo: applicatorId })
    const inReview = await makePretreat(t.db, { stage: 'to-review', assignTo: applicatorId })
    expect(await counts(applicator)).toMatchObject({ pretreats_assigned_to_me: 1, pretreats_sent_back: 0 })
    expect(await pretreatRows(applicator, 'scheduled', 'assigned')).toEqual([assigned.id])

    const version = (await t.db.selectFrom('pretreats').select('version').where('id', '=', inReview.id).executeTakeFirstOrThrow()).version
    expect(await refusal(run(sendBackPretreat, ptr1, { pretreat_id: inReview.id, version, reason: ' ' }))).toBeInstanceOf(Error)
    expect(await refusal(run(sendBackPretreat, applicator, { pretreat_id: inReview.id, version, reason: 'Temps missing' }))).toBeInstanceOf(ForbiddenError)
    await run(sendBackPretreat, ptr1, { pretreat_id: inReview.id, version, reason: 'Storage temps missing' })
    expect((await history('pretreat', inReview.id)).at(-1)).toMatchObject({
      from_state: 'to-review',
      event: 'SEND_BACK',
      to_state: 'in-progress',
      actor_id: ptr1.id,
      details: expect.objectContaining({ reason: 'Storage temps missing' }),
    })
    expect(await counts(applicator)).toMatchObject({ pretreats_assigned_to_me: 1, pretreats_sent_back: 1 })
    expect(await pretreatRows(applicator, 'scheduled', 'sent-back')).toEqual([inReview.id])
    expect(await pretreatRows(applicator, 'scheduled', 'assigned')).toEqual([assigned.id])

    await run(markNoticeSeen, applicator, { entity: 'pretreat', record_id: inReview.id })
    // seen: it is one of theirs to submit again
    expect(await counts(applicator)).toMatchObject({ pretreats_assigned_to_me: 2, pretreats_sent_back: 0 })
  })

  it('ends the send-back when the applicator submits the sheet again, unseen or not', async () => {
    const applicatorId = (await t.db.selectFrom('applicators').select('id').where('user_id', '=', applicator.id).executeTakeFirstOrThrow()).id
    const pt = await makePretreat(t.db, { stage: 'to-review', assignTo: applicatorId, quantityUsed: 16 })
    const version = async () => (await t.db.selectFrom('pretreats').select('version').where('id', '=', pt.id).executeTakeFirstOrThrow()).version
    await run(sendBackPretreat, ptr1, { pretreat_id: pt.id, version: await version(), reason: 'Batch numbers missing' })
    expect(await pretreatRows(applicator, 'scheduled', 'sent-back')).toContain(pt.id)
    const truck = (await t.db.insertInto('trucks').values({ number: 'T-N', make: 'Ford' }).returning('id').executeTakeFirstOrThrow()).id
    const line = await t.db.selectFrom('pretreat_chemicals').select('id').where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
    await run(saveSheetChecklist, applicator, {
      ...PretreatChecklistSchema.parse(CHECKLIST_FORM),
      pretreat_id: pt.id,
    })
    const value = PretreatSheetSchema.parse(filledSheetForm({ version: await version(), truckId: truck, lineId: line.id }))
    await runCommand(t.db, submitSheet, { actor: applicator, key: sheetPressKey('submit', { ...value, pretreat_id: pt.id }), input: { ...value, pretreat_id: pt.id } })
    expect((await t.db.selectFrom('pretreats').select('status').where('id', '=', pt.id).executeTakeFirstOrThrow()).status).toBe('to-review')
    expect(await pretreatRows(applicator, 'scheduled', 'sent-back')).not.toContain(pt.id)
    expect(await t.db.selectFrom('notices').select('seen_at').where('record_id', '=', pt.id).where('entity', '=', 'pretreat').executeTakeFirstOrThrow()).toEqual({ seen_at: expect.any(Date) })
  })
})
