// Completing a restart (the restart form, /restarts/{id}; docs/decisions/0041-restarts.md): the
// three answers, the comments, who and when, in one transaction with the restart's row locked. A
// restart completes once: the same form sent again (a double click, a retry) is answered as the
// first post was, and changes nothing; any other post to a completed restart is refused.
// The pre-treat's PDF prints the restart, so the route's onCompleted queues the new PDF of a
// completed pre-treat in the same transaction (issue 19 item 25): its first view is the cached one.
import { ConflictError, NotFoundError } from '#core/errors.ts'
import { formatDate } from '#core/formats.ts'
import type { RestartInput } from '#core/schemas/restart.ts'
import type { Executor } from '#db/client.server.ts'
import { lockRestart, restartSubmittedWith, saveRestartCompletion } from '#db/queries/restarts.ts'

/** The refusal of a post to a restart someone already completed. */
export function alreadyCompleted(by: string | null, at: Date): string {
  return `This restart checklist was already submitted${by ? ` by ${by}` : ''} on ${formatDate(at)}; nothing was changed.`
}

export const FORM_USED = 'This form was already sent for another restart. Please reload the page.'

export interface RestartOptions {
  /** runs in the completing transaction after the answers are saved, with the pre-treat's id (the route queues its PDF) */
  onCompleted?: (trx: Executor, pretreatId: number) => Promise<unknown>
}

/** Completes the pending restart `id` as `actorId`. `repeated`: this very form had completed it already. */
export async function completeRestart(db: Executor, id: number, input: RestartInput, actorId: number, options: RestartOptions = {}): Promise<{ repeated: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await lockRestart(trx, id)
    if (!row) throw new NotFoundError('No such restart.')
    if (row.completed_at) {
      if (row.submission_id === input.submission_id) return { repeated: true }
      throw new ConflictError(alreadyCompleted(row.completed_by_name, row.completed_at))
    }
    // a submission id belongs to one form: one already used elsewhere is a replayed or forged post
    if (await restartSubmittedWith(trx, input.submission_id)) throw new ConflictError(FORM_USED)
    const answers = { remote: input.remote === 'yes', running: input.running === 'yes', cleaned_up: input.cleaned_up === 'yes', comments: input.comments, submission_id: input.submission_id }
    await saveRestartCompletion(trx, id, answers, actorId)
    await options.onCompleted?.(trx, row.pretreat_id)
    return { repeated: false }
  })
}
