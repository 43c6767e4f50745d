// Auditing drive, first version: the files in the drive and uploading more. With JavaScript a
// chosen file goes up at once in 5 MiB chunks with a progress bar and is saved by that upload (no
// Upload press; it leaves the uploader and appears in the table); without it the form posts the files.
// (Folders, download, viewing and deleting come with the drive's own work.)
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react'
import { Fragment, useCallback, useRef } from 'react'
import { FileViewer } from '#app/components/drive/file-viewer.tsx'
import { isOpenable } from '#app/drive-viewer.ts'
import { openedFile } from '#app/drive-viewer.server.ts'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { requireAccess, requirePermission } from '#app/auth/guard.server.ts'
import { CsrfInput, useCsrfToken } from '#app/components/csrf.tsx'
import { FlashNotice, FLASH_PARAM } from '#app/components/form/flash-notice.tsx'
import { FileUpload } from '#app/components/upload/file-upload.tsx'
import { formatDate, formatFileSize } from '#core/formats.ts'
import { hasPermission } from '#core/permissions.ts'
import { parseUploadForm } from '#app/upload-form.server.ts'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/auditing']
export const meta: MetaFunction = () => [{ title: 'Auditing' }]
export const handle = { crumbs: [{ label: 'Auditing', to: '/auditing' }] }

const SHOWN = 500

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access)
  // TEMPORARY (viewer work, issue 9): the drive's own page replaces this at merge
  const files = await getDb()
    .selectFrom('blobs')
    .leftJoin('drive_entries as e', 'e.blob_id', 'blobs.id')
    .select(['blobs.id', 'filename', 'content_type', 'blobs.size_bytes', 'created_at', 'e.parent', 'e.name as entry_name', 'e.file_type'])
    .where('area', '=', 'drive')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(SHOWN)
    .execute()
  const opened = await openedFile(getDb(), user, new URL(request.url).searchParams.get('open'))
  return { files, opened, canUpload: hasPermission(user, 'api.add_s3bucket') }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, 'api.add_s3bucket')
  // Files posted without JavaScript are stored here (each drive file is a record of its own, so the
  // good ones of a post are kept even when another is refused); with JavaScript the upload itself
  // saved them and no post is made.
  const { blobIds, errors } = await parseUploadForm(request, { area: 'drive', user, field: 'files' })
  if (errors.length > 0) return { errors, stored: blobIds.length }
  if (blobIds.length === 0) return { errors: [{ filename: '', error: 'Choose a file to upload.' }], stored: 0 }
  throw redirect(`/auditing?${FLASH_PARAM}=submitted`)
}

function fileType(contentType: string, filename: string): string {
  const known: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx' }
  return known[contentType] ?? filename.split('.').pop()?.toLowerCase() ?? 'file'
}

export default function Auditing() {
  const { files, opened, canUpload } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const csrfToken = useCsrfToken()
  const revalidator = useRevalidator()
  const hydrated = useHydrated()
  // When an upload finishes, the new file is already in the drive: show it.
  const wasBusy = useRef(false)
  const onBusyChange = useCallback(
    (busy: boolean) => {
      if (wasBusy.current && !busy) revalidator.revalidate()
      wasBusy.current = busy
    },
    [revalidator],
  )
  return (
    <>
      <FlashNotice />
      <h1>Auditing</h1>
      {canUpload ? (
        <Form method="post" encType="multipart/form-data" className="form" aria-label="Add to the drive">
          <CsrfInput />
          <FileUpload name="files" area="drive" mode="save" csrfToken={csrfToken} label="Upload File" accept="*/*" multiple onBusyChange={onBusyChange} />
          {result?.errors.length ? (
            <ul className="notice notice-error" role="alert">
              {result.errors.map((e, i) => (
                <li key={i}>{e.filename ? `${e.filename}: ${e.error}` : e.error}</li>
              ))}
            </ul>
          ) : null}
          {hydrated ? null : (
            <div className="form-actions">
              <button type="submit" className="button">
                Upload
              </button>
            </div>
          )}
        </Form>
      ) : null}
      <h2>Files</h2>
      {files.length === 0 ? (
        <p className="muted">No files yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="list-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Size</th>
                <th scope="col">File Type</th>
                <th scope="col">Last Modified</th>
              </tr>
            </thead>
            <tbody>
              {files.map((f) => {
                const key = f.parent !== null && f.entry_name !== null ? f.parent + f.entry_name : null
                return (
                  <Fragment key={f.id}>
                    <tr>
                      <td>{key && f.file_type && isOpenable(f.file_type) ? <Link to={`?open=${encodeURIComponent(key)}`} preventScrollReset>{f.filename}</Link> : f.filename}</td>
                      <td>{formatFileSize(f.size_bytes)}</td>
                      <td>{fileType(f.content_type, f.filename)}</td>
                      <td>{formatDate(f.created_at)}</td>
                    </tr>
                    {opened && opened.key === key ? (
                      <tr>
                        <td colSpan={4}>
                          <FileViewer file={opened} closeHref="/auditing" />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
