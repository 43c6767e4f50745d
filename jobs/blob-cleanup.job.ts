// Removes what no record needs (docs/decisions/0013-files-nobody-owns.md), every hour:
// - unfinished uploads started more than 24 h ago: aborted in the store (also those the database
//   does not know), and their upload_sessions rows marked 'aborted';
// - files attached to no record (storage/attachments.server.ts) and older than 24 h: their rows,
//   completed sessions and stored objects;
// - conversions of posted HTML past their expiry (POST /api/convert/), with their HTML and PDF
//   (the documents area is otherwise kept: storage/derived-documents.server.ts).
// Then the alert counts are recomputed, so pending_aws_imports drops at once.
// Safe to run twice, and twice at once: every step only removes what is still there.
import type { Executor } from '#db/client.server.ts'
import { deleteIfUnattached, UNATTACHED_HOURS, unattachedBlobIds } from '#storage/attachments.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { releaseExpiredConversions } from '#storage/derived-documents.server.ts'
import { aggregateAlerts } from './alert-aggregation.job.ts'

export interface CleanupResult {
  /** upload_sessions rows marked aborted */
  expiredSessions: number
  /** unfinished uploads aborted in the store (known to the database or not) */
  abortedUploads: number
  /** unattached files removed */
  removedBlobs: number
  /** conversions of posted HTML removed (with their HTML and PDF) once expired */
  expiredConversions: number
  /** steps that failed (logged); the next run tries them again */
  failures: number
}

const PAGE = 200

export async function cleanUpBlobs(db: Executor, store: BlobStore, now: Date = new Date()): Promise<CleanupResult> {
  const cutoff = new Date(now.getTime() - UNATTACHED_HOURS * 3600 * 1000)
  const result: CleanupResult = { expiredSessions: 0, abortedUploads: 0, removedBlobs: 0, expiredConversions: 0, failures: 0 }
  const attempt = async (what: string, step: () => Promise<void>) => {
    try {
      await step()
    } catch (error) {
      result.failures += 1
      console.error(`[blob-cleanup] ${what}:`, error instanceof Error ? error.message : error)
    }
  }

  // Sessions first: their uploads are aborted by id even where the store cannot list uploads.
  for (;;) {
    const stale = await db
      .selectFrom('upload_sessions')
      .select(['id', 'key', 'driver_upload_id'])
      .where('status', '=', 'pending')
      .where('created_at', '<', cutoff)
      .orderBy('created_at')
      .limit(PAGE)
      .execute()
    for (const session of stale) {
      await attempt(`abort upload ${session.id}`, () => store.abortMultipart(session.key, session.driver_upload_id))
      // marked whatever the store said: the sweep below (or the bucket's lifecycle rule) gets the parts
      const marked = await db.updateTable('upload_sessions').set({ status: 'aborted', completed_at: now }).where('id', '=', session.id).where('status', '=', 'pending').executeTakeFirst()
      result.expiredSessions += Number(marked.numUpdatedRows)
    }
    if (stale.length < PAGE) break
  }

  await attempt('abort stale uploads in the store', async () => {
    result.abortedUploads = await store.abortStaleUploads(cutoff)
  })

  let after: string | null = null
  for (;;) {
    const ids = await unattachedBlobIds(db, cutoff, after, PAGE)
    for (const id of ids) {
      await attempt(`remove blob ${id}`, async () => {
        if (await deleteIfUnattached(db, store, id)) result.removedBlobs += 1
      })
    }
    if (ids.length < PAGE) break
    after = ids[ids.length - 1]!
  }

  for (let more = true; more;) {
    more = false
    await attempt('remove expired conversions', async () => {
      const removed = await releaseExpiredConversions(db, store, now, PAGE)
      result.expiredConversions += removed
      more = removed === PAGE
    })
  }

  await aggregateAlerts(db)
  return result
}
