// Restarts (spec §2 "Restart form and lists"; docs/decisions/0041): one per pre-treat, opened
// (pending) in the transaction that submits its application sheet, completed once by the restart form.
import type { Executor } from '#db/client.server.ts'

/** Opens the pre-treat's pending restart; a second call leaves the first (one per pre-treat). */
export async function openRestart(trx: Executor, pretreatId: number): Promise<void> {
  await trx.insertInto('restarts').values({ pretreat_id: pretreatId }).onConflict((oc) => oc.column('pretreat_id').doNothing()).execute()
}
