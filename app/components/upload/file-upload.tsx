// A file field for a multipart form. Without JavaScript it is a plain <input type="file"> whose files
// travel with the form post (read on the server by parseUploadForm). With JavaScript each chosen
// file is uploaded at once with a progress bar, and the input is cleared, so the post carries only
// ids. Two modes: 'attach' (forms): the blob ids go into hidden inputs `{name}_ids`, and the form
// waits for its uploads (hold-while-uploading.ts); 'save' (the drive): the upload is the save
// (direct-uploads.ts). A failed image upload, or the server's error on the field, shows the spec's
// Error modal (upload-error-modal.tsx). A field form's photos go through the device first
// (device-photo-uploads.ts), each as its travelling copy (travel-copy.ts). The list's state: upload-items.ts; what it shows: upload-list.tsx.
// Styles: app/styles/upload.css (linked by app/root.tsx).
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useHydrated } from '../use-hydrated.ts'
import { canKeepPhotos } from '#app/offline/device-photos.ts'
import { outboxUser } from '#app/offline/form-outbox.ts'
import { DRIVE_UPLOAD_ERROR, IMAGE_UPLOAD_ERROR } from './chunked-upload.ts'
import { useDevicePhotoUploads } from './device-photo-uploads.ts'
import { usePhotoSettings } from './photo-settings.ts'
import { travellingCopy, warmResizer } from './travel-copy.ts'
import { uploadBatch } from './direct-uploads.ts'
import { useHoldWhileUploading } from './hold-while-uploading.ts'
import { UploadErrorModal, useServerErrors } from './upload-error-modal.tsx'
import { useUploadItems, type UploadArea } from './upload-items.ts'
import { KeptFiles, OverallProgress, PostedIds, UploadList } from './upload-list.tsx'

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
  /** 'attach' (default): ids go with the form; 'save': the upload is the save (the drive) */
  mode?: 'attach' | 'save'
  onBusyChange?: (busy: boolean) => void
  /** the drive's Upload Folder: choose a folder; each file keeps its path inside it */
  directory?: boolean
}

export const ON_DEVICE_HINT = 'No connection: the photos are kept on this device and will be uploaded when you are back online.'

export function FileUpload(props: FileUploadProps) {
  const { name, area, csrfToken, label, capture, prefix, hint, onBusyChange, directory } = props
  const multiple = props.multiple ?? true
  const mode = props.mode ?? 'attach'
  const images = area !== 'drive'
  const accept = props.accept ?? (images ? 'image/*' : undefined)
  const failureText = props.errorMessage ?? (images ? IMAGE_UPLOAD_ERROR : DRIVE_UPLOAD_ERROR)
  const generatedId = useId()
  const inputId = props.id ?? `${generatedId}-file`
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`

  const enhanced = useHydrated()
  const [keptIds, setKeptIds] = useState<string[]>(() => [...(props.initialIds ?? [])])
  const photoSettings = usePhotoSettings()
  const uploads = useUploadItems()
  const { items, setItems, update, addBatch, removeWhere } = uploads
  const [error, setError] = useState<string | null>(null)
  // the names of the files the last 'save' batch stored, announced once they leave the list
  const [saved, setSaved] = useState<string[]>([])
  const serverErrors = useServerErrors(name)
  const [serverErrorsSeen, setServerErrorsSeen] = useState<string[] | undefined>()
  const inputRef = useRef<HTMLInputElement>(null)

  const busy = items.some((item) => item.status === 'uploading')
  useHoldWhileUploading(inputRef, busy, { enhanced, onBusyChange, setError })
  const { keepOnDevice } = useDevicePhotoUploads(uploads, { name, area, csrfToken, failureText, inputRef, enhanced, setError })

  const onChange = useCallback(
    async (event: React.ChangeEvent<HTMLInputElement>) => {
      const input = event.currentTarget
      const files = Array.from(input.files ?? [])
      // the files are ours now: the form post must carry only ids
      input.value = ''
      if (files.length === 0) return
      setError(null)
      setSaved([])
      const batch = addBatch(files, { previews: images, replace: !multiple })
      const userId = outboxUser()
      if (!multiple) setKeptIds([])
      if (mode === 'attach' && images) {
        // a field form's photos travel as their copies (listed at once, uploading while they are made)
        const photos = await Promise.all(files.map((file) => travellingCopy(file, photoSettings)))
        photos.forEach((photo, index) => update(batch[index]!.key, { size: photo.file.size }))
        if (userId !== null && canKeepPhotos()) return keepOnDevice(photos, batch, userId)
        const sent = { files: photos.map((p) => p.file), facts: photos.map((p) => p.facts) }
        return uploadBatch({ update, setItems }, { ...sent, items: batch, area, csrfToken, mode, onSaved: setSaved, onFailed: () => setError(failureText) })
      }
      await uploadBatch({ update, setItems }, { files, items: batch, area, prefix, csrfToken, mode, onSaved: setSaved, onFailed: () => setError(failureText) })
    },
    [area, images, mode, prefix, csrfToken, multiple, failureText, keepOnDevice, addBatch, setItems, update, photoSettings],
  )
  // the resize worker's script, fetched while there is signal, so a day without finds it cached
  useEffect(() => {
    if (enhanced && images && mode === 'attach' && !photoSettings.keepOriginal) warmResizer()
  }, [enhanced, images, mode, photoSettings.keepOriginal])

  // The Error modal's OK: back to choosing files, without the ones that failed (spec: "retry
  // resets the form state"); files uploaded fine stay attached.
  const retry = () => {
    removeWhere((item) => item.status === 'error')
    setError(null)
    setServerErrorsSeen(serverErrors)
    inputRef.current?.focus()
  }
  const failed = images && (error === failureText || (serverErrors !== undefined && serverErrors !== serverErrorsSeen))

  const uploadedIds = mode === 'save' ? [] : [...keptIds, ...items.filter((i) => i.status === 'done' && i.blobId).map((i) => i.blobId!)]
  const describedBy = [hint ? hintId : null, error && !failed ? errorId : null].filter(Boolean).join(' ') || undefined
  const onDevice = items.filter((i) => i.localId && (i.status === 'done' || i.status === 'device'))
  // the form's draft (form-drafts.ts) hears it when the photos on the device change
  const onDeviceKey = onDevice.map((i) => i.localId).join(',')
  useEffect(() => {
    if (onDeviceKey) inputRef.current?.form?.dispatchEvent(new Event('change', { bubbles: true }))
  }, [onDeviceKey])
  const required = props.required && uploadedIds.length === 0 && onDevice.length === 0 && !busy

  return (
    <div className="file-upload" id={`${inputId}-field`} data-enhanced={enhanced ? 'true' : undefined}>
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
        {...(directory ? { webkitdirectory: '', directory: '' } : {})}
      />
      <PostedIds name={name} uploadedIds={uploadedIds} onDevice={onDevice} />
      {items.some((i) => i.status === 'device') ? (
        <p className="file-upload__hint" role="status">
          {ON_DEVICE_HINT}
        </p>
      ) : null}
      {keptIds.length > 0 && mode === 'attach' ? <KeptFiles ids={keptIds} images={images} onRemove={enhanced ? () => setKeptIds([]) : undefined} /> : null}
      {busy && items.length > 1 ? <OverallProgress items={items} /> : null}
      {items.length > 0 ? <UploadList items={items} onRemove={(key) => removeWhere((item) => item.key === key)} /> : null}
      {saved.length > 0 ? (
        <p className="file-upload__saved" role="status">
          Uploaded: {saved.join(', ')}
        </p>
      ) : null}
      {error && !failed ? (
        <p id={errorId} className="file-upload__error" role="alert">
          {error}
        </p>
      ) : null}
      {failed ? <UploadErrorModal inputId={inputId} failedItems={error === failureText ? items.filter((item) => item.status === 'error') : null} onRetry={enhanced ? retry : undefined} /> : null}
    </div>
  )
}
