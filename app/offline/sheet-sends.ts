// What the sheet's sync machine asks of SheetOffline (sheet-sync.machine.ts's actors): send what the
// draft holds that the server has not, ping, and apply a conflict's choice.
import { afterSave, differingFields, keepMine, sheetUnsynced, takeServers } from './draft-record.ts'
import { deleteDraft } from './draft-store.ts'
import { fieldLabel, fillForm, hiddenValue } from './form-fields.ts'
import { postSheet, sendQueuedChecklist, sheetFields, type Sent } from './outbox.ts'
import { pingServer } from './outbox-state.ts'
import type { SheetIO } from './sheet-draft.ts'
import type { PingOutcome, ResolveInput, SendInput, SendOutcome } from './sheet-sync.machine.ts'

const failed = (sent: Sent): SendOutcome => ({ type: 'SEND_FAILED', unreachable: sent.kind === 'unreachable' })

export function sheetSends(io: SheetIO, pingTimeoutMs: number) {
  const { draft, form, store, userId, sheetId, draftKey, csrf, moveVersion, refuse, keptChecklist } = io

  /** Sends what the draft holds that the server has not: a checklist saved here first, then the sheet (the queued submit, else a save). */
  const sendWhatWaits = async ({ refusedAt }: SendInput): Promise<SendOutcome> => {
    const el = form()
    if (!el || !draft.current || userId === undefined) return { type: 'NOTHING_SENT' }
    if (draft.current.checklist?.queued) {
      const { draft: next, sent } = await sendQueuedChecklist(draft.current, csrf)
      await store(next)
      if (sent.kind === 'refused') {
        keptChecklist(false)
        refuse('checklist', sent)
        return { type: 'CHECKLIST_REFUSED' }
      }
      if (sent.kind !== 'saved') return failed(sent)
      keptChecklist(false)
      refuse('checklist', null)
    }
    const current = draft.current
    if (!current || !sheetUnsynced(current) || refusedAt === current.savedLocallyAt) return { type: 'NOTHING_SENT' }
    // the form's own id for a save (the server reads it with every intent); the queued one for a submit
    const sent = await postSheet(userId, sheetId, sheetFields(current, hiddenValue(el, 'submission_id')), csrf)
    if (sent.kind === 'submitted') {
      await deleteDraft(userId, draftKey)
      await store(undefined)
      return { type: 'SUBMITTED', redirect: sent.redirect }
    }
    if (sent.kind === 'saved') {
      await store(afterSave(draft.current ?? current, { values: current.values, savedLocallyAt: current.savedLocallyAt }, { version: sent.version, savedAt: sent.savedAt }))
      moveVersion(el, sent.version)
      return { type: 'SAVED', savedAt: sent.savedAt }
    }
    if (sent.kind === 'conflict') {
      const differences = differingFields(current.values, sent.server)
      if (differences.length === 0) {
        // the server already holds these values (a save made by the page itself): send on its version
        await store(keepMine(draft.current ?? current, sent.version))
        moveVersion(el, sent.version)
        return { type: 'REBASED' }
      }
      return { type: 'CONFLICT', conflict: { version: sent.version, server: sent.server, differences: differences.map((d) => ({ ...d, label: fieldLabel(el, d.name) })) } }
    }
    if (sent.kind === 'refused') {
      // refused as it stands: say why, keep the draft, and wait for the next edit
      if (current.pendingSubmit) {
        const { pendingSubmit: _dropped, ...rest } = draft.current ?? current
        await store(rest)
      }
      refuse('sheet', sent)
      return { type: 'REFUSED', savedLocallyAt: current.savedLocallyAt }
    }
    return failed(sent)
  }

  /** Asks /api/ping (3 s at most), and whether the sheet holds what the server has not. */
  const ping = async (): Promise<PingOutcome> => {
    // a ping answered just after the browser said it went offline is old news: offline it is
    if (!(await pingServer(pingTimeoutMs)) || !navigator.onLine) return { type: 'UNREACHED' }
    return { type: 'REACHED', unsent: draft.current !== undefined && sheetUnsynced(draft.current) }
  }

  /** The conflict's choice, kept in the draft and the form; false when there is nothing to apply it to. */
  const resolve = async ({ choice, conflict }: ResolveInput): Promise<boolean> => {
    const current = draft.current
    const el = form()
    if (!current || !el) return false
    if (choice === 'mine') {
      await store(keepMine(current, conflict.version))
    } else {
      await store(takeServers(current, { values: { ...current.values, ...conflict.server }, version: conflict.version }, new Date()))
      fillForm(el, { ...current.values, ...conflict.server })
    }
    moveVersion(el, conflict.version)
    return true
  }

  return { sendWhatWaits, ping, resolve }
}
