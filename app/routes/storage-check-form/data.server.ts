// The storage check form's server half (route.tsx is its page). Four paths, one form:
// /storage-check-form and /storage-check (the spec's two spellings) choose the owner and then a
// storage, and return to /checks; /storage-check-form/{id} and /storage-check/{id} are locked to
// the company {id} (the one chosen in the storage picker): only its storage is chosen, and they
// return to the storage picker.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { data as respond } from '@remix-run/node'
import type { Params, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import type { FormResult } from '#app/components/form/form-result.ts'
import { isCustomer, loadPlacePicker, placeQuery } from '#app/components/form/place.server.ts'
import { parseSubmission, submitForm } from '#app/forms.server.ts'
import { notFound } from '#app/http-errors.server.ts'
import { requireId } from '#app/records.server.ts'
import { parseUploadForm } from '#app/upload-form.server.ts'
import { InputError } from '#core/errors.ts'
import type { SessionUser } from '#core/permissions.ts'
import { CHECK_MESSAGES, StorageCheckSchema, type StorageCheckInput } from '#core/schemas/storage-check.ts'
import { getDb, type Executor } from '#db/client.server.ts'
import { companyById, storageById } from '#db/queries/registry.ts'
import { insertStorageCheck } from '#db/queries/storage-checks.ts'
import { ownedBlobIds } from '#storage/uploads.server.ts'

const access = ACCESS['/storage-check-form']

/** The locked form is opened from the storage picker and returns there, with its grower chosen. */
const lockedReturn = (company: { name: string }) => `/storage?${new URLSearchParams({ company: company.name })}`
const UNLOCKED_RETURN = '/checks'

export const SAVE_MESSAGES = {
  storage: "That storage is not one of this owner's storages.",
  images: 'An uploaded file could not be found. Please upload it again.',
  locked: 'This form is for another company. Please open it again.',
} as const

/** The company the URL locks the form to ({id}), or null on the unlocked paths; a 404 when it names none. */
async function lockedCompany(db: Executor, params: Params) {
  if (params.id === undefined) return null
  const company = await companyById(db, requireId(params))
  if (!company || !isCustomer(company.name)) throw notFound()
  return company
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const db = getDb()
  const locked = await lockedCompany(db, params)
  const query = placeQuery(new URL(request.url).searchParams)
  return {
    picker: await loadPlacePicker(db, locked ? { company: locked.name, job: '', storage: query.storage } : { ...query, job: '' }),
    locked: locked ? { id: locked.id, name: locked.name } : null,
    today: new Date().toLocaleDateString('en-CA'),
    submissionId: crypto.randomUUID(),
  }
}

/** The checks the schema cannot make, then the check and its images in one transaction (once per submission id). */
async function saveStorageCheck(db: Executor, user: Pick<SessionUser, 'id' | 'username'>, input: StorageCheckInput, lockedId: number | null): Promise<void> {
  if (lockedId !== null && input.company_id !== lockedId) throw new InputError({ company_id: SAVE_MESSAGES.locked })
  const company = await companyById(db, input.company_id)
  if (!company || !isCustomer(company.name)) throw new InputError({ company_id: CHECK_MESSAGES.company })
  const storage = await storageById(db, input.storage_id)
  if (!storage) throw new InputError({ storage_id: CHECK_MESSAGES.storage })
  if (storage.company_id !== input.company_id) throw new InputError({ storage_id: SAVE_MESSAGES.storage })
  const images = [...new Set(input.images.map((id) => id.toLowerCase()))]
  if ((await ownedBlobIds(db, user, 'storage_checks', images)).length !== images.length) throw new InputError({ images: SAVE_MESSAGES.images })
  const { images: _ids, submission_id, ...check } = input
  const reading = (value: number | undefined) => value ?? null
  await db.transaction().execute((trx) =>
    insertStorageCheck(trx, {
      ...check,
      submission_id,
      created_by: user.id,
      setpoint: reading(check.setpoint),
      runtime_hours: reading(check.runtime_hours),
      plenum: reading(check.plenum),
      humidity: reading(check.humidity),
      pile1: reading(check.pile1),
      pile2: reading(check.pile2),
      pile3: reading(check.pile3),
      pile4: reading(check.pile4),
      images,
    }),
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const locked = await lockedCompany(getDb(), params)
  // Images: without JavaScript the files come in this post and are stored here (images only); with
  // JavaScript they are already uploaded and the post carries their ids. A refused post keeps none
  // of the files it brought (upload.settle).
  const upload = await parseUploadForm(request, { area: 'storage_checks', user })
  const { formData, errors } = upload
  if (errors.length > 0) {
    const problem = errors.map((e) => (e.filename ? `${e.filename}: ${e.error}` : e.error)).join(' ')
    return upload.settle(respond<FormResult>(parseSubmission(formData, StorageCheckSchema).reply({ fieldErrors: { images: [problem] } }), { status: 400 }))
  }
  return upload.settle(
    await submitForm({
      form: formData,
      schema: StorageCheckSchema,
      save: (value) => saveStorageCheck(getDb(), user, value, locked?.id ?? null),
      redirectTo: locked ? lockedReturn(locked) : UNLOCKED_RETURN,
    }),
  )
}

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
