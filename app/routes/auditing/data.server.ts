// What the drive page reads and what its posts do. Everything the page shows is in its URL, so a
// view can be bookmarked and works without JavaScript:
//   ?p=a/b/          the current folder (plain text; '' is the drive's root)
//   sort_by, order, page_size, current_page   the list engine's parameters (name, size, type, modified)
//   q=               search by name or words inside (every folder)
//   open=<key>       the one opened row (the viewer)
//   intent=download|delete&k=<key>…   the selection's next step without JavaScript: links to
//                    each selected file, or the confirmation of their delete
// Posts (intent): create-folder, delete (the confirmed selection), delete-folder — commands
// (commands/drive.ts), keyed by the page's hidden submission_id — and the no-JS upload (multipart;
// with JavaScript the chunked upload saves the files itself).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { readForm, requireAccess, requirePermission } from '#app/auth/guard.server.ts'
import { rowRefusal } from '#app/command-answer.server.ts'
import { FLASH_PARAM } from '#app/components/form/flash-notice.tsx'
import { isOpenable, openedFile, type OpenedFile } from '#app/drive-viewer.server.ts'
import { DRIVE_PERMISSIONS } from '#app/drive-api.server.ts'
import { parseListParams, type ListState } from '#app/lists/list-params.ts'
import { parseUploadForm } from '#app/upload-form.server.ts'
import { runCommand } from '#commands/command.ts'
import { createFolder, deleteDriveFiles, deleteFolder } from '#commands/drive.ts'
import { hasAnyPermission } from '#core/permissions.ts'
import { getDb } from '#db/client.server.ts'
import { documentsUploaded } from '#jobs/documents/conversions.server.ts'
import { parseFileKey, parsePrefix, splitKey } from '#storage/drive-keys.ts'
import { DRIVE_SORTS, findDriveFile, folderExists, listFolder, MAX_SEARCH_LENGTH, searchDrive, type DriveSort } from '#storage/drive.server.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { DELETED_PARAM, driveHref } from './drive-href.ts'

export const access = ACCESS['/auditing']

/** At most this many files in one selection (download links, delete). */
export const MAX_SELECTED = 100
const LINK_SECONDS = 300

export interface EntryRow {
  key: string
  name: string
  is_folder: boolean
  file_type: string
  size_bytes: number
  modified_at: string
  /** a file the viewer can show (pdf, docx, png, jpeg): its name links to ?open= */
  openable: boolean
}

export interface SelectedFile {
  key: string
  name: string
  /** a signed download URL (the download step) */
  url?: string
}

const LIST_SPEC = { sortable: DRIVE_SORTS, filterable: [], defaultSort: 'name' as DriveSort, defaultOrder: 'asc' as const }

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access)
  const url = new URL(request.url)
  const db = getDb()
  const prefix = parsePrefix(url.searchParams.get('p') ?? '')
  if (!prefix.ok || !(await folderExists(db, prefix.value))) throw new Response('The folder does not exist.', { status: 404 })
  const p = prefix.value
  const parsed = parseListParams(url.searchParams, LIST_SPEC)
  const state: ListState<DriveSort> = { ...parsed.state, keep: p ? { p } : {} }

  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH)
  const [list, hits, opened] = await Promise.all([
    listFolder(db, p, { sort: state.sortBy, order: state.order, page: state.currentPage, pageSize: state.pageSize }),
    q ? searchDrive(db, q) : Promise.resolve(null),
    openedFile(db, user, url.searchParams.get('open')),
  ])
  state.currentPage = list.page

  const intent = url.searchParams.get('intent')
  const selection = intent === 'download' || intent === 'delete' ? await selectedFiles(url.searchParams.getAll('k'), p, intent === 'download') : null

  return {
    prefix: p,
    state,
    entries: list.entries.map((e): EntryRow => ({
      key: e.key,
      name: e.name,
      is_folder: e.is_folder,
      file_type: e.file_type,
      size_bytes: e.size_bytes,
      modified_at: e.modified_at.toISOString(),
      openable: !e.is_folder && isOpenable(e.file_type),
    })),
    counts: { folders: list.folders, files: list.files, total: list.total, totalPages: list.totalPages },
    search: hits ? { q, hits: hits.map((h) => ({ ...h, modified_at: h.modified_at.toISOString() })) } : null,
    opened: opened satisfies OpenedFile | null,
    selection: selection ? { intent: intent as 'download' | 'delete', ...selection } : null,
    can: { add: hasAnyPermission(user, DRIVE_PERMISSIONS.add), remove: hasAnyPermission(user, DRIVE_PERMISSIONS.remove) },
    /** the page's posts' idempotency key (a new one after each post, as the page loads again) */
    submissionId: crypto.randomUUID(),
  }
}

export type LoaderData = Awaited<ReturnType<typeof loader>>

/** The selected files of folder `prefix` that exist (with signed links for the download step). */
async function selectedFiles(raw: string[], prefix: string, withLinks: boolean): Promise<{ files: SelectedFile[]; error: string | null }> {
  const keys = [...new Set(raw)].slice(0, MAX_SELECTED)
  if (keys.length === 0) return { files: [], error: 'Select one or more files first.' }
  const db = getDb()
  const store = getBlobStore()
  const files: SelectedFile[] = []
  for (const key of keys) {
    const parsed = parseFileKey(key)
    if (!parsed.ok || parsed.value.parent !== prefix) continue
    const file = await findDriveFile(db, parsed.value.key)
    if (!file) continue
    const url = withLinks ? await store.signedDownloadUrl(file.blob_key, { expiresInSeconds: LINK_SECONDS, filename: file.name, contentType: file.content_type, disposition: 'attachment' }) : undefined
    files.push({ key: file.key, name: file.name, ...(url ? { url } : {}) })
  }
  return { files, error: files.length === 0 ? 'The selected files are no longer here.' : null }
}

export interface ActionData {
  intent: string
  error: string
  /** the upload: one message per refused file */
  errors?: { filename: string; error: string }[]
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const prefix = parsePrefix(url.searchParams.get('p') ?? '')
  const p = prefix.ok ? prefix.value : ''
  const db = getDb()

  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const user = await requirePermission(request, DRIVE_PERMISSIONS.add)
    if (!prefix.ok) return fail('upload', prefix.error)
    // Each file is a record of its own: the good ones of a post are kept even when another is refused.
    // only the files this post stored: ids sent beside them are no one's to convert here
    const { storedIds: blobIds, errors } = await parseUploadForm(request, { area: 'drive', user, field: 'files', prefix: p })
    await documentsUploaded(db, blobIds).catch((e) => console.error('documentsUploaded failed', e))
    if (errors.length > 0) return Response.json({ intent: 'upload', error: 'Upload failed', errors } satisfies ActionData, { status: 400 })
    if (blobIds.length === 0) return fail('upload', 'Choose a file to upload.')
    throw redirect(driveHref(p, { [FLASH_PARAM]: 'submitted' }))
  }

  const user = await requireAccess(request, access)
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  // the same post sent twice acts once; a post from a page too old to have a submission id acts as one of its own
  const key = String(form.get('submission_id') || crypto.randomUUID())
  try {
    if (intent === 'create-folder') {
      await requirePermission(request, DRIVE_PERMISSIONS.add)
      const f = form.get('f')
      await runCommand(db, createFolder, { actor: user, key, input: { p: url.searchParams.get('p') ?? '', f: typeof f === 'string' ? f : null } })
      throw redirect(driveHref(p, { [FLASH_PARAM]: 'submitted' }))
    }
    if (intent === 'delete') {
      await requirePermission(request, DRIVE_PERMISSIONS.remove)
      const keys = form
        .getAll('k')
        .filter((k): k is string => typeof k === 'string')
        .slice(0, MAX_SELECTED)
      if (keys.length === 0) return fail(intent, 'Select one or more files first.')
      // deleting what is already gone (a confirmation sent twice with another key) is done, not an error
      await deleteDriveFiles(db, { actor: user, key, input: { k: keys } })
      // the drive's own words, not the forms' 'Submission Successful!' (route.tsx DeletedNotice)
      throw redirect(driveHref(p, { [DELETED_PARAM]: String(new Set(keys).size) }))
    }
    if (intent === 'delete-folder') {
      await requirePermission(request, DRIVE_PERMISSIONS.remove)
      const folder = String(form.get('k') ?? '')
      await runCommand(db, deleteFolder, { actor: user, key, input: { k: folder } }).catch((error: unknown) => {
        // a folder already deleted (the button pressed twice) is the outcome asked for
        if (rowRefusal(error).status !== 404) throw error
      })
      throw redirect(driveHref(splitKey(folder).parent, { [FLASH_PARAM]: 'submitted' }))
    }
  } catch (error) {
    const refused = rowRefusal(error) // a redirect or a failure goes on as it came
    return fail(intent, intent === 'delete-folder' ? `Folder delete error: ${refused.error || 'Unknown error'}` : refused.error, refused.status)
  }
  return fail(intent, 'Unknown action.')
}

function fail(intent: string, error: string, status = 400) {
  return Response.json({ intent, error } satisfies ActionData, { status })
}
