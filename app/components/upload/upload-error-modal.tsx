// The spec's Error modal for an image upload that failed (or a refused post's error on the field).
// With JavaScript its OK clears the failed files so the user can try again; without, OK is a link to
// the field itself (no reload, so what was typed stays), and CSS hides the modal of the targeted
// field (upload.css).
import { useActionData } from '@remix-run/react'
import { Modal } from '../modal.tsx'
import { IMAGE_UPLOAD_ERROR } from './chunked-upload.ts'
import type { Item } from './upload-items.ts'

export function UploadErrorModal({ inputId, failedItems, onRetry }: { inputId: string; failedItems: readonly Item[] | null; onRetry?: () => void }) {
  return (
    <Modal title="Error" onClose={onRetry} labelledBy={`${inputId}-error-title`}>
      <p className="file-upload__error-text" role="alert">
        {IMAGE_UPLOAD_ERROR}
      </p>
      {failedItems ? (
        <ul className="file-upload__error-details">
          {failedItems.map((item) => (
            <li key={item.key}>{item.error ? `${item.name}: ${item.error}` : item.name}</li>
          ))}
        </ul>
      ) : null}
      <div className="form-actions">
        {onRetry ? (
          <button type="button" className="button" onClick={onRetry}>
            OK
          </button>
        ) : (
          <a href={`#${inputId}-field`} className="button">
            OK
          </a>
        )}
      </div>
    </Modal>
  )
}

/** The server's messages for field `name` in a refused form's answer (conform's reply), if any: the modal shows for them too. */
export function useServerErrors(name: string): string[] | undefined {
  const answer = useActionData<{ error?: Record<string, string[] | null> | null } | undefined>()
  const errors = answer && typeof answer === 'object' ? answer.error?.[name] : undefined
  return Array.isArray(errors) && errors.length > 0 ? errors : undefined
}
