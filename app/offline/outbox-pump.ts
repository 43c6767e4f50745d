// Any page sends what waits (decisions 0048, 0058, 0060): a submit queued offline on a sheet, a
// final checklist saved offline, a sheet's edits left unsent when its page closed, and a field form
// submitted with no signal (form-outbox.ts, its photos first) go as soon as the server answers
// again — on the page's open, on the browser's online event (retried: the link comes up before the
// server can be reached), when a form was just queued, and every 30 s after a ping — whatever page
// is open, not only that sheet. Browser only.
import { useEffect } from 'react'
import { waitsWhenClosed } from './draft-record.ts'
import { userDrafts } from './draft-store.ts'
import { forgetOrphanPhotos } from './device-photos.ts'
import { userFormDrafts } from './form-draft-store.ts'
import { localPhotosOf, queuedForms, sendQueuedForm, setOutboxUser } from './form-outbox.ts'
import { sendWaiting } from './outbox.ts'
import { announceOutboxChange, countWaiting, onSendNow, openSheetsAnywhere, OUTBOX_EVERY_MS, pingServer } from './outbox-state.ts'

const RETRIES_ON_ONLINE = 5
const RETRY_MS = 2_000

export function useOutboxPump(userId: number | null, csrf: string, pingIntervalMs = OUTBOX_EVERY_MS): void {
  useEffect(() => {
    setOutboxUser(userId)
    if (userId === null || typeof indexedDB === 'undefined') return
    let running = false
    let again = false
    let retry: number | undefined
    /** drafts the server answered with a conflict: the sheet's own page asks which copy to keep */
    const conflicted = new Set<string>()

    const sendAll = async (): Promise<boolean> => {
      const open = await openSheetsAnywhere()
      const due = (await userDrafts(userId)).filter((d) => waitsWhenClosed(d) && !open.has(d.draftKey) && !conflicted.has(d.draftKey))
      // a form the server refused waits for its user (who sees why on its form), not for a retry
      const forms = (await queuedForms(userId)).filter((f) => f.refused === undefined)
      if (due.length === 0 && forms.length === 0) return true
      if (!(await pingServer())) return false
      for (const draft of due) {
        const sent = await sendWaiting(draft, csrf)
        if (sent?.kind === 'conflict') conflicted.add(draft.draftKey)
        else if (sent && sent.kind !== 'unreachable' && sent.kind !== 'failed' && sent.kind !== 'signed-out') announceOutboxChange(userId)
        if (sent?.kind === 'unreachable' || sent?.kind === 'failed' || sent?.kind === 'signed-out') return true
      }
      // the oldest first, one at a time: a form may need what an earlier one made
      for (const form of forms.sort((a, b) => (a.queuedAt < b.queuedAt ? -1 : 1))) {
        const sent = await sendQueuedForm(form, csrf)
        if (sent === 'sent' || sent === 'refused') announceOutboxChange(userId)
        if (sent === 'unreachable' || sent === 'failed' || sent === 'signed-out') break
      }
      return true
    }

    /**
     * One run at a time on this page, and one page at a time on this device (where the browser can
     * say): a page waits for another's run to end, then sends what is still waiting. Not skipped:
     * the other page may be another user's, which sends none of this page's items (a stale tab then
     * waited for the next ping to learn that its user is gone; decision 0081).
     */
    const run = async (): Promise<boolean> => {
      if (running) {
        again = true // asked while sending: once more after, for what was queued meanwhile
        return true
      }
      running = true
      try {
        const locks = navigator.locks
        const reached = locks ? await locks.request('sheet-outbox', () => sendAll()) : await sendAll()
        return reached
      } catch {
        return false
      } finally {
        running = false
        await countWaiting(userId).catch(() => undefined)
        if (again) {
          again = false
          void run()
        }
      }
    }

    const onOnline = (tries = RETRIES_ON_ONLINE) => {
      window.clearTimeout(retry)
      void run().then((reached) => {
        if (!reached && tries > 1 && navigator.onLine) retry = window.setTimeout(() => onOnline(tries - 1), RETRY_MS)
      })
    }
    const online = () => onOnline()
    void run()
    void sweepPhotos(userId)
    window.addEventListener('online', online)
    const ping = window.setInterval(() => void run(), pingIntervalMs)
    const releaseSendNow = onSendNow(() => void run())
    return () => {
      releaseSendNow()
      window.removeEventListener('online', online)
      window.clearTimeout(retry)
      window.clearInterval(ping)
    }
  }, [userId, csrf, pingIntervalMs])
}

/** Photos left behind by forms abandoned a week ago (named by no waiting form and no draft) leave the device. */
async function sweepPhotos(userId: number): Promise<void> {
  try {
    const [forms, drafts] = await Promise.all([queuedForms(userId), userFormDrafts(userId)])
    const named = new Set([...forms, ...drafts].flatMap((entry) => localPhotosOf(entry.fields).map(([, localId]) => localId)))
    await forgetOrphanPhotos(userId, named)
  } catch {
    // IndexedDB unavailable: nothing kept, nothing to sweep
  }
}
