// The sheet's plain forms with JavaScript (SheetOffline): on open, a newer draft on this device is put
// back; every change is kept on the device; Submit (and Save with no signal) goes through the sync
// machine, queued when the network fails; Save Checklist with no signal is kept here and sent later.
import { useEffect } from 'react'
import { checklistComplete, checklistGaps, CHECKLIST_INCOMPLETE } from '#core/pretreat-sheet.ts'
import { shouldRestore, withQueuedChecklist, withQueuedSubmit } from './draft-record.ts'
import { readDraft } from './draft-store.ts'
import { fillForm, hiddenValue } from './form-fields.ts'
import type { SheetIO } from './sheet-draft.ts'
import type { SheetSyncEvent } from './sheet-sync.machine.ts'

interface Options {
  formId: string
  checklistFormId?: string
  /** the server's version of the sheet the page shows */
  version: number
  /** tells the sync machine */
  send: (event: SheetSyncEvent) => void
}

export function useSheetFormEvents(io: SheetIO, { formId, checklistFormId, version, send }: Options) {
  const { form, checklistForm, draft, store, saveLocally, saveChecklistLocally, userId, draftKey, moveVersion, refuse, keptChecklist } = io
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
    read = readDraft(userId, draftKey)
      .then(async (stored) => {
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
      })
      .catch(() => undefined)
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
    // once per sheet: the page's version is read again (useDraftFollowsPage)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, userId, draftKey])
}
