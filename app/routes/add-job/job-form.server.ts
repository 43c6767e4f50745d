// The one save of Add Job and Edit Job (/edit-job/{id}): the job form's action. A saved job leads
// back to the jobs list.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { loadPlacePicker, placeQuery } from '#app/components/form/place.server.ts'
import { submitCommand } from '#app/command-answer.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { jobForEdit } from '#db/queries/registry.ts'
import { saveJob } from '#commands/registry.ts'

/**
 * The form's page: the place picker (a customer, then one of its storages) and, when editing, the
 * job the URL names (404 when none). An edit's picker starts at the job's own customer and storage
 * until another is chosen.
 */
export async function loadJobForm({ request, params }: LoaderFunctionArgs, access: Access, mode: 'add' | 'edit') {
  await requireAccess(request, access)
  const db = getDb()
  const job = mode === 'edit' ? requireRecord(await jobForEdit(db, requireId(params))) : null
  const url = new URL(request.url)
  const chosen = ['company', 'storage', 'job'].some((name) => url.searchParams.has(name))
  const query = job && !chosen ? { company: job.company_name, storage: String(job.storage_id), job: '' } : { ...placeQuery(url.searchParams), job: '' }
  return { picker: await loadPlacePicker(db, query), job, submissionId: crypto.randomUUID() }
}

export async function jobAction({ request, params }: ActionFunctionArgs, access: Access, mode: 'add' | 'edit') {
  const user = await requireAccess(request, access)
  const id = mode === 'edit' ? requireId(params) : null
  const form = await readForm(request)
  return submitCommand({ request, form, command: saveJob, actor: user, fixed: { record_id: id }, redirectTo: '/manage-job' })
}
