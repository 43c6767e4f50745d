// The action of Add Storage and Edit Storage, and what both read for the form. Posted as multipart
// (images without JavaScript) through parseUploadForm, saved by the one command of both
// (commands/storages.ts). Saved: the Success modal, then /manage-storage with the owner's
// storages; without JavaScript a redirect with the flash message.
import { photoSettings } from '#core/config.server.ts'
import type { ActionFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { parseSubmission, refuseForm, submitCommand } from '#app/command-answer.server.ts'
import { parseUploadForm } from '#app/upload-form.server.ts'
import { saveStorage } from '#commands/storages.ts'
import { StorageSchema } from '#core/schemas/storage.ts'
import { getDb } from '#db/client.server.ts'
import { growerOptions } from '#db/queries/companies.ts'
import { AFTER_STORAGE_SAVE } from './storage-form.tsx'

/** What both pages of the form read: the growers an owner or grower is chosen from. */
export async function storageFormBasics() {
  return {
    companies: await growerOptions(getDb(), { activeOnly: true }),
    today: new Date().toLocaleDateString('en-CA'),
    submissionId: crypto.randomUUID(),
    photoSettings: photoSettings(),
  }
}

/** `storageId`: the storage the edit page's path names (an edit must save that one). */
export async function storageAction({ request }: ActionFunctionArgs, access: Access, storageId: number | null) {
  const user = await requireAccess(request, access)
  const upload = await parseUploadForm(request, { area: 'storages', user })
  const { formData, errors } = upload
  if (errors.length > 0) {
    const problem = errors.map((e) => (e.filename ? `${e.filename}: ${e.error}` : e.error)).join(' ')
    return upload.settle(refuseForm(request, parseSubmission(formData, StorageSchema), { images: [problem] }))
  }
  // back to the owner's storages in the manage picker (a name it cannot find is its field message)
  const owner = String(formData.get('owner') ?? '').slice(0, 200)
  return upload.settle(
    await submitCommand({
      request,
      form: formData,
      command: saveStorage,
      actor: user,
      fixed: { path_storage_id: storageId },
      redirectTo: owner ? `${AFTER_STORAGE_SAVE}?${new URLSearchParams({ company: owner.trim() })}` : AFTER_STORAGE_SAVE,
    }),
  )
}
