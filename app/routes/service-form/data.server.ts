// The sheet form's server half (route.tsx is its page): what the page reads (the picker's lists,
// the parts, the call it is made from, the sheet number) and what its posts do (Add/Remove line,
// Submit, with the photos a post brings).
import { photoSettings } from '#core/config.server.ts'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { applyLineIntent } from '#app/components/form/line-items.server.ts'
import { partLines } from '#app/components/form/line-rules.ts'
import { loadPlacePicker, placeQuery, type PlaceQuery } from '#app/components/form/place.server.ts'
import { parseSubmission, refuseForm, submitCommand } from '#app/command-answer.server.ts'
import { parseUploadForm } from '#app/upload-form.server.ts'
import { createServiceSheet } from '#commands/service-sheets.ts'
import { ServiceSheetSchema } from '#core/schemas/service-sheet.ts'
import { getDb } from '#db/client.server.ts'
import { partOptions, type PartOption } from '#db/queries/registry.ts'
import { callForSheet, reserveSheetNumber, type CallForSheet } from '#db/queries/service-sheets.ts'
import { parseId } from '#core/ids.ts'

const access = ACCESS['/service-form']

const LIST_ERROR = 'The customer, job and parts lists could not be loaded. Please try again.'

/** The call a sheet is made from (?call=ID), or a 404. */
async function callOf(params: URLSearchParams): Promise<CallForSheet | undefined> {
  const text = params.get('call')
  if (text === null) return undefined
  const id = parseId(text)
  const call = id === null ? undefined : await callForSheet(getDb(), id)
  if (!call) throw new Response('That call does not exist.', { status: 404 })
  return call
}

/** A sheet made from a call is for the call's job, or its customer and storage. */
const callPlace = (call: CallForSheet): PlaceQuery => (call.job_name ? { company: '', job: call.job_name, storage: '' } : { company: call.company_name, job: '', storage: String(call.storage_id) })

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access)
  const db = getDb()
  const params = new URL(request.url).searchParams
  const call = await callOf(params)
  // A failed list read is shown in the Error modal, whose OK starts the page again.
  let lists
  try {
    const [picker, parts] = await Promise.all([loadPlacePicker(db, call ? callPlace(call) : placeQuery(params)), partOptions(db)])
    lists = { picker, parts }
  } catch (error) {
    console.error('Service sheet lists failed', error)
    return { picker: null, parts: [] as PartOption[], loadError: LIST_ERROR, call: null, sheetNumber: null, today: '', submissionId: '' }
  }
  const open = lists.picker.place && !call?.sheet_number
  return {
    ...lists,
    loadError: null,
    call: call ? { id: call.id, date: call.call_in_date, requestedBy: call.requested_by, description: call.description, sheetNumber: call.sheet_number } : null,
    // "assigned by the server when the form opens": only once the form itself shows; the user's one
    // open number, so reloads and posts back (Add Part, a refusal) keep it
    sheetNumber: open ? await reserveSheetNumber(db, user.id) : null,
    today: new Date().toLocaleDateString('en-CA'),
    submissionId: crypto.randomUUID(),
    photoSettings: photoSettings(),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  // Photos: without JavaScript the files come in this post and are stored here (images only);
  // with JavaScript they are already uploaded and the post carries their ids. A refused post keeps
  // none of the files it brought (upload.settle).
  const upload = await parseUploadForm(request, { area: 'service', user })
  const { formData, errors } = upload
  const imageProblem = errors.length > 0 ? errors.map((e) => (e.filename ? `${e.filename}: ${e.error}` : e.error)).join(' ') : null
  const imageErrors = imageProblem ? { images: [imageProblem] } : undefined
  const lines = applyLineIntent(formData, { parts: partLines(await partOptions(getDb())) }, imageErrors)
  if (lines) return upload.settle(lines)
  if (imageErrors) return upload.settle(refuseForm(request, parseSubmission(formData, ServiceSheetSchema), imageErrors))
  return upload.settle(await submitCommand({ request, form: formData, command: createServiceSheet, actor: user, redirectTo: '/service' }))
}

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
