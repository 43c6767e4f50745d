// The folder's actions: Create Folder, Upload File(s), Upload Folder (with JavaScript: the tree is
// kept), Delete Folder (only when the folder is empty; the server refuses too). Without JavaScript
// each is a plain post to the page's action; with it, a blank folder name is the spec's alert, the
// uploads go up in 5 MiB chunks with progress bars, and a folder delete goes through
// /api/delete-folder/, its failure shown as the spec's alert.
import { Form, useNavigate, useRevalidator } from '@remix-run/react'
import { useCallback, useRef, type FormEvent } from 'react'
import { CsrfInput, useCsrfToken } from '#app/components/csrf.tsx'
import { FileUpload } from '#app/components/upload/file-upload.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { FOLDER_NAME_REQUIRED, splitKey } from '#storage/drive-keys.ts'
import type { ActionData, LoaderData } from './data.server.ts'
import { driveHref } from './drive-href.ts'
import { deleteFolderCall } from './drive-client.ts'

export function DriveActions({ data, result }: { data: LoaderData; result: ActionData | undefined }) {
  const { prefix, can, counts } = data
  const action = driveHref(prefix)
  const hydrated = useHydrated()
  const csrfToken = useCsrfToken()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  // When an upload finishes, the new files are already in the drive: show them.
  const wasBusy = useRef(false)
  const onBusyChange = useCallback(
    (busy: boolean) => {
      if (wasBusy.current && !busy) revalidator.revalidate()
      wasBusy.current = busy
    },
    [revalidator],
  )
  const errorOf = (intent: string) => (result && result.intent === intent ? result : null)

  const onCreate = (event: FormEvent<HTMLFormElement>) => {
    const name = new FormData(event.currentTarget).get('f')
    if (typeof name !== 'string' || name.trim() === '') {
      event.preventDefault()
      window.alert(FOLDER_NAME_REQUIRED)
    }
  }
  const onDeleteFolder = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const failure = await deleteFolderCall(prefix, csrfToken, data.submissionId)
    if (failure) {
      window.alert(failure)
      // refused: what the page showed was out of date (a file added meanwhile), so show what is there now
      revalidator.revalidate()
    } else navigate(driveHref(splitKey(prefix).parent))
  }
  const empty = counts.total === 0
  const upload = errorOf('upload')

  return (
    <div className="drive-actions">
      {can.add ? (
        <Form method="post" action={action} className="drive-action" onSubmit={hydrated ? onCreate : undefined} aria-label="Create folder">
          <CsrfInput />
          <input type="hidden" name="submission_id" value={data.submissionId} />
          <input type="hidden" name="intent" value="create-folder" />
          <label htmlFor="drive-folder-name">Folder name</label>
          <div className="drive-action-row">
            <input id="drive-folder-name" name="f" type="text" maxLength={255} autoComplete="off" aria-invalid={errorOf('create-folder') ? true : undefined} />
            <button type="submit" className="button">
              Create Folder
            </button>
          </div>
          {errorOf('create-folder') ? (
            <p className="notice notice-error" role="alert">
              {errorOf('create-folder')!.error}
            </p>
          ) : null}
        </Form>
      ) : null}

      {can.add ? (
        <Form method="post" action={action} encType="multipart/form-data" className="drive-action" aria-label="Add to this folder">
          <CsrfInput />
          <FileUpload name="files" area="drive" mode="save" prefix={prefix} csrfToken={csrfToken} label="Upload File(s)" accept="*/*" multiple onBusyChange={onBusyChange} />
          {hydrated ? (
            <FileUpload name="folder" area="drive" mode="save" prefix={prefix} csrfToken={csrfToken} label="Upload Folder" multiple directory onBusyChange={onBusyChange} />
          ) : (
            <button type="submit" className="button">
              Upload
            </button>
          )}
          {upload ? (
            <div className="notice notice-error" role="alert">
              <p>{upload.error}</p>
              {upload.errors ? (
                <ul>
                  {upload.errors.map((e, i) => (
                    <li key={i}>{e.filename ? `${e.filename}: ${e.error}` : e.error}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </Form>
      ) : null}

      {can.remove && prefix ? (
        <Form method="post" action={action} className="drive-action" onSubmit={hydrated ? onDeleteFolder : undefined} aria-label="Delete folder">
          <CsrfInput />
          <input type="hidden" name="submission_id" value={data.submissionId} />
          <input type="hidden" name="intent" value="delete-folder" />
          <input type="hidden" name="k" value={prefix} />
          <button type="submit" className="button button-secondary" disabled={!empty} title={empty ? undefined : 'Only an empty folder can be deleted.'}>
            Delete Folder
          </button>
          {errorOf('delete-folder') ? (
            <p className="notice notice-error" role="alert">
              {errorOf('delete-folder')!.error}
            </p>
          ) : null}
        </Form>
      ) : null}
    </div>
  )
}
