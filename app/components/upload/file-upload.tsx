// A file field for a multipart form. Without JavaScript it is a plain <input type="file"> whose files
// travel with the form post (read on the server by parseUploadForm). With JavaScript each chosen
// file is uploaded at once through the chunked protocol with a progress bar; the resulting blob ids
// go into hidden inputs named `{name}_ids` and the file input is cleared, so the post carries only
// ids. The form cannot be sent while an upload is running.
// Styles: app/styles/upload.css (linked by app/root.tsx).
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { formatFileSize } from '#core/formats.ts'
import { useHydrated } from '../use-hydrated.ts'
import { DRIVE_UPLOAD_ERROR, IMAGE_UPLOAD_ERROR, uploadFiles } from './chunked-upload.ts'

export type UploadArea = 'drive' | 'receipts' | 'service' | 'storage_checks' | 'storages'

export interface FileUploadProps {
  /** the field name: files post as `name`, uploaded ids as `{name}_ids` */
  name: string
  area: UploadArea
  /** the page's CSRF token, sent with the upload calls */
  csrfToken: string
  label: string
  id?: string
  /** default 'image/*' outside the drive */
  accept?: string
  /** 'environment' prefers the back camera on phones */
  capture?: 'user' | 'environment'
  multiple?: boolean
  required?: boolean
  /** the drive folder */
  prefix?: string
  /** ids already uploaded (a form shown again after a validation error) */
  initialIds?: readonly string[]
  /** default: 'Upload failed' for the drive, the spec's image error elsewhere */
  errorMessage?: string
  hint?: string
  onBusyChange?: (busy: boolean) => void
}

interface Item {
  key: number
  name: string
  size: number
  percent: number
  status: 'uploading' | 'done' | 'error'
  blobId?: string
  error?: string
  preview?: string
}

const WAIT_MESSAGE = 'Please wait until the upload has finished.'


export function FileUpload(props: FileUploadProps) {
  const { name, area, csrfToken, label, capture, prefix, hint, onBusyChange } = props
  const multiple = props.multiple ?? true
  const accept = props.accept ?? (area === 'drive' ? undefined : 'image/*')
  const failureText = props.errorMessage ?? (area === 'drive' ? DRIVE_UPLOAD_ERROR : IMAGE_UPLOAD_ERROR)
  const generatedId = useId()
  const inputId = props.id ?? `${generatedId}-file`
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`

  const enhanced = useHydrated()
  const [keptIds, setKeptIds] = useState<string[]>(() => [...(props.initialIds ?? [])])
  const [items, setItems] = useState<Item[]>([])
  const [error, setError] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const nextKey = useRef(1)
  const busyRef = useRef(false)
  const previews = useRef(new Set<string>())

  useEffect(() => {
    const urls = previews.current
    return () => urls.forEach((url) => URL.revokeObjectURL(url))
  }, [])

  const busy = items.some((item) => item.status === 'uploading')
  useEffect(() => {
    busyRef.current = busy
    onBusyChange?.(busy)
    if (!busy) setError((current) => (current === WAIT_MESSAGE ? null : current))
  }, [busy, onBusyChange])

  // Hold the form back while files are still on their way.
  useEffect(() => {
    const form = inputRef.current?.form
    if (!form) return
    const onSubmit = (event: Event) => {
      if (!busyRef.current) return
      event.preventDefault()
      event.stopPropagation()
      setError(WAIT_MESSAGE)
    }
    form.addEventListener('submit', onSubmit, true)
    return () => form.removeEventListener('submit', onSubmit, true)
  }, [enhanced])

  const update = useCallback((key: number, change: Partial<Item>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)))
  }, [])

  const onChange = useCallback(
    async (event: React.ChangeEvent<HTMLInputElement>) => {
      const input = event.currentTarget
      const files = Array.from(input.files ?? [])
      // the files are ours now: the form post must carry only ids
      input.value = ''
      if (files.length === 0) return
      setError(null)
      const batch: Item[] = files.map((file) => {
        const preview = file.type.startsWith('image/') && area !== 'drive' ? URL.createObjectURL(file) : undefined
        if (preview) previews.current.add(preview)
        return { key: nextKey.current++, name: file.name, size: file.size, percent: 0, status: 'uploading', preview }
      })
      setItems((current) => (multiple ? [...current, ...batch] : batch))
      if (!multiple) setKeptIds([])
      try {
        const results = await uploadFiles(files, {
          area,
          prefix,
          csrfToken,
          onProgress: (index, loaded, total) => {
            const item = batch[index]
            if (item) update(item.key, { percent: total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 100 })
          },
        })
        results.forEach((result, index) => {
          const item = batch[index]!
          if (result.success && result.id) update(item.key, { status: 'done', percent: 100, blobId: result.id })
          else update(item.key, { status: 'error', error: result.error })
        })
        if (results.some((result) => !result.success)) setError(failureText)
      } catch (e) {
        console.error('upload failed', e)
        batch.forEach((item) => update(item.key, { status: 'error' }))
        setError(failureText)
      }
    },
    [area, prefix, csrfToken, multiple, update, failureText],
  )

  const remove = (key: number) => {
    setItems((current) => {
      const item = current.find((i) => i.key === key)
      if (item?.preview) {
        URL.revokeObjectURL(item.preview)
        previews.current.delete(item.preview)
      }
      return current.filter((i) => i.key !== key)
    })
  }

  const uploadedIds = [...keptIds, ...items.filter((i) => i.status === 'done' && i.blobId).map((i) => i.blobId!)]
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  const required = props.required && uploadedIds.length === 0 && !busy

  return (
    <div className="file-upload" data-enhanced={enhanced ? 'true' : undefined}>
      <label htmlFor={inputId} className="file-upload__label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="file-upload__hint">
          {hint}
        </p>
      ) : null}
      <input
        ref={inputRef}
        id={inputId}
        className="file-upload__input"
        type="file"
        name={name}
        multiple={multiple}
        accept={accept}
        capture={capture}
        required={required}
        aria-describedby={describedBy}
        onChange={enhanced ? onChange : undefined}
      />
      {uploadedIds.map((id) => (
        <input key={id} type="hidden" name={`${name}_ids`} value={id} />
      ))}

      {keptIds.length > 0 ? (
        <p className="file-upload__kept">
          {keptIds.length === 1 ? '1 file already attached.' : `${keptIds.length} files already attached.`}{' '}
          {enhanced ? (
            <button type="button" className="file-upload__remove" onClick={() => setKeptIds([])}>
              Remove
            </button>
          ) : null}
        </p>
      ) : null}

      {items.length > 0 ? (
        <ul className="file-upload__list" aria-live="polite">
          {items.map((item) => (
            <li key={item.key} className={`file-upload__item file-upload__item--${item.status}`}>
              {item.preview ? <img className="file-upload__preview" src={item.preview} alt="" width={48} height={48} /> : null}
              <span className="file-upload__name" title={item.name}>
                {item.name}
              </span>
              <span className="file-upload__size">{formatFileSize(item.size)}</span>
              <progress className="file-upload__progress" max={100} value={item.percent} aria-label={`Upload of ${item.name}`}>
                {item.percent}%
              </progress>
              <span className="file-upload__percent">{item.percent}%</span>
              {item.status !== 'uploading' ? (
                <span className="file-upload__status">{item.status === 'error' ? 'Failed' : 'Uploaded'}</span>
              ) : null}
              {item.status !== 'uploading' ? (
                <button type="button" className="file-upload__remove" onClick={() => remove(item.key)} aria-label={`Remove ${item.name}`}>
                  Remove
                </button>
              ) : null}
              {item.status === 'error' && item.error ? <span className="file-upload__item-error">{item.error}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}

      {error ? (
        <p id={errorId} className="file-upload__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
