// What the drive shows for its opened row (`/auditing?open=<key>`).
// STUB — implemented by the viewer work (issue 9).
import type { SessionUser } from '#core/permissions.ts'
import type { Executor } from '#db/client.server.ts'

export type OpenedFile =
  | { key: string; name: string; kind: 'pdf' | 'image'; url: string }
  | { key: string; name: string; kind: 'docx'; status: 'pending' }
  | { key: string; name: string; kind: 'docx'; status: 'done'; url: string }
  | { key: string; name: string; kind: 'docx'; status: 'failed'; error: string }

/** Types a row can be opened in: pdf, docx, png (and jpeg). */
export function isOpenable(fileType: string): boolean {
  return ['pdf', 'docx', 'png', 'jpeg'].includes(fileType)
}

/** The opened file for the `open` parameter, or null when there is none or it cannot be opened. */
export async function openedFile(_db: Executor, _user: SessionUser, _key: string | null): Promise<OpenedFile | null> {
  return null
}
