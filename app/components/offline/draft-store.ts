// Drafts in IndexedDB (browser only): one record per user and form, see draft-record.ts.
import { draftRecordKey, isUnsynced, type DraftRecord } from './draft-record.ts'

const DB_NAME = 'offline-drafts'
const STORE = 'drafts'

let opening: Promise<IDBDatabase> | undefined

function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1)
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'key' })
      store.createIndex('userId', 'userId')
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => {
      opening = undefined
      reject(request.error)
    }
  })
  return opening
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database()
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode)
    const request = work(tx.objectStore(STORE))
    // resolve once the transaction is durable, not when the request alone succeeds
    tx.oncomplete = () => resolve(request.result)
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error)
  })
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
