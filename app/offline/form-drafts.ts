// Drafts of the field forms (issue 22; browser only): what the user types in a form that can wait in
// the outbox is kept on the device, per user, as they type (half a second after the last change),
// and put back when the same form is opened again — after a reload, a closed tab or a lost
// connection. Photos come back too (they are on the device already: `{field}_local`). A draft goes
// once its form was queued or taken by the server, or when the user starts over.
// The application sheet keeps its own drafts (draft-store.ts, decision 0038).
import { useEffect, useState } from 'react'
import { useLocation } from '@remix-run/react'
import { ENHANCED_FIELD } from '../components/form/form-result.ts'
import type { FormDraft } from './form-draft-store.ts'
import { outboxUser } from './form-outbox.ts'
import { inStore } from './offline-db.ts'
import { fill, OUTBOX_PARAM, useReopenedFromOutbox, type SetList } from './restore-form.ts'

const SAVE_AFTER_MS = 500
export const draftRestoredText = (when: string) => `Restored what you typed on this device (${when}).`

function fieldsOf(form: HTMLFormElement): [string, string][] {
  const fields: [string, string][] = []
  for (const [name, value] of new FormData(form)) if (typeof value === 'string' && name !== 'csrf' && name !== ENHANCED_FIELD) fields.push([name, value])
  return fields
}

/** What the user typed, for comparing: the fields without the submission id (a new one each time the page is drawn). */
const typed = (fields: readonly [string, string][]) => JSON.stringify(fields.filter(([name]) => name !== 'submission_id'))

const draftKeyOf = (pathname: string, search: string, formId: string) => {
  const params = new URLSearchParams(search)
  params.delete(OUTBOX_PARAM)
  const query = params.toString()
  return `${pathname}${query ? `?${query}` : ''}#${formId}`
}

/** The draft of form `formId` at `address` goes: the user starts that form afresh (Start over, a receipt's new type). Its photos go with the week's sweep. */
export async function discardDraft(address: string, formId: string): Promise<void> {
  const userId = outboxUser()
  const { pathname, search } = new URL(address, window.location.origin)
  if (userId !== null) await inStore('formDrafts', 'readwrite', (store) => store.delete(`${userId}:${draftKeyOf(pathname, search, formId)}`)).catch(() => undefined)
}

/**
 * Keeps form `formId`'s values on the device while `enabled`, and fills them back in once when the
 * page opens (not for a form reopened from the outbox: that one is the outbox's copy). Returns when
 * the restored draft was saved, its submission id (the form sends under it), and a way to start over.
 */
export function useFormDraft(formId: string, enabled: boolean, setList?: SetList): { restoredAt: string | null; submissionId: string | null; startOver: () => Promise<void> } {
  const { pathname, search } = useLocation()
  const draftKey = draftKeyOf(pathname, search, formId)
  const reopened = useReopenedFromOutbox()
  const [restored, setRestored] = useState<FormDraft | null>(null)

  useEffect(() => {
    const userId = outboxUser()
    const form = document.getElementById(formId)
    if (!enabled || userId === null || !(form instanceof HTMLFormElement) || typeof indexedDB === 'undefined') return
    const key = `${userId}:${draftKey}`
    // the form as the page drew it: a form back to that (a saved form starts again) keeps no draft
    const untouched = typed(fieldsOf(form))
    let timer: number | undefined
    let cancelled = false
    // what was last submitted: the outbox or the server holds it, so as it stands it is no draft
    // (a click on the form's 'Waiting to send' OK is no edit; a discarded form must not come back)
    let submitted: string | null = null
    const save = () => {
      window.clearTimeout(timer)
      timer = window.setTimeout(() => {
        const fields = fieldsOf(form)
        if (typed(fields) === submitted) return
        if (typed(fields) === untouched) {
          void inStore('formDrafts', 'readwrite', (store) => store.delete(key)).catch(() => undefined)
          return
        }
        const submissionId = fields.find(([name]) => name === 'submission_id')?.[1] ?? ''
        const summary = form.dataset.summary
        const draft: FormDraft = { key, userId, draftKey, fields, submissionId, title: document.title, ...(summary ? { summary } : {}), savedAt: new Date().toISOString() }
        void inStore('formDrafts', 'readwrite', (store) => store.put(draft)).catch(() => undefined)
      }, SAVE_AFTER_MS)
    }
    // sent: the outbox or the server has it now (queue-offline.ts forgets its draft), nothing more to write
    const sent = () => {
      window.clearTimeout(timer)
      submitted = typed(fieldsOf(form))
    }
    if (!reopened) {
      void inStore('formDrafts', 'readonly', (store) => store.get(key) as IDBRequest<FormDraft | undefined>)
        .then((draft) => {
          if (cancelled || !draft) return
          fill(form, draft.fields, setList)
          setRestored(draft) // its submission id too: the draft and what it becomes are one submission
        })
        .catch(() => undefined)
    }
    form.addEventListener('input', save)
    form.addEventListener('change', save)
    // Add Part and Remove change the lines without an input event: kept after the page redraws them
    form.addEventListener('click', save)
    form.addEventListener('submit', sent)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
      form.removeEventListener('input', save)
      form.removeEventListener('change', save)
      form.removeEventListener('click', save)
      form.removeEventListener('submit', sent)
    }
    // once per form and address: setList is the page's, drawn anew each render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, formId, draftKey, reopened])

  const startOver = async () => {
    await discardDraft(`${pathname}${search}`, formId)
    window.location.reload()
  }
  return { restoredAt: restored?.savedAt ?? null, submissionId: restored?.submissionId || null, startOver }
}
