// A move on the dispatch board (issue 24, decision 0066): a card to an applicator's lane (or
// Unassigned) and a day (or none). The day is the PLAN step of the pre-treat machine (its history
// row keeps the days from and to); the lane is the same step as Assign on the lists
// (assignApplicator: the machine's guard, the licence checked on the application date, else the
// planned day, else today; the season check's reason). The licence is checked whenever the day or
// the applicator changes (issue 38): PLAN checks the applicator the card goes to on the new day.
// A card whose application date is set on its sheet stands on that day: the board moves its lane,
// never its day (a move to another day is refused, saying why). The bookings of the target warn:
// the applicator or the card's truck at another storage that day needs the move confirmed (an
// InputError on `confirm` naming them, nothing saved), asked only once the steps themselves are
// possible, so a move the licence refuses is refused, not first confirmed. One transaction: a
// refused lane leaves the day as it was.
import { z } from 'zod'
import { ConflictError, ForbiddenError, NotFoundError } from '#core/errors.ts'
import { applicationDateSet, DISPATCH_MESSAGES } from '#core/dispatch.ts'
import { date, multiLineText } from '#core/schemas/fields.ts'
import { SEASON_REASON_LABEL } from '#core/season-reasons.ts'
import { pretreatActor } from '#core/pretreat-steps.ts'
import { localToday } from '#core/licence.ts'
import { inTransaction, type Executor } from '#db/client.server.ts'
import { lockPretreatStanding } from '#db/queries/pretreat-workflow.ts'
import { permitted } from '#workflows/pretreat.machine.ts'
import type { PretreatSender } from '#workflows/pretreat.server.ts'
import { defineCommand } from './command.ts'
import { applicatorOrNone, assignApplicator, planPretreat, pretreatId, type StepOutcome, unconfirmedBookings } from './pretreat-schedule.ts'

export const MoveSchema = z.object({
  id: pretreatId,
  /** 0: Unassigned */
  applicator: applicatorOrNone,
  /** '' : planned for no day */
  planned_on: z.union([z.literal(''), date(DISPATCH_MESSAGES.plannedOn)]).transform((d) => (d === '' ? null : d)),
  season_reason: multiLineText(SEASON_REASON_LABEL, { optional: true }),
  /** the warnings were shown and the move confirmed */
  confirm: z.literal('yes').optional(),
})

export type MoveInput = z.output<typeof MoveSchema>

export interface MoveOutcome extends StepOutcome {
  /** the history rows it left: PLAN, ASSIGN or UNASSIGN */
  steps: string[]
}

/** Moves pre-treat `input.id` to its applicator's lane and planned day (see the file's head). */
export function movePretreat(db: Executor, input: MoveInput, actor: PretreatSender, today = localToday()): Promise<MoveOutcome> {
  return inTransaction(db, async (trx) => {
    const standing = await lockPretreatStanding(trx, input.id)
    if (!standing) throw new NotFoundError('No such pre-treat.')
    const card = await trx.selectFrom('pretreats').select(['pre_treat_number', 'planned_on', 'application_date']).where('id', '=', input.id).executeTakeFirstOrThrow()
    // one date decides where a card stands (dayOfCard): its application date, when its sheet has one
    const replan = input.planned_on !== (card.application_date ?? card.planned_on)
    if (replan && !permitted({ type: 'PLAN', licenceValid: true, by: pretreatActor(actor, standing.assigned_user_id) })) throw new ForbiddenError()
    if (replan && card.application_date !== null) throw new ConflictError(applicationDateSet(card.pre_treat_number, card.application_date))
    const reassign = (standing.assigned_to ?? 0) !== input.applicator
    if (!replan && !reassign) return { changed: false, steps: [] }
    const unconfirmed = input.confirm === 'yes' ? null : await unconfirmedBookings(trx, input, DISPATCH_MESSAGES.confirm)
    const steps: string[] = []
    if (replan) {
      await planPretreat(trx, input.id, input.planned_on, actor, { applicatorId: input.applicator, today })
      steps.push('PLAN')
    }
    if (reassign) {
      await assignApplicator(trx, input.id, input.applicator, actor, today, input.season_reason)
      steps.push(input.applicator === 0 ? 'UNASSIGN' : 'ASSIGN')
    }
    if (unconfirmed) throw unconfirmed
    return { changed: true, steps }
  })
}

/**
 * The board's move, run once per idempotency key; `today` is the day licences are checked on
 * without a day. It answers nothing (as the lists' steps): the card stands where the move asked,
 * whether this post moved it or an earlier one had.
 */
export function moveCommand({ today = localToday }: { today?: () => string } = {}) {
  return defineCommand({
    name: 'pretreats.dispatch-move',
    schema: MoveSchema,
    async run(trx, actor, input): Promise<null> {
      await movePretreat(trx, input, actor, today())
      return null
    },
  })
}

export const moveOnBoard = moveCommand()
