// The season check read again where a pre-treat is assigned and reviewed (decision 0063): what the
// application would do, or did, to its storage's season now, against every warning a reason
// already answered (the form's, and those given at a step since). A warning no reason answers
// needs one given now: without it the step is refused (InputError on the reason field, naming the
// warnings; the caller's transaction then saves nothing); with it the reason and the warnings it
// answers go into the details of the step's history row (who and when are the row's own).
import { InputError } from '#core/errors.ts'
import { SEASON_REASON_FIELD, SEASON_REASON_MISSING, seasonReasonRequired, unansweredWarnings, type SeasonReasonDetail } from '#core/season-reasons.ts'
import type { Executor } from '#db/client.server.ts'
import { pretreatSeasonCheck } from '#db/queries/season.ts'
import { seasonReasonsOf } from '#db/queries/season-reasons.ts'

export interface SeasonReasonAsk {
  /** the day the check is made on while the pre-treat has no application date */
  today: string
  /** the reason posted ('' for none) */
  reason: string
  /** true where the step must not go on without it (assign, the review's submit); a review's Save only keeps one given */
  required: boolean
}

/**
 * The history details the step adds (`{ season_reason }` when a reason answers new warnings, else
 * nothing); throws InputError when a required reason is missing. Call it in the step's
 * transaction, after the step's own changes that move the check (the review's quantities used).
 */
export async function seasonReasonFor(trx: Executor, pretreatId: number, ask: SeasonReasonAsk): Promise<{ season_reason?: SeasonReasonDetail }> {
  const [current, { answered }] = await Promise.all([pretreatSeasonCheck(trx, pretreatId, ask.today), seasonReasonsOf(trx, pretreatId)])
  const open = unansweredWarnings(current, answered)
  if (open.length === 0) return {}
  if (ask.reason === '') {
    if (ask.required) throw new InputError({ '': SEASON_REASON_MISSING, [SEASON_REASON_FIELD]: seasonReasonRequired(open) })
    return {}
  }
  return { season_reason: { reason: ask.reason, warnings: open } }
}
