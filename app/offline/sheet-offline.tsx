// The sheet with no signal (decisions 0038, 0048): the form's values kept in IndexedDB on every
// change, sent to the server every `syncIntervalMs` while online, a submit queued while offline and
// sent once back online, the final checklist filled and saved on the device (sent before the
// submit), and a conflict with a newer server copy shown for the applicator to choose.
// It renders the status line; everything else is effects on the sheet's plain <form>s, which keep
// working without JavaScript (then none of this runs). What the server refuses goes to the page
// (onRefused), which shows it by the form's buttons and marks the fields.
// When to send, and what the status line says, is the sync machine's (sheet-sync.machine.ts); this
// component does its I/O: the draft in IndexedDB, the posts, the pings and the form's fields.
import { useNavigate } from '@remix-run/react'
import { useMachine } from '@xstate/react'
import { useCallback, useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import { checklistComplete, checklistGaps, CHECKLIST_INCOMPLETE } from '#core/pretreat-sheet.ts'
import { useCsrfToken } from '../components/csrf.tsx'
import { SUCCESS_TEXT } from '../components/form/form-result.ts'
import { Modal } from '../components/modal.tsx'
import { useRootData } from '../components/shell/root-data.ts'
import { useHydrated } from '../components/use-hydrated.ts'
import { ConflictDialog } from './conflict-dialog.tsx'
import {
  afterChecklistSave,
  afterSave,
  differingFields,
  isWaiting,
  keepMine,
  sameValues,
  sheetUnsynced,
  shouldRestore,
  statusText,
  takeServers,
  withChecklistEdit,
  withEdit,
  withQueuedChecklist,
  withQueuedSubmit,
  type DraftRecord,
} from './draft-record.ts'
import { deleteDraft, readDraft, writeDraft } from './draft-store.ts'
import { fieldLabel, fillForm, hiddenValue, readForm, setHidden } from './form-fields.ts'
import { postSheet, sendQueuedChecklist, sheetFields, type Sent } from './outbox.ts'
import { countWaiting, openSheet, PING_EVERY_MS, PING_TIMEOUT_MS, pingServer, sendWaitingNow } from './outbox-state.ts'
import { connectionOf, sheetSyncMachine, type PingOutcome, type ResolveInput, type SendInput, type SendOutcome } from './sheet-sync.machine.ts'

export { PING_EVERY_MS, PING_TIMEOUT_MS }

/** Spec §9: drafts sync to the server every 30 s by default (the sheet passes 60 s). */
export const DRAFT_SYNC_MS = 30_000

export const QUEUED_TEXT = 'Submit queued — it will be sent when you are back online.'
export const CHECKLIST_KEPT_TEXT = 'Final checklist saved on this device — it will be sent when you are back online.'

/** A refusal to show by a form's buttons: the toast's message, the fields' messages, the inputs to mark. */
export interface Refusal {
  message: string
  errors: Record<string, string>
  missing: string[]
}

export type SheetPart = 'sheet' | 'checklist'

export interface SheetOfflineProps {
  /** the sheet's <form id>, with hidden `version` and `submission_id` */
  formId: string
  /** the final checklist's <form id> (its own post, intent=checklist) */
  checklistFormId?: string
  /** the form's data-draft-key, e.g. 'pretreat:12' */
  draftKey: string
  /** the server's version of the sheet the page shows */
  version: number
  sheetId: number
  /** the pre-treat's number (PT-26-000012): how the top bar's list names the sheet's draft */
  number?: string
  /** told whenever this component moves the form's version on (its own saves, a restored draft, a conflict's choice) */
  onVersion?: (version: number) => void
  /** what the server refused (null: the refusal is over), for the page to show by that form's buttons */
  onRefused?: (part: SheetPart, refusal: Refusal | null) => void
  /** whether a checklist saved with no signal waits on this device (the page says so by its button) */
  onChecklistKept?: (kept: boolean) => void
  /** whether a submit waits on this device (the page says so by its Submit button, where it was pressed) */
  onSubmitQueued?: (queued: boolean) => void
  /** when the page's own Save Checklist last succeeded: the checklist kept here is the server's now */
  checklistSavedAt?: string
  syncIntervalMs?: number
  pingIntervalMs?: number
  pingTimeoutMs?: number
}

export function SheetOffline(props: SheetOfflineProps) {
  const { formId, checklistFormId, draftKey, version, sheetId, checklistSavedAt, syncIntervalMs = DRAFT_SYNC_MS, pingIntervalMs = PING_EVERY_MS, pingTimeoutMs = PING_TIMEOUT_MS } = props
  const hydrated = useHydrated()
  const userId = useRootData()?.user?.id
  const csrf = useCsrfToken()
  const navigate = useNavigate()

  /** the sheet's draft as last kept in IndexedDB (the machine decides when to send it; this is what it holds) */
  const draft = useRef<DraftRecord | undefined>(undefined)
  // The machine takes this render's effects (defined below; @xstate/react hands the running machine the latest ones).
  const [snapshot, send] = useMachine(
    sheetSyncMachine.provide({
      actors: { send: fromPromise(({ input }) => sendWhatWaits(input)), ping: fromPromise(() => ping()), resolve: fromPromise(({ input }) => resolve(input)) },
      guards: { browserOnline: () => navigator.onLine },
      actions: { goOn: ({ context }) => context.redirect && navigate(context.redirect) },
    }),
    { input: { syncEveryMs: syncIntervalMs, pingEveryMs: pingIntervalMs } },
  )
  const form = useCallback(() => document.getElementById(formId) as HTMLFormElement | null, [formId])
  const checklistForm = useCallback(() => (checklistFormId ? (document.getElementById(checklistFormId) as HTMLFormElement | null) : null), [checklistFormId])

  // The page's callbacks change with its renders; the effects read the latest.
  const latest = useRef(props)
  latest.current = props
  // The page renders the hidden input from its state (onVersion), so a redraw keeps the new version;
  // the DOM is set too, for a post sent before React has drawn again.
  const moveVersion = useCallback((el: HTMLFormElement, next: number) => {
    setHidden(el, 'version', String(next))
    latest.current.onVersion?.(next)
  }, [])
  const refuse = useCallback((part: SheetPart, refusal: Refusal | null) => {
    if (latest.current.onRefused) latest.current.onRefused(part, refusal)
    else send({ type: 'SHOW_REFUSAL', message: refusal?.message ?? null })
  }, [send])
  const keptChecklist = useCallback((kept: boolean) => latest.current.onChecklistKept?.(kept), [])
  const submitQueued = snapshot.matches({ queue: 'queued' })
  useEffect(() => latest.current.onSubmitQueued?.(submitQueued), [submitQueued])

  // The pump of every tab leaves this sheet's draft to this page while it is open; once it closes,
  // what it did not send is the pump's (asked at once: the user may have left with edits unsent).
  useEffect(() => {
    const release = openSheet(draftKey)
    return () => void release().then(sendWaitingNow)
  }, [draftKey])

  const store = useCallback(
    async (next: DraftRecord | undefined) => {
      const before = draft.current
      if (next && latest.current.number) next = { ...next, number: latest.current.number }
      draft.current = next
      if (next) await writeDraft(next)
      if (userId !== undefined && (before ? isWaiting(before) : false) !== (next ? isWaiting(next) : false)) await countWaiting(userId)
    },
    [userId],
  )

  /** Whose draft, and the version the form's values are based on. */
  const base = useCallback(() => {
    const el = form()
    return { userId: userId ?? 0, draftKey, baseVersion: (el && Number(hiddenValue(el, 'version'))) || version }
  }, [userId, draftKey, form, version])

  /** The sheet form as it is now, kept on this device. */
  const saveLocally = useCallback(async () => {
    const el = form()
    if (!el || userId === undefined) return
    const values = readForm(el)
    const current = draft.current
    if (current && sameValues(current.values, values)) return
    await store(withEdit(current, base(), values, new Date()))
  }, [form, userId, base, store])

  /** The checklist form as it is now, kept on this device. */
  const saveChecklistLocally = useCallback(async () => {
    const el = form()
    const list = checklistForm()
    if (!el || !list || userId === undefined) return
    const values = readForm(list)
    const current = draft.current
    if (current?.checklist && sameValues(current.checklist.values, values)) return
    await store(withChecklistEdit(current, base(), readForm(el), values, new Date()))
  }, [form, checklistForm, userId, base, store])

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
  const failed = (sent: Sent): SendOutcome => ({ type: 'SEND_FAILED', unreachable: sent.kind === 'unreachable' })

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

  // Open: restore a newer draft, then keep every change on this device.
  useEffect(() => {
    const el = form()
    if (!el || userId === undefined || typeof indexedDB === 'undefined') return
    let live = true
    let filling = false
    const inForm = (target: EventTarget | null, id: string | undefined) => id !== undefined && target instanceof Element && (target.id === id || (target as HTMLInputElement).form?.id === id)
    // an edit made before the stored draft was read waits for it: else the read would replace it
    let read: Promise<void> = Promise.resolve()
    const onEdit = (event: Event) => {
      if (filling) return
      if (inForm(event.target, formId)) void read.then(saveLocally)
      else if (inForm(event.target, checklistFormId)) void read.then(saveChecklistLocally)
    }
    const onSubmit = (event: SubmitEvent) => {
      if (inForm(event.target, checklistFormId)) return onChecklistSubmit(event)
      if (!inForm(event.target, formId)) return
      const submitter = event.submitter
      const intent = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? (submitter.name === 'intent' ? submitter.value : null) : null
      // Submit always goes through here with JavaScript (queued when the network fails); a save
      // only while offline (online, the page's own save runs).
      if (intent !== 'submit' && !(intent === 'save' && !navigator.onLine)) return
      // window, capture phase: before React's handlers on the document, which never see it
      event.preventDefault()
      event.stopPropagation()
      const current = form() ?? el
      void (async () => {
        await read
        await saveLocally()
        const submit = intent === 'submit' && draft.current !== undefined
        if (submit && draft.current) {
          const submissionId = hiddenValue(current, 'submission_id') || crypto.randomUUID()
          await store(withQueuedSubmit(draft.current, submissionId))
          refuse('sheet', null)
        }
        send({ type: 'SAVE', submit })
      })()
    }
    // Save Checklist with no signal: kept here (when complete, as the server would ask) and sent later.
    const onChecklistSubmit = (event: SubmitEvent) => {
      // online the page's own save runs; conform checks a field by a submit of its own (__intent__)
      if (navigator.onLine || event.submitter?.getAttribute('name') === '__intent__') return
      event.preventDefault()
      event.stopPropagation()
      void (async () => {
        await read
        await saveChecklistLocally()
        const values = draft.current?.checklist?.values ?? {}
        if (!draft.current || !checklistComplete(values)) return refuse('checklist', { message: CHECKLIST_INCOMPLETE, errors: {}, missing: checklistGaps(values) })
        await store(withQueuedChecklist(draft.current))
        refuse('checklist', null)
        keptChecklist(true)
        send({ type: 'CHECKLIST_KEPT' })
      })()
    }
    read = readDraft(userId, draftKey).then(async (stored) => {
      if (!live) return
      draft.current = stored
      filling = true
      if (shouldRestore(stored, version)) {
        fillForm(el, stored.values)
        moveVersion(el, stored.baseVersion)
      }
      const list = checklistForm()
      if (stored?.checklist && list) fillForm(list, stored.checklist.values)
      filling = false
      if (stored?.checklist?.queued) keptChecklist(true)
      if (stored?.refusal) {
        // what another page sent was refused: said here, once
        refuse('sheet', { message: stored.refusal, errors: {}, missing: [] })
        const { refusal: _said, ...rest } = stored
        await store(rest)
      }
      // with signal, the machine pings at once and sends what waits
      send({ type: 'RESTORED', syncedAt: stored?.syncedAt ?? null, queued: stored?.pendingSubmit !== undefined })
    }).catch(() => undefined)
    // on the window, so a form React renders again (the checklist toggle) is still heard
    window.addEventListener('input', onEdit, true)
    window.addEventListener('change', onEdit, true)
    window.addEventListener('submit', onSubmit, true)
    return () => {
      live = false
      window.removeEventListener('input', onEdit, true)
      window.removeEventListener('change', onEdit, true)
      window.removeEventListener('submit', onSubmit, true)
    }
    // once per sheet: the page's version is read again below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, userId, draftKey])

  // The page's own save (online, without this component) moved the server on: the draft follows.
  useEffect(() => {
    const current = draft.current
    const el = form()
    if (!current || !el || version <= current.baseVersion) return
    const same = sameValues(readForm(el), current.values)
    void store({ ...current, baseVersion: version, ...(same && !current.pendingSubmit ? { syncedAt: current.savedLocallyAt } : {}) })
  }, [version, form, store])

  // The page's own Save Checklist succeeded: the checklist kept here is the server's, unless changed since.
  useEffect(() => {
    const current = draft.current
    const list = checklistForm()
    if (!checklistSavedAt || !current?.checklist || !list || !sameValues(readForm(list), current.checklist.values)) return
    void store(afterChecklistSave(current, current.checklist.savedLocallyAt))
    keptChecklist(false)
  }, [checklistSavedAt, checklistForm, store, keptChecklist])

  // What the browser says of the network; the machine pings every minute and sends every syncIntervalMs itself.
  useEffect(() => {
    const wentOffline = () => send({ type: 'WENT_OFFLINE' })
    const backOnline = () => send({ type: 'BACK_ONLINE' })
    window.addEventListener('offline', wentOffline)
    window.addEventListener('online', backOnline)
    return () => {
      window.removeEventListener('offline', wentOffline)
      window.removeEventListener('online', backOnline)
    }
  }, [send])

  if (!hydrated) return null
  const connection = connectionOf(snapshot)
  const { lastServerSave, message, conflict } = snapshot.context
  return (
    <div className="offline-status">
      <p role="status" className="muted" data-connection={connection}>
        {statusText(connection, lastServerSave ? new Date(lastServerSave) : null)}
      </p>
      {submitQueued && !props.onSubmitQueued ? <p className="notice">{QUEUED_TEXT}</p> : null}
      {message ? (
        <p role="alert" className="notice notice-error">
          {message}
        </p>
      ) : null}
      {conflict && snapshot.matches({ send: 'conflict' }) ? (
        <ConflictDialog differences={conflict.differences} onKeepMine={() => send({ type: 'RESOLVE', choice: 'mine' })} onUseServers={() => send({ type: 'RESOLVE', choice: 'server' })} />
      ) : null}
      {snapshot.matches({ send: 'submitted' }) ? (
        <Modal title="Success">
          <p role="status">{SUCCESS_TEXT}</p>
        </Modal>
      ) : null}
    </div>
  )
}
