// Drafts in IndexedDB (browser only): one record per user and form, see draft-record.ts.
import { draftRecordKey, isUnsynced, type DraftRecord } from './draft-record.ts'
import { inStore } from './offline-db.ts'

const STORE = 'drafts'

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return inStore(STORE, mode, work)
}

export function readDraft(userId: number, draftKey: string): Promise<DraftRecord | undefined> {
  return run('readonly', (store) => store.get(draftRecordKey(userId, draftKey)) as IDBRequest<DraftRecord | undefined>)
}

export async function writeDraft(draft: DraftRecord): Promise<void> {
  await run('readwrite', (store) => store.put(draft))
}

export async function deleteDraft(userId: number, draftKey: string): Promise<void> {
  await run('readwrite', (store) => store.delete(draftRecordKey(userId, draftKey)))
}

export function userDrafts(userId: number): Promise<DraftRecord[]> {
  return run('readonly', (store) => store.index('userId').getAll(userId) as IDBRequest<DraftRecord[]>)
}

/**
 * Sign-out: removes the user's drafts the server already holds and returns the ones it does not
 * (they stay: no draft is ever lost; the caller warns).
 */
export async function forgetSyncedDrafts(userId: number): Promise<DraftRecord[]> {
  const drafts = await userDrafts(userId)
  const kept = drafts.filter(isUnsynced)
  for (const draft of drafts) if (!isUnsynced(draft)) await deleteDraft(userId, draft.draftKey)
  return kept
}

/**
 * The server says the session is gone, or another user signed in on this phone (decision 0047): the
 * drafts it already holds go for every user but `keep` (null: for everyone). A draft it does not hold
 * stays, only ever shown to its own user once they sign in again.
 */
export async function forgetSyncedDraftsExcept(keep: number | null): Promise<void> {
  const drafts = await run('readonly', (store) => store.getAll() as IDBRequest<DraftRecord[]>)
  for (const draft of drafts) if (draft.userId !== keep && !isUnsynced(draft)) await deleteDraft(draft.userId, draft.draftKey)
}
