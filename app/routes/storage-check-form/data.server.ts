// The storage check form's server half (route.tsx is its page). Four paths, one form:
// /storage-check-form and /storage-check (the spec's two spellings) choose the owner and then a
// storage, and return to /checks; /storage-check-form/{id} and /storage-check/{id} are locked to
// the company {id} (the one chosen in the storage picker): only its storage is chosen, and they
// return to the storage picker.
import { photoSettings } from '#core/config.server.ts'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { Params, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { loadPlacePicker, placeQuery } from '#app/components/form/place.server.ts'
import { parseSubmission, refuseForm, submitCommand } from '#app/command-answer.server.ts'
import { notFound } from '#app/http-errors.server.ts'
import { requireId } from '#app/records.server.ts'
import { parseUploadForm } from '#app/upload-form.server.ts'
import { isCustomer } from '#commands/rules.ts'
import { createStorageCheck } from '#commands/storage-checks.ts'
import { correctStorageCheck, deleteRecord } from '#commands/corrections.ts'
import { correctParam, requireCorrectable } from '#app/corrections.server.ts'
import { DELETE_INTENT } from '#core/corrections.ts'
import { StorageCheckSchema } from '#core/schemas/storage-check.ts'
import { getDb, type Executor } from '#db/client.server.ts'
import { companyById } from '#db/queries/registry.ts'
import { storageCheckFormValues } from '#db/queries/storage-checks.ts'

const access = ACCESS['/storage-check-form']

/** The locked form is opened from the storage picker and returns there, with its grower chosen. */
const lockedReturn = (company: { name: string }) => `/storage?${new URLSearchParams({ company: company.name })}`
const UNLOCKED_RETURN = '/checks'

/** The company the URL locks the form to ({id}), or null on the unlocked paths; a 404 when it names none. */
async function lockedCompany(db: Executor, params: Params) {
  if (params.id === undefined) return null
  const company = await companyById(db, requireId(params))
  if (!company || !isCustomer(company.name)) throw notFound()
  return company
}

/** ?correct={id} (on the unlocked paths): the check to correct, checked for this user first (decision 0067); its values fill the form. */
async function correction(request: Request, params: Params) {
  const id = params.id === undefined ? correctParam(request) : null
  if (id === null) return null
  const db = getDb()
  const { user, version } = await requireCorrectable(request, db, 'storage_check', id)
  const form = await storageCheckFormValues(db, id)
  if (!form) throw notFound()
  return { user, id, version, ...form }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const correcting = await correction(request, params)
  if (!correcting) await requireAccess(request, access)
  const db = getDb()
  const locked = await lockedCompany(db, params)
  const query = placeQuery(new URL(request.url).searchParams)
  return {
    picker: await loadPlacePicker(
      db,
      correcting ? { company: correcting.company, job: '', storage: correcting.storage } : locked ? { company: locked.name, job: '', storage: query.storage } : { ...query, job: '' },
    ),
    locked: locked ? { id: locked.id, name: locked.name } : null,
    today: new Date().toLocaleDateString('en-CA'),
    submissionId: crypto.randomUUID(),
    photoSettings: photoSettings(),
    correcting: correcting && { id: correcting.id, version: correcting.version, values: correcting.values, images: correcting.images, deleteSubmissionId: crypto.randomUUID() },
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const correcting = await correction(request, params)
  const user = correcting ? correcting.user : await requireAccess(request, access)
  const locked = await lockedCompany(getDb(), params)
  // Images: without JavaScript the files come in this post and are stored here (images only); with
  // JavaScript they are already uploaded and the post carries their ids. A refused post keeps none
  // of the files it brought (upload.settle).
  const upload = await parseUploadForm(request, { area: 'storage_checks', user })
  const { formData, errors } = upload
  if (errors.length > 0) {
    const problem = errors.map((e) => (e.filename ? `${e.filename}: ${e.error}` : e.error)).join(' ')
    return upload.settle(refuseForm(request, parseSubmission(formData, StorageCheckSchema), { images: [problem] }))
  }
  if (correcting) {
    const done = `/view-storage-check/${correcting.id}`
    const deleting = formData.get('intent') === DELETE_INTENT
    return upload.settle(
      deleting
        ? await submitCommand({ request, form: formData, command: deleteRecord, actor: user, fixed: { kind: 'storage_check', record_id: correcting.id }, redirectTo: done })
        : await submitCommand({ request, form: formData, command: correctStorageCheck, actor: user, fixed: { record_id: correcting.id }, redirectTo: done }),
    )
  }
  return upload.settle(
    await submitCommand({
      request,
      form: formData,
      command: createStorageCheck,
      actor: user,
      fixed: { locked_company_id: locked?.id ?? null },
      redirectTo: locked ? lockedReturn(locked) : UNLOCKED_RETURN,
    }),
  )
}

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
