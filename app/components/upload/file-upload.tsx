// A file field for a multipart form. Without JavaScript it is a plain <input type="file"> whose files
// travel with the form post (read on the server by parseUploadForm). With JavaScript each chosen
// file is uploaded at once through the chunked protocol with a progress bar; the file input is
// then cleared, so the post carries only ids. Two modes:
// - 'attach' (forms): the blob ids go into hidden inputs named `{name}_ids`, sent with the form,
//   which cannot be sent while an upload is running;
// - 'save' (the drive): the upload itself saves the file; finished items leave the list.
// An image upload that fails shows the spec's Error modal; its OK clears the failed files so the
// user can try again. Without JavaScript the server's answer (an error on this field) renders the
// same modal, whose OK closes it (a link to the field itself, hidden by CSS :target), keeping the
// form as typed; the refused post kept none of its files, so they are chosen again.
// Files already attached (a form shown again) show as thumbnails from the image route.
// A field form's photos (attach mode, an image area, a signed-in user on a device that can keep
// them) are first written to the device (device-photos.ts, decision 0059) and named by
// `{name}_local`; with no signal they stay there ('Saved on this device'), the form can still be
// submitted, and the outbox uploads them before it sends the form.
// Styles: app/styles/upload.css (linked by app/root.tsx).
import { useActionData } from '@remix-run/react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { formatFileSize } from '#core/formats.ts'
import { Modal } from '../modal.tsx'
import { useHydrated } from '../use-hydrated.ts'
import { canKeepPhotos, devicePhoto, forgetPhotos, keepPhoto, LOCAL_SUFFIX, needsUpload, PhotoRefused, uploadPhoto, type DevicePhoto } from '#app/offline/device-photos.ts'
import { outboxUser } from '#app/offline/form-outbox.ts'
import { RESTORE_PHOTOS_EVENT, type RestorePhotos } from '#app/offline/restore-form.ts'
import { DRIVE_UPLOAD_ERROR, IMAGE_UPLOAD_ERROR, MAX_PARALLEL_UPLOADS, runPool, UploadHttpError, uploadFiles } from './chunked-upload.ts'
import { imageUrl } from './image-url.ts'

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
  /** 'attach' (default): ids go with the form; 'save': the upload is the save (the drive) */
  mode?: 'attach' | 'save'
  onBusyChange?: (busy: boolean) => void
  /** the drive's Upload Folder: choose a folder; each file keeps its path inside it */
  directory?: boolean
}

interface Item {
  key: number
  name: string
  size: number
  percent: number
  /** 'device': kept on this device, its upload waits for a connection */
  status: 'uploading' | 'done' | 'error' | 'device'
  blobId?: string
  error?: string
  preview?: string
  /** the device copy's id (device-photos.ts) */
  localId?: string
}

const STATUS_TEXT: Record<Exclude<Item['status'], 'uploading'>, string> = { done: 'Uploaded', error: 'Failed', device: 'Saved on this device' }
export const ON_DEVICE_HINT = 'No connection: the photos are kept on this device and will be uploaded when you are back online.'

const WAIT_MESSAGE = 'Please wait until the upload has finished.'

/** The server's messages for field `name` in a refused form's answer (conform's reply), if any. */
function useServerErrors(name: string): string[] | undefined {
  const answer = useActionData<{ error?: Record<string, string[] | null> | null } | undefined>()
  const errors = answer && typeof answer === 'object' ? answer.error?.[name] : undefined
  return Array.isArray(errors) && errors.length > 0 ? errors : undefined
}

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
  const [items, setItems] = useState<Item[]>([])
  const [error, setError] = useState<string | null>(null)
  // the names of the files the last 'save' batch stored, announced once they leave the list
  const [saved, setSaved] = useState<string[]>([])
  const serverErrors = useServerErrors(name)
  const [serverErrorsSeen, setServerErrorsSeen] = useState<string[] | undefined>()
  const inputRef = useRef<HTMLInputElement>(null)
  const nextKey = useRef(1)
  const busyRef = useRef(false)
  const previews = useRef(new Set<string>())
  /** the device copies of this field's photos, by item key */
  const devicePhotos = useRef(new Map<number, DevicePhoto>())

  useEffect(() => {
    const urls = previews.current
    return () => urls.forEach((url) => URL.revokeObjectURL(url))
  }, [])

  const itemsRef = useRef(items)
  itemsRef.current = items
  const busy = items.some((item) => item.status === 'uploading')
  // set while rendering, not in an effect: a submit can come between the two
  busyRef.current = busy
  useEffect(() => {
    onBusyChange?.(busy)
    if (!busy) setError((current) => (current === WAIT_MESSAGE ? null : current))
  }, [busy, onBusyChange])

  // Hold the form back while files are still on their way.
  useEffect(() => {
    const form = inputRef.current?.form
    if (!form) return
    const onSubmit = (event: Event) => {
      // a hidden submitter is conform validating a field on blur, not the user sending the form
      if (!busyRef.current || (event as SubmitEvent).submitter?.hidden) return
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

  /** Uploads a photo kept on the device; with no signal it stays there, marked so. */
  const sendFromDevice = useCallback(
    async (key: number, photo: DevicePhoto) => {
      update(key, { status: 'uploading', error: undefined })
      try {
        const blobId = await uploadPhoto(photo, csrfToken, (loaded, total) => update(key, { percent: total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 100 }))
        update(key, { status: 'done', percent: 100, blobId })
        return true
      } catch (e) {
        if (e instanceof PhotoRefused) {
          update(key, { status: 'error', error: e.message })
          return false
        }
        update(key, { status: 'device', percent: 0 })
        return true
      }
    },
    [csrfToken, update],
  )

  const keepOnDevice = useCallback(
    async (files: File[], batch: Item[], userId: number) => {
      const outcomes: boolean[] = []
      await runPool(
        files.map((file, index) => ({ file, index })),
        MAX_PARALLEL_UPLOADS,
        async ({ file, index }) => {
          const item = batch[index]!
          let photo: DevicePhoto
          try {
            photo = await keepPhoto(userId, area, file)
          } catch {
            // the device has no room (or no storage): uploaded directly, as without the outbox
            const [result] = await uploadFiles([file], { area, csrfToken, onProgress: (_, loaded, total) => update(item.key, { percent: Math.round((loaded / Math.max(total, 1)) * 100) }) }).catch(() => [null])
            if (result?.success && result.id) update(item.key, { status: 'done', percent: 100, blobId: result.id })
            else update(item.key, { status: 'error', error: result?.error ?? 'This device has no room to keep the photo, and it could not be uploaded.' })
            outcomes[index] = !!result?.success
            return
          }
          devicePhotos.current.set(item.key, photo)
          update(item.key, { localId: photo.localId })
          outcomes[index] = await sendFromDevice(item.key, photo)
        },
      )
      if (outcomes.some((ok) => !ok)) setError(failureText)
    },
    [area, csrfToken, failureText, sendFromDevice, update],
  )

  // a form reopened from the outbox: its photos, still on the device, are this field's again
  useEffect(() => {
    const form = inputRef.current?.form
    const userId = outboxUser()
    if (!form || userId === null) return
    const onRestore = (event: Event) => {
      const { field, localIds } = (event as CustomEvent<RestorePhotos>).detail
      if (field !== name) return
      void (async () => {
        for (const localId of localIds) {
          const photo = await devicePhoto(userId, localId).catch(() => undefined)
          if (!photo || itemsRef.current.some((item) => item.localId === localId)) continue
          const key = nextKey.current++
          const preview = URL.createObjectURL(photo.file)
          previews.current.add(preview)
          devicePhotos.current.set(key, photo)
          const done = !needsUpload(photo)
          setItems((current) => [...current, { key, name: photo.name, size: photo.size, percent: done ? 100 : 0, status: done ? 'done' : 'device', blobId: done ? photo.blobId : undefined, preview, localId }])
        }
      })()
    }
    form.addEventListener(RESTORE_PHOTOS_EVENT, onRestore)
    return () => form.removeEventListener(RESTORE_PHOTOS_EVENT, onRestore)
  }, [enhanced, name])

  // the connection is back: the photos kept on the device go up
  useEffect(() => {
    const online = () => {
      for (const item of itemsRef.current) {
        const photo = devicePhotos.current.get(item.key)
        if (item.status === 'device' && photo) void sendFromDevice(item.key, photo)
      }
    }
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
  }, [sendFromDevice])

  const onChange = useCallback(
    async (event: React.ChangeEvent<HTMLInputElement>) => {
      const input = event.currentTarget
      const files = Array.from(input.files ?? [])
      // the files are ours now: the form post must carry only ids
      input.value = ''
      if (files.length === 0) return
      setError(null)
      setSaved([])
      const batch: Item[] = files.map((file) => {
        const preview = file.type.startsWith('image/') && images ? URL.createObjectURL(file) : undefined
        if (preview) previews.current.add(preview)
        return { key: nextKey.current++, name: file.webkitRelativePath || file.name, size: file.size, percent: 0, status: 'uploading', preview }
      })
      const userId = outboxUser()
      // one file only: the one it replaces leaves the device too
      if (!multiple && userId !== null) {
        const replaced = itemsRef.current.flatMap((item) => (item.localId ? [item.localId] : []))
        if (replaced.length > 0) void forgetPhotos(userId, replaced).catch(() => undefined)
      }
      setItems((current) => (multiple ? [...current, ...batch] : batch))
      if (!multiple) setKeptIds([])
      if (mode === 'attach' && images && userId !== null && canKeepPhotos()) return keepOnDevice(files, batch, userId)
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
        if (mode === 'save') {
          // stored is saved: the list keeps only what still needs the user
          const done = new Set(batch.filter((_, i) => results[i]?.success).map((item) => item.key))
          setItems((current) => current.filter((item) => !done.has(item.key)))
          setSaved(batch.filter((item) => done.has(item.key)).map((item) => item.name))
        }
        if (results.some((result) => !result.success)) setError(failureText)
      } catch (e) {
        console.error('upload failed', e)
        // the start was refused (too large, empty, a bad name…): the server's reason stays beside each file
        const reason = e instanceof UploadHttpError && e.status >= 400 && e.status < 500 ? e.message : undefined
        batch.forEach((item) => update(item.key, reason ? { status: 'error', error: reason } : { status: 'error' }))
        setError(failureText)
      }
    },
    [area, images, mode, prefix, csrfToken, multiple, update, failureText, keepOnDevice],
  )

  const removeWhere = (drop: (item: Item) => boolean) => {
    setItems((current) => {
      const userId = outboxUser()
      for (const item of current) {
        if (!drop(item)) continue
        if (item.preview) {
          URL.revokeObjectURL(item.preview)
          previews.current.delete(item.preview)
        }
        devicePhotos.current.delete(item.key)
        if (item.localId && userId !== null) void forgetPhotos(userId, [item.localId]).catch(() => undefined)
      }
      return current.filter((item) => !drop(item))
    })
  }
  const remove = (key: number) => removeWhere((item) => item.key === key)

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
      {uploadedIds.map((id) => (
        <input key={id} type="hidden" name={`${name}_ids`} value={id} />
      ))}
      {onDevice.map((item) => (
        <input key={item.localId} type="hidden" name={`${name}${LOCAL_SUFFIX}`} value={item.localId} />
      ))}
      {items.some((i) => i.status === 'device') ? (
        <p className="file-upload__hint" role="status">
          {ON_DEVICE_HINT}
        </p>
      ) : null}

      {keptIds.length > 0 && mode === 'attach' ? (
        <div className="file-upload__kept">
          <p>
            {keptIds.length === 1 ? '1 file already attached.' : `${keptIds.length} files already attached.`}{' '}
            {enhanced ? (
              <button type="button" className="file-upload__remove" onClick={() => setKeptIds([])}>
                Remove
              </button>
            ) : null}
          </p>
          {images ? (
            <ul className="file-upload__thumbs">
              {keptIds.map((id, i) => (
                <li key={id}>
                  <img className="file-upload__preview" src={imageUrl(id)} alt={`Attached file ${i + 1}`} width={48} height={48} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {busy && items.length > 1 ? <OverallProgress items={items} /> : null}
      {items.length > 0 ? (
        <ul className="file-upload__list" aria-live="polite">
          {items.map((item) => (
            <li key={item.key} className={`file-upload__item file-upload__item--${item.status}`}>
              {item.preview ? <img className="file-upload__preview" src={item.preview} alt="" width={48} height={48} /> : null}
              <span className="file-upload__name" title={item.name}>
                {item.name}
              </span>
              <span className="file-upload__size">{formatFileSize(item.size)}</span>
              {item.status === 'device' ? null : (
                <>
                  <progress className="file-upload__progress" max={100} value={item.percent} aria-label={`Upload of ${item.name}`}>
                    {item.percent}%
                  </progress>
                  <span className="file-upload__percent">{item.percent}%</span>
                </>
              )}
              {item.status !== 'uploading' ? <span className="file-upload__status">{STATUS_TEXT[item.status]}</span> : null}
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

      {failed ? (
        <Modal title="Error" onClose={enhanced ? retry : undefined} labelledBy={`${inputId}-error-title`}>
          <p className="file-upload__error-text" role="alert">
            {IMAGE_UPLOAD_ERROR}
          </p>
          {error === failureText ? (
            <ul className="file-upload__error-details">
              {items
                .filter((item) => item.status === 'error')
                .map((item) => (
                  <li key={item.key}>{item.error ? `${item.name}: ${item.error}` : item.name}</li>
                ))}
            </ul>
          ) : null}
          <div className="form-actions">
            {enhanced ? (
              <button type="button" className="button" onClick={retry}>
                OK
              </button>
            ) : (
              // without JavaScript, OK goes to this field in the same page (a fragment: no reload, so
              // what was typed stays), and CSS hides the modal of the targeted field (upload.css)
              <a href={`#${inputId}-field`} className="button">
                OK
              </a>
            )}
          </div>
        </Modal>
      ) : null}
    </div>
  )
}

/** The batch's progress by bytes, beside each file's own bar. */
function OverallProgress({ items }: { items: readonly Item[] }) {
  const total = items.reduce((sum, item) => sum + item.size, 0)
  const sent = items.reduce((sum, item) => sum + (item.size * item.percent) / 100, 0)
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 100
  return (
    <p className="file-upload__overall">
      <progress max={100} value={percent} aria-label="Overall upload progress">
        {percent}%
      </progress>{' '}
      <span>{percent}% of {formatFileSize(total)}</span>
    </p>
  )
}
