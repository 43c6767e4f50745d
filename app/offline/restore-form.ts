// A form the outbox holds, opened again in its own page (issue 22): the top bar's list links to the
// form's address with `?outbox={submission id}`; the page's AppForm then fills the form from the
// device's copy, under the same submission id, and says why the server refused it. Its photos go
// back into their file fields (an event FileUpload hears). Browser only.
import { useEffect, useState } from 'react'
import { useSearchParams } from '@remix-run/react'
import type { FormResult } from '../components/form/form-result.ts'
import { IDS_SUFFIX, LOCAL_SUFFIX } from './device-photos.ts'
import { localPhotosOf, outboxUser, queuedForm, type QueuedForm } from './form-outbox.ts'

export const OUTBOX_PARAM = 'outbox'
export const RESTORE_PHOTOS_EVENT = 'outbox:restore-photos'
/** Sent by a form once its queued copy is back in it (its detail the QueuedForm): useAppForm shows the server's messages. */
export const RESTORED_EVENT = 'outbox:restored'
export interface RestorePhotos {
  field: string
  localIds: string[]
}

/**
 * The page was opened from the outbox's list (`?outbox=`): its form shows, to be filled from the
 * device's copy, even while the choice it was made for is one the server no longer takes (its
 * picker says why), to be chosen again.
 */
export function useReopenedFromOutbox(): boolean {
  const [params] = useSearchParams()
  return params.has(OUTBOX_PARAM)
}

/** Where the list opens a queued form: its own page, told which submission to fill in. */
export function reopenHref(url: string, submissionId: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${OUTBOX_PARAM}=${encodeURIComponent(submissionId)}`
}

/** Fields the page fills itself: the CSRF token, the submission id, and the photos' ids (and any hidden input, below). */
const notTyped = (name: string) => name === 'csrf' || name === 'submission_id' || name.endsWith(LOCAL_SUFFIX) || name.endsWith(IDS_SUFFIX)

/** A line of a list field as a form posts it: `parts[0].part_id`. */
const LIST_ITEM = /^([\w-]+)\[(\d+)\]\.([\w-]+)$/

/** The list fields among `fields` (a service sheet's part lines), each as its lines in order. */
export function listsOf(fields: readonly [string, string][]): Map<string, Record<string, string>[]> {
  const lists = new Map<string, Record<string, string>[]>()
  for (const [name, value] of fields) {
    const match = LIST_ITEM.exec(name)
    if (!match) continue
    const [, list, index, key] = match as unknown as [string, string, string, string]
    const lines = lists.get(list) ?? []
    lines[Number(index)] = { ...lines[Number(index)], [key]: value }
    lists.set(list, lines)
  }
  for (const [list, lines] of lists) lists.set(list, lines.filter(Boolean))
  return lists
}

/** Sets a list field's lines in the form's own state (the page draws a line's inputs from it, not the DOM). */
export type SetList = (name: string, lines: Record<string, string>[]) => void

/** Puts `fields` (as a form posts them) back into `form`, its lists through `setList`, its photos into their file fields. */
export function fill(form: HTMLFormElement, fields: readonly [string, string][], setList?: SetList): void {
  const lists = listsOf(fields)
  for (const [name, lines] of lists) setList?.(name, lines)
  const values = new Map<string, string[]>()
  for (const [name, value] of fields) if (!notTyped(name) && !LIST_ITEM.test(name)) values.set(name, [...(values.get(name) ?? []), value])
  for (const [name, list] of values) {
    const controls = Array.from(form.elements).filter((e): e is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement => 'name' in e && (e as HTMLInputElement).name === name)
    for (const control of controls) {
      // a hidden input is the page's (the place its picker chose, the receipt's type): a choice made again stands
      if (control instanceof HTMLInputElement && control.type === 'hidden') continue
      if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) control.checked = list.includes(control.value)
      else if (!(control instanceof HTMLInputElement && control.type === 'file')) control.value = list[0] ?? ''
      // what a user's typing would say: the form's own validation and any listener hear the new value
      control.dispatchEvent(new Event('input', { bubbles: true }))
      control.dispatchEvent(new Event('change', { bubbles: true }))
    }
  }
  const photos = new Map<string, string[]>()
  for (const [field, localId] of localPhotosOf(fields)) photos.set(field, [...(photos.get(field) ?? []), localId])
  for (const [field, localIds] of photos) form.dispatchEvent(new CustomEvent<RestorePhotos>(RESTORE_PHOTOS_EVENT, { detail: { field, localIds } }))
}

/**
 * What a reopened form held when it left the page, by submission id: its place chosen again draws
 * the form anew, which is filled with these rather than the device's copy, so what was typed after
 * reopening stays. Per page load: a reload starts from the device's copy.
 */
const typedSinceReopened = new Map<string, [string, string][]>()

const fieldsOf = (form: HTMLFormElement) => Array.from(new FormData(form)).filter((entry): entry is [string, string] => typeof entry[1] === 'string')

/**
 * The queued submission the page's address names, filled into form `formId` once it is on the page
 * and `enabled` (hydrated: the page's outbox pump has said who is signed in).
 */
export function useRestoredSubmission(formId: string, enabled: boolean, setList?: SetList): QueuedForm | null {
  const [params] = useSearchParams()
  const submissionId = params.get(OUTBOX_PARAM)
  const [entry, setEntry] = useState<QueuedForm | null>(null)
  useEffect(() => {
    const userId = outboxUser()
    if (!enabled || !submissionId || userId === null) return
    let cancelled = false
    let filled: HTMLFormElement | null = null
    void queuedForm(userId, submissionId)
      .then((found) => {
        if (cancelled || !found) return
        setEntry(found)
        const form = document.getElementById(formId)
        if (!(form instanceof HTMLFormElement)) return
        fill(form, typedSinceReopened.get(submissionId) ?? found.fields, setList)
        filled = form
        form.dispatchEvent(new CustomEvent<QueuedForm>(RESTORED_EVENT, { detail: found, bubbles: true }))
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
      // the form leaves (drawn anew for another place): what it holds now is what was typed
      if (filled) typedSinceReopened.set(submissionId, fieldsOf(filled))
    }
    // once per submission: setList is the page's, drawn anew each render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submissionId, formId, enabled])
  return entry
}

/**
 * What the server said of form `formId`'s queued copy, once it is back in the form: conform's
 * answer, so each message shows beside its field as after any refused submit.
 */
export function useRefusalOf(formId: string): FormResult | undefined {
  const [refusal, setRefusal] = useState<FormResult | undefined>()
  useEffect(() => {
    const heard = (event: Event) => {
      if ((event.target as Element | null)?.id !== formId) return
      const errors = (event as CustomEvent<QueuedForm>).detail.fieldErrors ?? {}
      setRefusal({ status: 'error', error: errors, state: { validated: Object.fromEntries(Object.keys(errors).map((name) => [name, true])) } })
    }
    document.addEventListener(RESTORED_EVENT, heard)
    return () => document.removeEventListener(RESTORED_EVENT, heard)
  }, [formId])
  return refusal
}
