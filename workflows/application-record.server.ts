// The application record (issue 12, "Beyond the spec"; docs/decisions/0042): what an Idaho
// professional applicator must keep for every completed pre-treat (IDAPA 02.03.03), taken from the
// data the workflow holds. STUB — the records part fills these in; their signatures are the contract.
import type { Executor } from '#db/client.server.ts'

/** The record items still missing for this pre-treat (labels to name before completion); [] when complete. */
export async function applicationRecordGaps(_db: Executor, _pretreatId: number): Promise<string[]> {
  return []
}

/**
 * Writes (or rewrites) the pre-treat's application record, in the caller's transaction (the one that
 * completes it). Never throws for missing items: the reviewer's step checks applicationRecordGaps first.
 */
export async function keepApplicationRecord(_trx: Executor, _pretreatId: number): Promise<void> {}
