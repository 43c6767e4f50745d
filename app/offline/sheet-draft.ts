// The application sheet's draft on this device (decision 0038), as SheetOffline keeps it: the record
// last written to IndexedDB, every change of the sheet's form and of its final checklist written
// again, and the draft following the page's own saves. What its parts share: SheetIO.
import { useCallback, useEffect, useRef, type MutableRefObject } from 'react'
import { afterChecklistSave, isWaiting, sameValues, withChecklistEdit, withEdit, type DraftRecord } from './draft-record.ts'
import { writeDraft } from './draft-store.ts'
import { hiddenValue, readForm } from './form-fields.ts'
import { countWaiting } from './outbox-state.ts'

/** A refusal to show by a form's buttons: the toast's message, the fields' messages, the inputs to mark. */
export interface Refusal {
  message: string
  errors: Record<string, string>
  missing: string[]
}

export type SheetPart = 'sheet' | 'checklist'

export type SheetDraft = ReturnType<typeof useSheetDraft>

/** What the sheet's sends and form events act on; drawn each render (the machine runs the latest). */
export interface SheetIO extends SheetDraft {
  userId: number | undefined
  draftKey: string
  sheetId: number
  csrf: string
  /** the form's hidden version moved on (the page is told too) */
  moveVersion: (form: HTMLFormElement, version: number) => void
  refuse: (part: SheetPart, refusal: Refusal | null) => void
  keptChecklist: (kept: boolean) => void
}

interface Options {
  formId: string
  checklistFormId?: string
  draftKey: string
  /** the server's version of the sheet the page shows */
  version: number
  userId: number | undefined
  /** the pre-treat's number, kept with the draft (the top bar's list names it so) */
  number: MutableRefObject<string | undefined>
}

export function useSheetDraft({ formId, checklistFormId, draftKey, version, userId, number }: Options) {
  /** the sheet's draft as last kept in IndexedDB (the machine decides when to send it; this is what it holds) */
  const draft = useRef<DraftRecord | undefined>(undefined)
  const form = useCallback(() => document.getElementById(formId) as HTMLFormElement | null, [formId])
  const checklistForm = useCallback(() => (checklistFormId ? (document.getElementById(checklistFormId) as HTMLFormElement | null) : null), [checklistFormId])

  const store = useCallback(
    async (next: DraftRecord | undefined) => {
      const before = draft.current
      if (next && number.current) next = { ...next, number: number.current }
      draft.current = next
      if (next) await writeDraft(next)
      if (userId !== undefined && (before ? isWaiting(before) : false) !== (next ? isWaiting(next) : false)) await countWaiting(userId)
    },
    [userId, number],
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

  return { draft, form, checklistForm, store, saveLocally, saveChecklistLocally }
}

/** The page's own saves (online, without SheetOffline) moved the server on: the draft follows. */
export function useDraftFollowsPage({ draft, form, checklistForm, store }: SheetDraft, version: number, checklistSavedAt: string | undefined, keptChecklist: (kept: boolean) => void) {
  // a save of the sheet: the draft is on the new version, and the server's if it holds the same values
  useEffect(() => {
    const current = draft.current
    const el = form()
    if (!current || !el || version <= current.baseVersion) return
    const same = sameValues(readForm(el), current.values)
    void store({ ...current, baseVersion: version, ...(same && !current.pendingSubmit ? { syncedAt: current.savedLocallyAt } : {}) })
  }, [version, form, store, draft])

  // Save Checklist succeeded: the checklist kept here is the server's, unless changed since
  useEffect(() => {
    const current = draft.current
    const list = checklistForm()
    if (!checklistSavedAt || !current?.checklist || !list || !sameValues(readForm(list), current.checklist.values)) return
    void store(afterChecklistSave(current, current.checklist.savedLocallyAt))
    keptChecklist(false)
  }, [checklistSavedAt, checklistForm, store, keptChecklist, draft])
}
