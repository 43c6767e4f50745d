// Completing a restart (the restart form, /restarts/{id}; docs/decisions/0041-restarts.md): the
// three answers, the comments, who and when, with the restart's row locked. A restart completes
// once: the same form sent again (a double click, a retry) is answered by runCommand as the first
// post was, and any other post to a completed restart is refused with who completed it.
// The pre-treat's PDF prints the restart, so the route queues the new PDF of a completed pre-treat
// through runCommand's `then` (issue 19 item 25), in the same transaction: its first view is the
// cached one. The answer names the pre-treat for that.
// A restart answered not running or not cleaned up raises a follow-up for the assigners; one
// answered running and cleaned up closes its storage's open ones (commands/restart-follow-ups.ts).
import { z } from 'zod'
import { ConflictError, NotFoundError } from '#core/errors.ts'
import { formatDate } from '#core/formats.ts'
import { RestartSchema } from '#core/schemas/restart.ts'
import { lockRestart, saveRestartCompletion } from '#db/queries/restarts.ts'
import { defineCommand } from './command.ts'
import { followUpRestart } from './restart-follow-ups.ts'

/** The refusal of a post to a restart someone already completed. */
export function alreadyCompleted(by: string | null, at: Date): string {
  return `This restart checklist was already submitted${by ? ` by ${by}` : ''} on ${formatDate(at)}; nothing was changed.`
}

export const completeRestart = defineCommand({
  name: 'restarts.complete',
  // the restart the page's address names, set by the route
  schema: RestartSchema.extend({ restart_id: z.number().int() }),
  async run(trx, actor, input) {
    // two completions of one restart (two users, two tabs) wait here; the second finds it completed
    const row = await lockRestart(trx, input.restart_id)
    if (!row) throw new NotFoundError('No such restart.')
    if (row.completed_at) throw new ConflictError(alreadyCompleted(row.completed_by_name, row.completed_at))
    const answers = { remote: input.remote === 'yes', running: input.running === 'yes', cleaned_up: input.cleaned_up === 'yes', comments: input.comments, submission_id: input.submission_id }
    await saveRestartCompletion(trx, row.id, answers, actor.id)
    // not running or not cleaned up raises a follow-up; running and cleaned up closes the storage's (issue 24)
    await followUpRestart(trx, { id: row.id, pretreat_id: row.pretreat_id, running: answers.running, cleaned_up: answers.cleaned_up }, actor.id)
    return { id: row.id, pretreat_id: row.pretreat_id }
  },
})
