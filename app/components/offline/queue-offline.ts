// A field form's clientAction (one without files; issue 22, decision 0058): with no signal its
// submit waits in the app's outbox (form-outbox.ts) and is sent from any page once the server
// answers; the form's 'Waiting to send' says so (app-form.tsx). Browser only.
import type { ClientActionFunctionArgs } from '@remix-run/react'
import { SAVE_FAILED, type FormResult } from '../form/form-result.ts'
import { FORM_QUEUED_TEXT, queueForm } from './form-outbox.ts'
import { countWaitingNow } from './outbox-state.ts'

export async function clientActionQueuingOffline({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await request.clone().formData()
  try {
    return await serverAction<FormResult>()
  } catch (error) {
    if (error instanceof Response) throw error
    const url = new URL(request.url)
    // only a post that got no answer at all (fetch's TypeError) waits: a server that answered with
    // a failure (its database down) is the Error modal, as on any form
    if (error instanceof TypeError && (await queueForm(`${url.pathname}${url.search}`, form))) {
      void countWaitingNow()
      // an error status still: the server was not reached, and the router must read no loader again (they would fail too)
      return Response.json({ outcome: 'queued', message: FORM_QUEUED_TEXT } satisfies FormResult, { status: 503 })
    }
    return Response.json({ status: 'error', outcome: 'error', error: { '': [SAVE_FAILED] } } satisfies FormResult, { status: 503 })
  }
}

