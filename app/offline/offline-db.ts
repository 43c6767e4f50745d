// The device's IndexedDB for the offline work (browser only): the sheets' drafts (draft-store.ts),
// the forms waiting to be sent (form-outbox.ts), the photos kept for them (device-photos.ts) and
// the field forms' drafts (form-drafts.ts),
// each store keyed by `key` with a userId index.
import { withRoomMade } from './device-room.ts'

const DB_NAME = 'offline-drafts'
/** 1: drafts; 2: forms waiting to be sent; 3: photos kept on the device; 4: the field forms' drafts */
const VERSION = 4
const STORES = ['drafts', 'forms', 'photos', 'formDrafts'] as const

let opening: Promise<IDBDatabase> | undefined

function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION)
    request.onupgradeneeded = () => {
      for (const name of STORES) {
        if (request.result.objectStoreNames.contains(name)) continue
        request.result.createObjectStore(name, { keyPath: 'key' }).createIndex('userId', 'userId')
      }
    }
    request.onsuccess = () => {
      // another tab brings a newer version: let it, and open again when next asked
      request.result.onversionchange = () => {
        request.result.close()
        opening = undefined
      }
      resolve(request.result)
    }
    request.onerror = () => {
      opening = undefined
      reject(request.error)
    }
  })
  return opening
}

/**
 * One request in its own transaction, resolved once the transaction is durable (not when the request
 * alone succeeds). A write the full device refuses is tried again once the cached pages are gone:
 * an item, a photo or a draft is never lost to them (device-room.ts).
 */
export function inStore<T>(store: (typeof STORES)[number], mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return mode === 'readwrite' ? withRoomMade(() => request(store, mode, work)) : request(store, mode, work)
}

async function request<T>(store: (typeof STORES)[number], mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database()
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode)
    const request = work(tx.objectStore(store))
    tx.oncomplete = () => resolve(request.result)
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error)
  })
}
