// The server side of the RecordPicker (record-picker.tsx), the first step of /edit-job,
// /edit-truck and /edit-part: every record of the model (inactive ones too: reactivating is an
// edit) as suggestions, and ?name= resolved by its whole name or number, case ignored. A match
// goes on to the record's form (/edit-job/{id}); anything else stays with a message.
import { redirect } from '@remix-run/node'
import type { Executor } from '#db/client.server.ts'
import { recordByName, recordNames } from '#db/queries/registry.ts'
import type { RecordPickerData } from './record-picker.tsx'

export type RegistryModel = 'job' | 'truck' | 'part'

export const PICKER_MESSAGES: Record<RegistryModel, string> = {
  job: 'Choose a job from the list.',
  truck: 'Choose a truck from the list.',
  part: 'Choose a part from the list.',
}

/** The picker for the URL's ?name=; a name that matches redirects to the record's edit form. */
export async function loadRecordPicker(db: Executor, url: URL, model: RegistryModel): Promise<RecordPickerData> {
  const text = (url.searchParams.get('name') ?? '').trim()
  const [options, record] = await Promise.all([recordNames(db, model), text ? recordByName(db, model, text) : undefined])
  if (record) throw redirect(`/edit-${model}/${record.id}`)
  return { options, text: text.slice(0, 200), problem: text ? PICKER_MESSAGES[model] : undefined }
}
