import { describe, expect, it } from 'vitest'
import { PRETREAT_STATE_SETS } from '#core/pretreat-states.ts'
import { PRETREAT_STATES, type PretreatState } from '#core/workflow-states.ts'
import { pretreatActor, type PretreatActor } from '#core/pretreat-steps.ts'
import { canPretreat, ENTITLED_SENDER, mayFillSheet, nextPretreatState, pretreatMachine, pretreatRefusal, type PretreatFlags, type PretreatStepEvent } from './pretreat.machine.ts'

const live: PretreatFlags = { void: false, upcoming: false }
const staged: PretreatFlags = { void: false, upcoming: true }
const voided: PretreatFlags = { void: true, upcoming: false }
const next = (status: PretreatState, event: PretreatStepEvent, flags = live, by: PretreatActor = ENTITLED_SENDER) => nextPretreatState(status, flags, { ...event, by })
const ALL = PRETREAT_STATES
const except = (...states: PretreatState[]) => ALL.filter((s) => !states.includes(s))

const assign: PretreatStepEvent = { type: 'ASSIGN', licenceValid: true }
const submit: PretreatStepEvent = { type: 'SUBMIT', complete: true }

describe('pre-treat machine', () => {
  it('creates in pending, staged or not', () => {
    expect(next('pending', { type: 'CREATE', upcoming: true })).toBe('pending')
    for (const s of except('pending')) expect(next(s, { type: 'CREATE', upcoming: true })).toBeNull()
  })
  it('stages only a scheduled, unassigned pre-treat and schedules only a staged one', () => {
    expect(next('pending', { type: 'STAGE' })).toBe('pending')
    expect(next('pending', { type: 'STAGE' }, staged)).toBeNull()
    expect(next('pending', { type: 'SCHEDULE' }, staged)).toBe('pending')
    expect(next('pending', { type: 'SCHEDULE' })).toBeNull()
    for (const s of except('pending')) {
      expect(next(s, { type: 'STAGE' })).toBeNull()
      expect(next(s, { type: 'SCHEDULE' }, staged)).toBeNull()
    }
  })
  it('assigns a scheduled pre-treat to an applicator whose licence is valid on the day', () => {
    expect(next('pending', assign)).toBe('assigned')
    expect(next('assigned', assign)).toBe('assigned')
    expect(next('in-progress', assign)).toBe('in-progress')
    expect(next('pending', { type: 'ASSIGN', licenceValid: false })).toBeNull()
    expect(next('pending', assign, staged)).toBeNull()
    for (const s of ['to-review', 'to-review1', 'to-review2', 'completed'] as const) expect(next(s, assign)).toBeNull()
  })
  it('plans a day for a scheduled or staged pre-treat only when its applicator’s licence is valid on it', () => {
    const plan: PretreatStepEvent = { type: 'PLAN', licenceValid: true }
    expect(next('pending', plan)).toBe('pending')
    expect(next('pending', plan, staged)).toBe('pending')
    expect(next('assigned', plan)).toBe('assigned')
    expect(next('assigned', { type: 'PLAN', licenceValid: false })).toBeNull()
    expect(next('pending', plan, voided)).toBeNull()
    for (const s of except('pending', 'assigned')) expect(next(s, plan)).toBeNull()
  })
  it('unassigns back to pending only before the sheet is started', () => {
    expect(next('assigned', { type: 'UNASSIGN' })).toBe('pending')
    for (const s of except('assigned')) expect(next(s, { type: 'UNASSIGN' })).toBeNull()
  })
  it("starts the work on the sheet's first save", () => {
    expect(next('assigned', { type: 'SAVE' })).toBe('in-progress')
    expect(next('in-progress', { type: 'SAVE' })).toBe('in-progress')
    expect(next('pending', { type: 'SAVE' })).toBeNull()
    expect(next('completed', { type: 'SAVE' })).toBeNull()
  })
  it('submits a complete sheet from assigned or in progress to review', () => {
    expect(next('assigned', submit)).toBe('to-review')
    expect(next('in-progress', submit)).toBe('to-review')
    expect(next('in-progress', { type: 'SUBMIT', complete: false })).toBeNull()
    for (const s of except('assigned', 'in-progress')) expect(next(s, submit)).toBeNull()
  })
  it('reviews by level: any reviewer makes the level-1 review, then a level-2 reviewer who did not make it completes; anyone else leaves it', () => {
    const review = (level: 1 | 2 | null, reviewedFirst = false) => ({ type: 'REVIEW', level, reviewedFirst }) as const
    expect(next('to-review', review(2))).toBe('to-review1')
    expect(next('to-review', review(1))).toBe('to-review1')
    for (const s of ['to-review1', 'to-review2'] as const) {
      expect(next(s, review(2))).toBe('completed')
      expect(next(s, review(2, true))).toBeNull()
      expect(next(s, review(1))).toBe('to-review1')
    }
    for (const s of ['to-review', 'to-review1', 'to-review2'] as const) expect(next(s, review(null))).toBe(s)
    for (const s of except('to-review', 'to-review1', 'to-review2')) expect(next(s, review(2))).toBeNull()
  })
  it('voids with notes anything not completed, and a void pre-treat moves on only once unvoided', () => {
    for (const s of except('completed')) {
      expect(next(s, { type: 'VOID', notes: 'Grower cancelled' })).toBe(s)
      expect(next(s, { type: 'VOID', notes: '  ' })).toBeNull()
      expect(next(s, { type: 'VOID', notes: 'again' }, voided)).toBeNull()
      expect(next(s, { type: 'UNVOID' }, voided)).toBe(s)
      expect(next(s, { type: 'UNVOID' })).toBeNull()
      expect(next(s, { type: 'EDIT' }, voided)).toBe(s)
    }
    expect(next('completed', { type: 'VOID', notes: 'late' })).toBeNull()
    expect(next('pending', assign, voided)).toBeNull()
    expect(next('assigned', { type: 'SAVE' }, voided)).toBeNull()
    expect(next('in-progress', submit, voided)).toBeNull()
    expect(next('to-review', { type: 'REVIEW', level: 2, reviewedFirst: false }, voided)).toBeNull()
    expect(next('pending', { type: 'SCHEDULE' }, { void: true, upcoming: true })).toBeNull()
  })
  it('takes nothing once completed', () => {
    const events: PretreatStepEvent[] = [{ type: 'EDIT' }, { type: 'SAVE' }, assign, { type: 'UNVOID' }, { type: 'REVIEW', level: 2, reviewedFirst: false }]
    for (const e of events) expect(canPretreat('completed', live, { ...e, by: ENTITLED_SENDER })).toBe(false)
  })
})

// Who may take a step is the guards' too, from the facts the event carries (core/pretreat-steps.ts).
describe('who may take a step', () => {
  const user = (id: number, permissions: string[] = [], is_superuser = false) => ({ id, is_superuser, permissions: permissions as never })
  const save = (status: PretreatState, sender: ReturnType<typeof user>, assignedUserId: number | null) => next(status, { type: 'SAVE' }, live, pretreatActor(sender, assignedUserId)) !== null

  it('fills a sheet: the assigned applicator while assigned or in progress; reviewers and superusers always; others read', () => {
    expect(save('assigned', user(5), 5)).toBe(true)
    expect(save('in-progress', user(5), 5)).toBe(true)
    expect(save('to-review', user(5), 5)).toBe(false)
    expect(save('assigned', user(6, ['api.view_pretreat', 'api.pretreat_assigner', 'api.add_pretreat']), 5)).toBe(false)
    expect(save('assigned', user(6), null)).toBe(false)
    expect(save('to-review', user(6, ['api.pretreat_reviewer2']), 5)).toBe(true)
    expect(save('in-progress', user(6, [], true), 5)).toBe(true)
    expect(next('in-progress', submit, live, pretreatActor(user(6, ['api.view_pretreat']), 5))).toBeNull()
  })

  it('takes the lists’ and the form’s steps under their permissions (core/pretreat-steps.ts)', () => {
    const office = pretreatActor(user(7, ['api.add_pretreat']))
    const assigner = pretreatActor(user(8, ['api.pretreat_assigner']))
    expect(next('pending', { type: 'SCHEDULE' }, staged, office)).toBe('pending')
    expect(next('pending', { type: 'SCHEDULE' }, staged, assigner)).toBeNull()
    expect(next('pending', assign, live, assigner)).toBe('assigned')
    expect(next('pending', assign, live, office)).toBeNull()
    expect(next('assigned', { type: 'UNASSIGN' }, live, office)).toBeNull()
    expect(next('pending', { type: 'EDIT' }, live, assigner)).toBeNull()
    expect(next('pending', { type: 'CREATE', upcoming: true }, live, assigner)).toBeNull()
    expect(next('pending', { type: 'VOID', notes: 'Sold' }, live, assigner)).toBeNull()
    expect(next('pending', { type: 'UNVOID' }, voided, office)).toBe('pending')
  })

  it('tells the page whose sheet it is to fill: the machine refuses the others SAVE for who they are', () => {
    const reviewer = pretreatActor(user(6, ['api.pretreat_reviewer1']), 5)
    const applicator = pretreatActor(user(5), 5)
    const office = pretreatActor(user(7, ['api.view_pretreat', 'api.pretreat_assigner', 'api.add_pretreat']), 5)
    for (const s of PRETREAT_STATE_SETS.applicator) expect([mayFillSheet(s, applicator), mayFillSheet(s, reviewer), mayFillSheet(s, office)]).toEqual([true, true, false])
    for (const s of PRETREAT_STATE_SETS.review) expect([mayFillSheet(s, applicator), mayFillSheet(s, reviewer), mayFillSheet(s, office)]).toEqual([false, true, false])
    // no one fills a completed sheet: nobody is told it is someone else's
    expect(mayFillSheet('completed', office)).toBe(true)
  })

  it('tells a refusal for the sender from one for everyone', () => {
    const office = pretreatActor(user(7, ['api.add_pretreat']))
    expect(pretreatRefusal('pending', live, { type: 'ASSIGN', licenceValid: true, by: office })).toBe('forbidden')
    expect(pretreatRefusal('completed', live, { type: 'ASSIGN', licenceValid: true, by: office })).toBe('not-possible')
    expect(pretreatRefusal('pending', staged, { type: 'SCHEDULE', by: office })).toBeNull()
  })
})

describe('send back (decision 0069)', () => {
  const back = (reason = 'Temps missing'): PretreatStepEvent => ({ type: 'SEND_BACK', reason })
  const applicatorOnly: PretreatActor = { steps: ['SAVE', 'SUBMIT'], reviewer: false, assignee: true }
  it('sends a sheet in review back to its applicator (in progress), who submits it again', () => {
    for (const status of ['to-review', 'to-review1', 'to-review2'] as const) expect(next(status, back())).toBe('in-progress')
    expect(next('in-progress', submit, live, applicatorOnly)).toBe('to-review')
  })
  it('needs a reviewer, a reason, a sheet in review that is not void', () => {
    expect(pretreatRefusal('to-review', live, { ...back(), by: applicatorOnly })).toBe('forbidden')
    expect(next('to-review', back('  '))).toBeNull()
    expect(next('to-review', back(), voided)).toBeNull()
    for (const status of except('to-review', 'to-review1', 'to-review2')) expect(next(status, back())).toBeNull()
  })
})

describe('the named state sets (core/pretreat-states.ts) are the machine’s', () => {
  const where = (event: PretreatStepEvent, by: PretreatActor = ENTITLED_SENDER) => ALL.filter((s) => next(s, event, live, by) !== null)
  const assignee: PretreatActor = { steps: [], reviewer: false, assignee: true }
  const saveable = where({ type: 'SAVE' })

  it('derives each set from the steps the machine takes', () => {
    expect(PRETREAT_STATE_SETS.scheduled).toEqual(where(assign))
    expect(PRETREAT_STATE_SETS.unassigned).toEqual(where(assign).filter((s) => !saveable.includes(s)))
    expect(PRETREAT_STATE_SETS.applicator).toEqual(where({ type: 'SAVE' }, assignee))
    expect(PRETREAT_STATE_SETS.movableOnBoard).toEqual(where({ type: 'PLAN', licenceValid: true }))
    expect(PRETREAT_STATE_SETS.review).toEqual(where({ type: 'REVIEW', level: 1, reviewedFirst: false }))
    expect(PRETREAT_STATE_SETS.applied).toEqual(except(...where(assign)))
    expect(PRETREAT_STATE_SETS.completed).toEqual(ALL.filter((s) => pretreatMachine.root.states[s]?.type === 'final'))
  })
})
