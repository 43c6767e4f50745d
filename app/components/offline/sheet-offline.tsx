// The sheet with no signal (decision 0038): the form's values kept in IndexedDB on every change,
// sent to the server every `syncIntervalMs` while online, a submit queued while offline and sent
// once back online, and a conflict with a newer server copy shown for the applicator to choose.
// It renders the status line; everything else is effects on the sheet's plain <form>, which keeps
// working without JavaScript (then none of this runs).
import { useNavigate } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useCsrfToken } from '../csrf.tsx'
import { SUCCESS_MODAL_MS, SUCCESS_TEXT } from '../form/form-result.ts'
import { Modal } from '../modal.tsx'
import { useRootData } from '../shell/root-data.ts'
import { useHydrated } from '../use-hydrated.ts'
import { ConflictDialog, type ShownDifference } from './conflict-dialog.tsx'
import {
  afterSave,
  differingFields,
  isUnsynced,
  keepMine,
  sameValues,
  shouldRestore,
  statusText,
  takeServers,
  withEdit,
  withQueuedSubmit,
  type Connection,
  type DraftRecord,
  type FormValues,
} from './draft-record.ts'
import { deleteDraft, readDraft, writeDraft } from './draft-store.ts'
import { fieldLabel, fillForm, hiddenValue, readForm, setHidden } from './form-fields.ts'

/** Spec §9: drafts sync to the server every 30 s by default (the sheet passes 60 s). */
export const DRAFT_SYNC_MS = 30_000
/** Spec §7/§9: /api/ping every 60 s with a 3 s time-out. */
export const PING_EVERY_MS = 60_000
export const PING_TIMEOUT_MS = 3_000

export const QUEUED_TEXT = 'Submit queued — it will be sent when you are back online.'

interface Conflict {
  version: number
  server: FormValues
  differences: ShownDifference[]
}

interface Answer {
  ok?: boolean
  submitted?: boolean
  redirect?: string
  conflict?: boolean
  version?: number
  savedAt?: string
  server?: FormValues
  message?: string
  errors?: Record<string, string>
}

export interface SheetOfflineProps {
  /** the sheet's <form id>, with hidden `version` and `submission_id` */
  formId: string
  /** the form's data-draft-key, e.g. 'pretreat:12' */
  draftKey: string
  /** the server's version of the sheet the page shows */
  version: number
  sheetId: number
  /** told whenever this component moves the form's version on (its own saves, a restored draft, a conflict's choice) */
  onVersion?: (version: number) => void
  syncIntervalMs?: number
  pingIntervalMs?: number
  pingTimeoutMs?: number
}

export function SheetOffline({ formId, draftKey, version, sheetId, onVersion, syncIntervalMs = DRAFT_SYNC_MS, pingIntervalMs = PING_EVERY_MS, pingTimeoutMs = PING_TIMEOUT_MS }: SheetOfflineProps) {
  const hydrated = useHydrated()
  const userId = useRootData()?.user?.id
  const csrf = useCsrfToken()
  const navigate = useNavigate()
  const [connection, setConnection] = useState<Connection>('online')
  const [lastServerSave, setLastServerSave] = useState<Date | null>(null)
  const [queued, setQueued] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const [submitted, setSubmitted] = useState<string | null>(null)

  const draft = useRef<DraftRecord | undefined>(undefined)
  const sending = useRef(false)
  /** the draft's savedLocallyAt the server refused (400): not sent again until the next edit */
  const refused = useRef<string | null>(null)
  const paused = useRef(false) // while the conflict choice is open
  const form = useCallback(() => document.getElementById(formId) as HTMLFormElement | null, [formId])

  // The page renders the hidden input from its state (onVersion), so a redraw keeps the new version;
  // the DOM is set too, for a post sent before React has drawn again.
  const onVersionRef = useRef(onVersion)
  onVersionRef.current = onVersion
  const moveVersion = useCallback((el: HTMLFormElement, next: number) => {
    setHidden(el, 'version', String(next))
    onVersionRef.current?.(next)
  }, [])

  const store = useCallback(async (next: DraftRecord | undefined) => {
    draft.current = next
    if (next) await writeDraft(next)
  }, [])

  /** The form as it is now, kept on this device. */
  const saveLocally = useCallback(async () => {
    const el = form()
    if (!el || userId === undefined) return
    const values = readForm(el)
    const current = draft.current
    if (current && sameValues(current.values, values)) return
    const baseVersion = Number(hiddenValue(el, 'version')) || version
    await store(withEdit(current, { userId, draftKey, baseVersion }, values, new Date()))
  }, [form, userId, draftKey, version, store])

  /** Sends the draft (a save, or the queued submit) when it holds what the server has not. */
  const sync = useCallback(async () => {
    const current = draft.current
    const el = form()
    if (!el || !current || userId === undefined || sending.current || paused.current || !isUnsynced(current) || refused.current === current.savedLocallyAt) return
    sending.current = true
    const body = new FormData()
    for (const [name, value] of Object.entries(current.values)) body.append(name, value)
    body.set('intent', current.pendingSubmit ? 'submit' : 'save')
    body.set('version', String(current.baseVersion))
    body.set('csrf', csrf)
    // the form's own id for a save (the server reads it with every intent); the queued one for a submit
    body.set('submission_id', current.pendingSubmit?.submissionId ?? hiddenValue(el, 'submission_id'))
    const sent = { values: current.values, savedLocallyAt: current.savedLocallyAt }
    try {
      const response = await fetch(`/api/pretreat-sheet/${sheetId}`, { method: 'POST', body, headers: { 'X-CSRF-Token': csrf } })
      const answer = (await response.json().catch(() => ({}))) as Answer
      if (response.ok && answer.submitted) {
        await deleteDraft(userId, draftKey)
        draft.current = undefined
        setQueued(false)
        setConnection('online')
        setSubmitted(answer.redirect ?? '/pretreats')
      } else if (response.ok && answer.ok && typeof answer.version === 'number') {
        const saved = afterSave(draft.current ?? current, sent, { version: answer.version, savedAt: answer.savedAt ?? new Date().toISOString() })
        await store(saved)
        moveVersion(el, answer.version)
        setLastServerSave(new Date(answer.savedAt ?? Date.now()))
        setConnection('online')
        setMessage(null)
      } else if (response.status === 409 && answer.conflict && typeof answer.version === 'number') {
        const server = answer.server ?? {}
        const differences = differingFields(current.values, server)
        if (differences.length === 0) {
          // the server already holds these values (a save made by the page itself): send on its version
          await store(keepMine(draft.current ?? current, answer.version))
          moveVersion(el, answer.version)
          sending.current = false
          return void (await sync())
        }
        paused.current = true
        setConflict({ version: answer.version, server, differences: differences.map((d) => ({ ...d, label: fieldLabel(el, d.name) })) })
        setConnection('online')
      } else if (response.status === 400 || response.status === 403 || response.status === 404) {
        // refused as it stands: say why, keep the draft, and wait for the next edit
        refused.current = current.savedLocallyAt
        if (current.pendingSubmit) {
          const { pendingSubmit: _dropped, ...rest } = draft.current ?? current
          await store(rest)
          setQueued(false)
        }
        setMessage(answer.message ?? 'Form is incomplete or invalid.')
        setConnection('online')
      } else {
        setConnection('failed')
      }
    } catch {
      setConnection(navigator.onLine ? 'failed' : 'offline')
    } finally {
      sending.current = false
    }
  }, [form, userId, draftKey, sheetId, csrf, store])

  /** Asks /api/ping (3 s at most); online, it sends what waits. True when the server answered. */
  const check = useCallback(async (): Promise<boolean> => {
    const controller = new AbortController()
    const timer = window.setTimeout(() => controller.abort(), pingTimeoutMs)
    let reachable = false
    try {
      reachable = (await fetch('/api/ping', { cache: 'no-store', signal: controller.signal })).ok
    } catch {
      reachable = false
    } finally {
      window.clearTimeout(timer)
    }
    if (!reachable) {
      setConnection('offline')
      return false
    }
    // a failed sync stays said until a send succeeds; with nothing to send the server is simply there
    const waiting = draft.current !== undefined && isUnsynced(draft.current)
    setConnection((now) => (now === 'failed' && waiting ? 'failed' : 'online'))
    await sync()
    return true
  }, [pingTimeoutMs, sync])

  // Open: restore a newer draft, then keep every change on this device.
  useEffect(() => {
    const el = form()
    if (!el || userId === undefined || typeof indexedDB === 'undefined') return
    let live = true
    let filling = false
    const ours = (target: EventTarget | null) => target instanceof Element && (target.id === formId || (target as HTMLInputElement).form?.id === formId)
    const onEdit = (event: Event) => {
      if (!filling && ours(event.target)) void saveLocally()
    }
    const onSubmit = (event: SubmitEvent) => {
      if (!ours(event.target)) return
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
        await saveLocally()
        if (intent === 'submit' && draft.current) {
          const submissionId = hiddenValue(current, 'submission_id') || crypto.randomUUID()
          await store(withQueuedSubmit(draft.current, submissionId))
          refused.current = null
          setQueued(true)
          setMessage(null)
        }
        if (navigator.onLine) await sync()
        else setConnection('offline')
      })()
    }
    void readDraft(userId, draftKey).then((stored) => {
      if (!live) return
      draft.current = stored
      if (shouldRestore(stored, version)) {
        filling = true
        fillForm(el, stored.values)
        filling = false
        moveVersion(el, stored.baseVersion)
      }
      if (stored?.syncedAt) setLastServerSave(new Date(stored.syncedAt))
      if (stored?.pendingSubmit) setQueued(true)
      setConnection(navigator.onLine ? 'online' : 'offline')
      if (navigator.onLine) void check()
    })
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

  // Ping every minute and when the browser says the network changed; sync while online.
  useEffect(() => {
    let retry: number | undefined
    const goOffline = () => setConnection('offline')
    // the browser says "online" as the link comes up, often before the server can be reached
    const goOnline = (tries = 5) => {
      window.clearTimeout(retry)
      void check().then((reachable) => {
        if (!reachable && tries > 1 && navigator.onLine) retry = window.setTimeout(() => goOnline(tries - 1), 2_000)
      })
    }
    const onOnline = () => goOnline()
    window.addEventListener('offline', goOffline)
    window.addEventListener('online', onOnline)
    const ping = window.setInterval(() => void check(), pingIntervalMs)
    const push = window.setInterval(() => {
      if (navigator.onLine) void sync()
    }, syncIntervalMs)
    return () => {
      window.removeEventListener('offline', goOffline)
      window.removeEventListener('online', onOnline)
      window.clearTimeout(retry)
      window.clearInterval(ping)
      window.clearInterval(push)
    }
  }, [check, sync, pingIntervalMs, syncIntervalMs])

  // The Success modal closes itself, then goes on (as AppForm's does).
  useEffect(() => {
    if (!submitted) return
    const timer = window.setTimeout(() => navigate(submitted), SUCCESS_MODAL_MS)
    return () => window.clearTimeout(timer)
  }, [submitted, navigate])

  const resolve = async (choice: 'mine' | 'server') => {
    const current = draft.current
    const el = form()
    if (!conflict || !current || !el) return
    if (choice === 'mine') {
      await store(keepMine(current, conflict.version))
    } else {
      await store(takeServers(current, { values: { ...current.values, ...conflict.server }, version: conflict.version }, new Date()))
      fillForm(el, { ...current.values, ...conflict.server })
    }
    moveVersion(el, conflict.version)
    paused.current = false
    setConflict(null)
    await sync()
  }

  if (!hydrated) return null
  return (
    <div className="offline-status">
      <p role="status" className="muted" data-connection={connection}>
        {statusText(connection, lastServerSave)}
      </p>
      {queued ? <p className="notice">{QUEUED_TEXT}</p> : null}
      {message ? (
        <p role="alert" className="notice notice-error">
          {message}
        </p>
      ) : null}
      {conflict ? <ConflictDialog differences={conflict.differences} onKeepMine={() => void resolve('mine')} onUseServers={() => void resolve('server')} /> : null}
      {submitted ? (
        <Modal title="Success">
          <p role="status">{SUCCESS_TEXT}</p>
        </Modal>
      ) : null}
    </div>
  )
}
