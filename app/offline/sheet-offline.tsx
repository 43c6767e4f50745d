// The sheet with no signal (decisions 0038, 0048): the form's values kept in IndexedDB on every
// change, sent to the server every `syncIntervalMs` while online, a submit queued while offline and
// sent once back online, the final checklist filled and saved on the device (sent before the
// submit), and a conflict with a newer server copy shown for the applicator to choose.
// It renders the status line (sheet-status.tsx); everything else is effects on the sheet's plain
// <form>s (sheet-form-events.ts), which keep working without JavaScript (then none of this runs).
// What the server refuses goes to the page (onRefused), which shows it by the form's buttons and
// marks the fields. When to send, and what the status line says, is the sync machine's
// (sheet-sync.machine.ts); its I/O is here: the draft in IndexedDB (sheet-draft.ts), the posts and
// pings (sheet-sends.ts) and the form's fields.
import { useNavigate } from '@remix-run/react'
import { useMachine } from '@xstate/react'
import { useCallback, useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import { useCsrfToken } from '../components/csrf.tsx'
import { useRootData } from '../components/shell/root-data.ts'
import { useHydrated } from '../components/use-hydrated.ts'
import { setHidden } from './form-fields.ts'
import { openSheet, PING_EVERY_MS, PING_TIMEOUT_MS, sendWaitingNow } from './outbox-state.ts'
import { useDraftFollowsPage, useSheetDraft, type Refusal, type SheetIO, type SheetPart } from './sheet-draft.ts'
import { useSheetFormEvents } from './sheet-form-events.ts'
import { sheetSends } from './sheet-sends.ts'
import { SheetStatus } from './sheet-status.tsx'
import { sheetSyncMachine } from './sheet-sync.machine.ts'

export { PING_EVERY_MS, PING_TIMEOUT_MS }
export type { Refusal, SheetPart }
export { QUEUED_TEXT } from './sheet-status.tsx'

/** Spec §9: drafts sync to the server every 30 s by default (the sheet passes 60 s). */
export const DRAFT_SYNC_MS = 30_000

export const CHECKLIST_KEPT_TEXT = 'Final checklist saved on this device — it will be sent when you are back online.'

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

  // The page's callbacks change with its renders; the effects read the latest.
  const latest = useRef(props)
  latest.current = props
  const number = useRef(props.number)
  number.current = props.number
  const sheetDraft = useSheetDraft({ formId, checklistFormId, draftKey, version, userId, number })

  // The machine takes this render's effects (io, below; @xstate/react hands the running machine the latest ones).
  const [snapshot, send] = useMachine(
    sheetSyncMachine.provide({
      actors: { send: fromPromise(({ input }) => sends.sendWhatWaits(input)), ping: fromPromise(() => sends.ping()), resolve: fromPromise(({ input }) => sends.resolve(input)) },
      guards: { browserOnline: () => navigator.onLine },
      actions: { goOn: ({ context }) => context.redirect && navigate(context.redirect) },
    }),
    { input: { syncEveryMs: syncIntervalMs, pingEveryMs: pingIntervalMs } },
  )

  // The page renders the hidden input from its state (onVersion), so a redraw keeps the new version;
  // the DOM is set too, for a post sent before React has drawn again.
  const moveVersion = useCallback((el: HTMLFormElement, next: number) => {
    setHidden(el, 'version', String(next))
    latest.current.onVersion?.(next)
  }, [])
  const refuse = useCallback(
    (part: SheetPart, refusal: Refusal | null) => {
      if (latest.current.onRefused) latest.current.onRefused(part, refusal)
      else send({ type: 'SHOW_REFUSAL', message: refusal?.message ?? null })
    },
    [send],
  )
  const keptChecklist = useCallback((kept: boolean) => latest.current.onChecklistKept?.(kept), [])
  const io: SheetIO = { ...sheetDraft, userId, draftKey, sheetId, csrf, moveVersion, refuse, keptChecklist }
  const sends = sheetSends(io, pingTimeoutMs)

  const submitQueued = snapshot.matches({ queue: 'queued' })
  useEffect(() => latest.current.onSubmitQueued?.(submitQueued), [submitQueued])

  // The pump of every tab leaves this sheet's draft to this page while it is open; once it closes,
  // what it did not send is the pump's (asked at once: the user may have left with edits unsent).
  useEffect(() => {
    const release = openSheet(draftKey)
    return () => void release().then(sendWaitingNow)
  }, [draftKey])

  useSheetFormEvents(io, { formId, checklistFormId, version, send })
  useDraftFollowsPage(sheetDraft, version, checklistSavedAt, keptChecklist)

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
  return <SheetStatus snapshot={snapshot} queuedShown={Boolean(props.onSubmitQueued)} onResolve={(choice) => send({ type: 'RESOLVE', choice })} />
}
