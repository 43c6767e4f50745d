// A field form's clientAction (issue 22, decisions 0058, 0059): with no signal its submit waits in
// the app's outbox (form-outbox.ts) and is sent from any page once the server answers; the form's
// 'Waiting to send' says so (app-form.tsx). A form whose photos are still only on the device
// (device-photos.ts) waits there too, at once: the outbox uploads them before it posts the form.
// Once the server took a form (or the outbox holds it), its draft goes; once taken, its photos'
// device copies go too. Browser only.
import type { ClientActionFunctionArgs } from '@remix-run/react'
import { SAVE_FAILED, type FormResult } from '../components/form/form-result.ts'
import { devicePhoto, forgetPhotos, needsUpload } from './device-photos.ts'
import { forgetDraftsOf } from './form-draft-store.ts'
import { forgetSubmission, FORM_QUEUED_TEXT, localPhotosOf, outboxUser, queueForm } from './form-outbox.ts'
import { countWaitingNow, sendWaitingNow } from './outbox-state.ts'

const queued = (userId: number | null, form: FormData) => {
  // the outbox holds it now: its draft is no longer needed
  const submissionId = form.get('submission_id')
  if (userId !== null && typeof submissionId === 'string') void forgetDraftsOf(userId, submissionId).catch(() => undefined)
  void countWaitingNow()
  // an error status still: the server was not reached, and the router must read no loader again (they would fail too)
  return Response.json({ outcome: 'queued', message: FORM_QUEUED_TEXT } satisfies FormResult, { status: 503 })
}

async function photosWaiting(userId: number | null, localIds: readonly string[]): Promise<boolean> {
  if (userId === null) return false
  for (const localId of localIds) {
    const photo = await devicePhoto(userId, localId).catch(() => undefined)
    if (photo && needsUpload(photo)) return true
  }
  return false
}

export async function clientActionQueuingOffline({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await request.clone().formData()
  const url = new URL(request.url)
  const address = `${url.pathname}${url.search}`
  const userId = outboxUser()
  const photos = localPhotosOf(form).map(([, localId]) => localId)
  if ((await photosWaiting(userId, photos)) && (await queueForm(address, form))) {
    sendWaitingNow() // with signal it goes at once, photos first
    return queued(userId, form)
  }
  let result: FormResult
  try {
    result = await serverAction<FormResult>()
  } catch (error) {
    if (error instanceof Response) {
      if (error.status >= 300 && error.status < 400) await taken(userId, form, photos)
      throw error
    }
    // only a post that got no answer at all (fetch's TypeError) waits: a server that answered with
    // a failure (its database down) is the Error modal, as on any form
    if (error instanceof TypeError && (await queueForm(address, form))) return queued(userId, form)
    return Response.json({ status: 'error', outcome: 'error', error: { '': [SAVE_FAILED] } } satisfies FormResult, { status: 503 })
  }
  if (result?.outcome === 'success') await taken(userId, form, photos)
  return result
}

/** The server holds the record and its photos: their device copies, and any queued copy of the same submission (reopened from the outbox), go. */
async function taken(userId: number | null, form: FormData, photos: readonly string[]): Promise<void> {
  if (userId === null) return
  const submissionId = form.get('submission_id')
  await forgetPhotos(userId, photos).catch(() => undefined)
  if (typeof submissionId === 'string') {
    await forgetSubmission(userId, submissionId).catch(() => undefined)
    await forgetDraftsOf(userId, submissionId).catch(() => undefined)
  }
  void countWaitingNow()
}
