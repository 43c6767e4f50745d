// Restart follow-ups (issue 24, decision 0070). A restart answered "not running" or "not cleaned
// up" raises one for the assigners; a later restart of the same storage answered running and
// cleaned up closes the storage's open ones. Both happen in the restart's own command
// (commands/restarts.ts calls followUpRestart), so they commit with it and run once per its key.
// An assigner may also close one with a note saying how it was resolved (closeFollowUp).
import { z } from 'zod'
import { ConflictError, ForbiddenError, NotFoundError } from '#core/errors.ts'
import { formatDate } from '#core/formats.ts'
import { hasPermission } from '#core/permissions.ts'
import { CloseFollowUpSchema } from '#core/schemas/restart-follow-up.ts'
import type { Executor } from '#db/client.server.ts'
import { closeFollowUpByNote, closeFollowUpsByRestart, lockFollowUp, raiseFollowUp, storageOfPretreat } from '#db/queries/restart-follow-ups.ts'
import { defineCommand, type Actor } from './command.ts'

export const NOT_AN_ASSIGNER = 'Only pre-treat assigners may close a restart follow-up; nothing was changed.'

/** Who follows restarts up: the assigners (superusers hold every permission). */
export const mayFollowUpRestarts = (actor: Pick<Actor, 'is_superuser' | 'permissions'>) => hasPermission(actor, 'api.pretreat_assigner')

/** The refusal of a note for a follow-up already closed. */
export function alreadyClosed(by: string | null, at: Date): string {
  return `This follow-up was already closed${by ? ` by ${by}` : ''} on ${formatDate(at)}; nothing was changed.`
}

/**
 * What a completed restart means for its storage's follow-ups: answered not running or not
 * cleaned up, it raises one; answered running and cleaned up, it closes the storage's open ones.
 * Run in the restart's transaction.
 */
export async function followUpRestart(trx: Executor, restart: { id: number; pretreat_id: number; running: boolean; cleaned_up: boolean }, actorId: number): Promise<void> {
  const storageId = await storageOfPretreat(trx, restart.pretreat_id)
  if (!restart.running || !restart.cleaned_up) {
    await raiseFollowUp(trx, { storage_id: storageId, restart_id: restart.id, not_running: !restart.running, not_cleaned_up: !restart.cleaned_up })
  } else {
    await closeFollowUpsByRestart(trx, storageId, restart.id, actorId)
  }
}

export const closeFollowUp = defineCommand({
  name: 'restart-follow-ups.close',
  // the follow-up the page's address names, set by the route
  schema: CloseFollowUpSchema.extend({ follow_up_id: z.number().int() }),
  async run(trx, actor, input) {
    if (!mayFollowUpRestarts(actor)) throw new ForbiddenError(NOT_AN_ASSIGNER)
    const row = await lockFollowUp(trx, input.follow_up_id)
    if (!row) throw new NotFoundError('No such follow-up.')
    if (row.closed_at) throw new ConflictError(alreadyClosed(row.closed_by_name, row.closed_at))
    await closeFollowUpByNote(trx, row.id, { note: input.note, actorId: actor.id, submissionId: input.submission_id })
    return { id: row.id, storage_id: row.storage_id }
  },
})
