// The pre-treat lists' steps (docs/decisions/0036): Stage / Schedule (the `upcoming` flag) and
// assigning an applicator, each through runPretreatStep, so the machine decides and every step
// leaves its history row. The button names the state it wants, not a toggle: a form sent twice
// (a double click, a retry) finds it done and changes nothing more. Refusals are ConflictErrors
// with a message that says why (the list shows it), and nothing is saved. Who may take each step
// is the machine's guard's to say (core/pretreat-steps.ts, the same map the lists' buttons read).
// Assigning reads the season check again (decision 0063): a warning no reason answers yet needs
// one given with the step (commands/season-reason.ts), kept in the step's history row. It also
// reads the day's bookings: an applicator or truck booked elsewhere that day needs the Assign
// confirmed, as a move on the dispatch board does.
import { z } from 'zod'
import { CONFIRM_FIELD, DISPATCH_MESSAGES, unconfirmedMessage } from '#core/dispatch.ts'
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { date, id, multiLineText } from '#core/schemas/fields.ts'
import { SEASON_REASON_LABEL } from '#core/season-reasons.ts'
import { licenceHoldsOn, localToday } from '#core/schemas/applicator.ts'
import { inTransaction, type Executor } from '#db/client.server.ts'
import { bookingClashes } from '#db/queries/dispatch.ts'
import { lockPretreatStanding, savePretreatFlags, type PretreatStanding } from '#db/queries/pretreat-workflow.ts'
import { pretreatActor } from '#core/pretreat-steps.ts'
import { permitted, type PretreatStepEvent } from '#workflows/pretreat.machine.ts'
import { runPretreatStep, type PretreatSender } from '#workflows/pretreat.server.ts'
import { defineCommand } from './command.ts'
import { seasonReasonFor } from './season-reason.ts'

export const SCHEDULE_MESSAGES = {
  void: 'This pre-treat is void: unvoid it on its form first.',
  stageAssigned: 'Only a pre-treat with no applicator can be staged: unassign it first.',
  stagedAssign: 'A staged pre-treat cannot be assigned: schedule it first.',
  started: 'This pre-treat is past the point where that step is possible.',
  expired: "That applicator's licence expires before the application date: choose another applicator.",
  /** a new day for a pre-treat whose applicator stays (issue 38) */
  expiredOnDay: "The applicator's licence is not valid on that day: choose another day or another applicator.",
  unknownApplicator: 'Choose an applicator from the list.',
  unassignStarted: 'The application sheet is started: choose another applicator instead of Unassigned.',
} as const

export interface StepOutcome {
  /** false when the pre-treat already stood where the request asked (a resent form) */
  changed: boolean
}

async function standingOf(trx: Executor, id: number): Promise<PretreatStanding> {
  const standing = await lockPretreatStanding(trx, id)
  if (!standing) throw new NotFoundError('No such pre-treat.')
  return standing
}

/** The machine's refusal, told as the reason a person can act on. */
const refusedBecause = (reason: string) => () => new ConflictError(reason)

/**
 * Who may take the step is the machine's to say (every guard asks `permitted` first) even when the
 * step finds the pre-treat already where it asks: one who may not is refused, not told it is done.
 */
function requireMayTake(standing: PretreatStanding, step: PretreatStepEvent, actor: PretreatSender): void {
  if (!permitted({ ...step, by: pretreatActor(actor, standing.assigned_user_id) })) throw new ForbiddenError()
}

/**
 * Stage (`upcoming: true`: off the schedule) or Schedule (`upcoming: false`). Already there: nothing
 * changes. The machine allows it only for a pending pre-treat that is not void.
 */
export function setUpcoming(db: Executor, id: number, upcoming: boolean, actor: PretreatSender): Promise<StepOutcome> {
  const run = async (trx: Executor) => {
    const standing = await standingOf(trx, id)
    const step = { type: upcoming ? 'STAGE' : 'SCHEDULE' } as const
    requireMayTake(standing, step, actor)
    if (standing.upcoming === upcoming) return { changed: false }
    await runPretreatStep(trx, id, step, {
      actor,
      apply: (t) => savePretreatFlags(t, id, { upcoming }),
      refusal: refusedBecause(standing.void ? SCHEDULE_MESSAGES.void : upcoming && standing.status === 'assigned' ? SCHEDULE_MESSAGES.stageAssigned : SCHEDULE_MESSAGES.started),
    })
    return { changed: true }
  }
  return inTransaction(db, run)
}

/** The day a licence must be valid on: the application date, or today when none is set. */
export function applicationDay(applicationDate: string | null, today = localToday()): string {
  return applicationDate ?? today
}

/** The day an applicator's licence must hold on: the application date, else the planned day (issue 24), else today. */
const licenceDay = (applicationDate: string | null, plannedOn: string | null, today: string) => applicationDay(applicationDate ?? plannedOn, today)

/**
 * Gives pre-treat `id` to applicator `applicatorId`, or takes it back when the id is 0
 * ('Unassigned'). The licence is looked up here, never taken from the browser: it must not expire
 * before the application date (today when none is set). Already so: nothing changes. Once the
 * machine allows the step, a season warning no reason answers yet needs `seasonReason` (else an
 * InputError on the reason field, nothing saved); given, it is kept in the ASSIGN row's details.
 */
export function assignApplicator(db: Executor, id: number, applicatorId: number, actor: PretreatSender, today = localToday(), seasonReason = ''): Promise<StepOutcome> {
  const run = async (trx: Executor): Promise<StepOutcome> => {
    const standing = await standingOf(trx, id)
    if (applicatorId === 0) {
      requireMayTake(standing, { type: 'UNASSIGN' }, actor)
      if (standing.assigned_to === null) return { changed: false }
      await runPretreatStep(
        trx,
        id,
        { type: 'UNASSIGN' },
        {
          actor,
          details: { from_applicator_id: standing.assigned_to },
          apply: async (t) => void (await t.updateTable('pretreats').set({ assigned_to: null }).where('id', '=', id).execute()),
          refusal: refusedBecause(standing.void ? SCHEDULE_MESSAGES.void : SCHEDULE_MESSAGES.unassignStarted),
        },
      )
      return { changed: true }
    }
    requireMayTake(standing, { type: 'ASSIGN', licenceValid: true }, actor)
    const applicator = await trx.selectFrom('applicators').select(['id', 'license', 'expiration']).where('id', '=', applicatorId).where('active', '=', true).executeTakeFirst()
    if (!applicator) throw new ConflictError(SCHEDULE_MESSAGES.unknownApplicator)
    if (standing.assigned_to === applicatorId) return { changed: false }
    const { application_date, planned_on } = await trx.selectFrom('pretreats').select(['application_date', 'planned_on']).where('id', '=', id).executeTakeFirstOrThrow()
    const licenceValid = licenceHoldsOn(applicator, licenceDay(application_date, planned_on, today))
    await runPretreatStep(
      trx,
      id,
      { type: 'ASSIGN', licenceValid },
      {
        actor,
        details: { applicator_id: applicatorId, from_applicator_id: standing.assigned_to },
        apply: async (t) => {
          await t.updateTable('pretreats').set({ assigned_to: applicatorId }).where('id', '=', id).execute()
          return seasonReasonFor(t, id, { today, reason: seasonReason, required: true })
        },
        refusal: refusedBecause(standing.void ? SCHEDULE_MESSAGES.void : standing.upcoming ? SCHEDULE_MESSAGES.stagedAssign : !licenceValid ? SCHEDULE_MESSAGES.expired : SCHEDULE_MESSAGES.started),
      },
    )
    return { changed: true }
  }
  return inTransaction(db, run)
}

/**
 * Plans pre-treat `id` for `plannedOn` (null: no day), the PLAN step (issue 24, decision 0066: the
 * dispatch board and the assign window); its history row keeps the day from and to. Already so:
 * nothing changes. The machine allows it while the pre-treat is pending or assigned, not void, and
 * only when the applicator it goes to — `applicatorId` when the same step also assigns one (0:
 * Unassigned), else its own — holds a licence valid on its day (issue 38: a new day is checked as a
 * new applicator is).
 */
export function planPretreat(
  db: Executor,
  id: number,
  plannedOn: string | null,
  actor: PretreatSender,
  { applicatorId, today = localToday() }: { applicatorId?: number; today?: string } = {},
): Promise<StepOutcome> {
  return inTransaction(db, async (trx) => {
    const standing = await standingOf(trx, id)
    requireMayTake(standing, { type: 'PLAN', licenceValid: true }, actor)
    const { planned_on: from, application_date } = await trx.selectFrom('pretreats').select(['planned_on', 'application_date']).where('id', '=', id).executeTakeFirstOrThrow()
    if (from === plannedOn) return { changed: false }
    const holder = applicatorId ?? standing.assigned_to ?? 0
    let licenceValid = true
    if (holder !== 0) {
      const applicator = await trx.selectFrom('applicators').select(['license', 'expiration']).where('id', '=', holder).executeTakeFirst()
      if (!applicator) throw new ConflictError(SCHEDULE_MESSAGES.unknownApplicator)
      licenceValid = licenceHoldsOn(applicator, licenceDay(application_date, plannedOn, today))
    }
    await runPretreatStep(
      trx,
      id,
      { type: 'PLAN', licenceValid },
      {
        actor,
        details: { planned_on: plannedOn, from_planned_on: from },
        apply: async (t) => void (await t.updateTable('pretreats').set({ planned_on: plannedOn }).where('id', '=', id).execute()),
        refusal: refusedBecause(
          standing.void ? SCHEDULE_MESSAGES.void : !licenceValid ? (holder === standing.assigned_to ? SCHEDULE_MESSAGES.expiredOnDay : SCHEDULE_MESSAGES.expired) : SCHEDULE_MESSAGES.started,
        ),
      },
    )
    return { changed: true }
  })
}

/** A pre-treat's id, and an applicator's (or 0: none), as a row's button or the board posts them: decimal digits only. */
export const pretreatId = id('No such pre-treat.')
export const applicatorOrNone = id(SCHEDULE_MESSAGES.unknownApplicator, { none: true })

/** The planned day an assign form may send (absent: left as it is; '': no day). */
const plannedOn = z
  .union([z.literal(''), date('Planned date')])
  .transform((d) => (d === '' ? null : d))
  .optional()

/** The row forms' steps: what a list's button posts. */
export const RowStepSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.enum(['stage', 'schedule']), id: pretreatId }),
  z.object({
    intent: z.literal('assign'),
    id: pretreatId,
    applicator: applicatorOrNone,
    season_reason: multiLineText(SEASON_REASON_LABEL, { optional: true }),
    planned_on: plannedOn,
    /** the booking warnings were shown and the Assign confirmed */
    confirm: z.literal('yes').optional(),
  }),
])

/**
 * What refuses a step that books pre-treat `step.id`'s applicator, or its truck, where another
 * pre-treat has them that day (its application date, else the day asked — `planned_on` absent: the
 * day it has): an InputError on `confirm`, each booking named, then `then` (what to do); null when
 * nothing clashes. Read before the step, thrown by the caller (before the step, or after it so that
 * a refusal of the step itself comes first: the transaction undoes it). Unconfirmed steps only: the
 * Assign here and the dispatch board's move (decision 0066). Nothing to confirm when neither the
 * applicator nor the day changes.
 */
export async function unconfirmedBookings(trx: Executor, step: { id: number; applicator: number; planned_on?: string | null }, then: string): Promise<InputError | null> {
  const current = await trx.selectFrom('pretreats').select(['assigned_to', 'planned_on']).where('id', '=', step.id).executeTakeFirst()
  if (!current) throw new NotFoundError('No such pre-treat.')
  const day = step.planned_on === undefined ? current.planned_on : step.planned_on
  if ((current.assigned_to ?? 0) === step.applicator && day === current.planned_on) return null
  const warnings = await bookingClashes(trx, step.id, step.applicator, day)
  return warnings.length > 0 ? new InputError({ [CONFIRM_FIELD]: unconfirmedMessage(warnings, then) }) : null
}

/**
 * A row's Stage, Schedule or Assign; `today` is the day a licence is checked on when no application
 * date is set. It answers nothing: the pre-treat stands where the button asked, whether this press
 * moved it or an earlier one had.
 */
export function rowStepCommand({ today = localToday }: { today?: () => string } = {}) {
  return defineCommand({
    name: 'pretreats.row-step',
    schema: RowStepSchema,
    async run(trx, actor, step): Promise<null> {
      if (step.intent === 'assign') {
        const unconfirmed = step.confirm === 'yes' ? null : await unconfirmedBookings(trx, step, DISPATCH_MESSAGES.confirmAssign)
        if (unconfirmed) throw unconfirmed
        // the assign window's planned day first: the licence is checked on it
        if (step.planned_on !== undefined) await planPretreat(trx, step.id, step.planned_on, actor, { applicatorId: step.applicator, today: today() })
        await assignApplicator(trx, step.id, step.applicator, actor, today(), step.season_reason)
      } else await setUpcoming(trx, step.id, step.intent === 'stage', actor)
      return null
    },
  })
}

export const takeRowStep = rowStepCommand()
