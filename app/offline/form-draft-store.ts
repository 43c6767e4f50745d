// The field forms' drafts in IndexedDB (store `formDrafts`, per user; browser only): what
// form-drafts.ts keeps as the user types, read here by whoever must find or forget them — the
// outbox, once it holds or sends a submission, or the user discards it; the pump's photo sweep.
import { inStore } from './offline-db.ts'

export interface FormDraft {
  /** `${userId}:${draftKey}` */
  key: string
  userId: number
  /** the page's address and the form's id: one draft per form of a page */
  draftKey: string
  /** the form's text fields as typed, the CSRF token left out */
  fields: [string, string][]
  submissionId: string
  /** the page's title and which record it is (the form's summary), to list it */
  title?: string
  summary?: string
  /** ISO */
  savedAt: string
}

export function userFormDrafts(userId: number): Promise<FormDraft[]> {
  return inStore('formDrafts', 'readonly', (store) => store.index('userId').getAll(userId) as IDBRequest<FormDraft[]>)
}

/** The drafts of the submission `submissionId` go: it was queued (the outbox holds it), taken, or discarded. */
export async function forgetDraftsOf(userId: number, submissionId: string): Promise<void> {
  for (const draft of await userFormDrafts(userId)) if (draft.submissionId === submissionId) await inStore('formDrafts', 'readwrite', (store) => store.delete(draft.key))
}
