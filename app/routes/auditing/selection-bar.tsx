// Download and Delete for the selected files. The checkboxes (drive-table.tsx) belong to this GET
// form. Without JavaScript its buttons lead to a step of the page itself: a link to each selected
// file, or the confirmation of their delete (a post). With JavaScript Download fetches each file's
// signed URL and starts the downloads 500 ms apart, and Delete asks in a dialog, then posts.
import { Form, useSubmit } from '@remix-run/react'
import { useState, type MouseEvent } from 'react'
import { CsrfInput } from '#app/components/csrf.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import type { LoaderData } from './data.server.ts'
import { driveHref } from './drive-href.ts'
import { downloadFiles } from './drive-client.ts'
import { SELECTION_FORM } from './drive-table.tsx'

function checkedKeys(button: HTMLButtonElement): string[] {
  const form = button.form
  if (!form) return []
  return [...document.querySelectorAll<HTMLInputElement>(`input[name="k"][form="${form.id}"]:checked`)].map((input) => input.value)
}

export function SelectionBar({ data }: { data: LoaderData }) {
  const { prefix, can } = data
  const hydrated = useHydrated()
  const submit = useSubmit()
  const [message, setMessage] = useState<string | null>(null)

  const onDownload = async (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault()
    const keys = checkedKeys(event.currentTarget)
    if (keys.length === 0) return setMessage('Select one or more files first.')
    setMessage(null)
    const failed = await downloadFiles(keys, prefix)
    if (failed.length > 0) setMessage(`Could not download: ${failed.join(', ')}`)
  }
  const onDelete = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault()
    const keys = checkedKeys(event.currentTarget)
    if (keys.length === 0) return setMessage('Select one or more files first.')
    setMessage(null)
    if (!window.confirm(keys.length === 1 ? `Delete ${keys[0]}?` : `Delete these ${keys.length} files?`)) return
    const form = new FormData()
    form.set('csrf', document.querySelector<HTMLInputElement>('input[name="csrf"]')?.value ?? '')
    form.set('intent', 'delete')
    form.set('submission_id', data.submissionId)
    for (const key of keys) form.append('k', key)
    submit(form, { method: 'post', action: driveHref(prefix) })
  }

  return (
    <Form method="get" action="/auditing" id={SELECTION_FORM} className="drive-selection" aria-label="Selected files">
      {prefix ? <input type="hidden" name="p" value={prefix} /> : null}
      <button type="submit" name="intent" value="download" className="button button-secondary" onClick={hydrated ? onDownload : undefined}>
        Download
      </button>
      {can.remove ? (
        <button type="submit" name="intent" value="delete" className="button button-secondary" onClick={hydrated ? onDelete : undefined}>
          Delete
        </button>
      ) : null}
      {message ? (
        <span className="notice notice-error" role="alert">
          {message}
        </span>
      ) : null}
    </Form>
  )
}

/** The no-JavaScript step after Download or Delete: the links, or the confirmation. */
export function SelectionStep({ data }: { data: LoaderData }) {
  const { selection, prefix } = data
  if (!selection) return null
  const back = driveHref(prefix)
  return (
    <section className="drive-step notice" aria-label={selection.intent === 'download' ? 'Download the selected files' : 'Confirm delete'}>
      {selection.error ? <p role="alert">{selection.error}</p> : null}
      {selection.intent === 'download' && selection.files.length > 0 ? (
        <>
          <p>Download each file:</p>
          <ul>
            {selection.files.map((f) => (
              <li key={f.key}>
                <a href={f.url} download={f.name}>
                  {f.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {selection.intent === 'delete' && selection.files.length > 0 ? (
        <Form method="post" action={back}>
          <CsrfInput />
          <input type="hidden" name="submission_id" value={data.submissionId} />
          <input type="hidden" name="intent" value="delete" />
          <p>{selection.files.length === 1 ? 'Delete this file?' : `Delete these ${selection.files.length} files?`}</p>
          <ul>
            {selection.files.map((f) => (
              <li key={f.key}>
                {f.name}
                <input type="hidden" name="k" value={f.key} />
              </li>
            ))}
          </ul>
          <button type="submit" className="button">
            Confirm Delete
          </button>
        </Form>
      ) : null}
      <p>
        <a href={back}>Back to the folder</a>
      </p>
    </section>
  )
}
