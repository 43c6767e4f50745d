// A field form's photos through the device (decision 0059): each chosen photo is written to the
// device first (device-photos.ts), then uploaded; with no signal it stays there ('Saved on this
// device') and goes up when the connection is back, or with its form from the outbox. A form
// reopened from the outbox gets its photos back (restore-form.ts).
import { useCallback, useEffect, type RefObject } from 'react'
import { devicePhoto, keepPhoto, needsUpload, PhotoRefused, uploadPhoto, type DevicePhoto } from '#app/offline/device-photos.ts'
import { outboxUser } from '#app/offline/form-outbox.ts'
import { RESTORE_PHOTOS_EVENT, type RestorePhotos } from '#app/offline/restore-form.ts'
import { MAX_PARALLEL_UPLOADS, runPool, uploadFiles } from './chunked-upload.ts'
import type { TravelPhoto } from './travel-copy.ts'
import { percentOf, type Item, type UploadArea, type UploadItems } from './upload-items.ts'

interface Options {
  name: string
  area: UploadArea
  csrfToken: string
  failureText: string
  /** the field's file input: its form hears the outbox's restore */
  inputRef: RefObject<HTMLInputElement | null>
  enhanced: boolean
  setError: (error: string) => void
}

/** The photos of field `name` kept on the device; `keepOnDevice` takes a batch just chosen. */
export function useDevicePhotoUploads({ itemsRef, update, setItems, newKey, previewOf, devicePhotos }: UploadItems, options: Options) {
  const { name, area, csrfToken, failureText, inputRef, enhanced, setError } = options

  /** Uploads a photo kept on the device; with no signal it stays there, marked so. */
  const sendFromDevice = useCallback(
    async (key: number, photo: DevicePhoto) => {
      update(key, { status: 'uploading', error: undefined })
      try {
        const blobId = await uploadPhoto(photo, csrfToken, (loaded, total) => update(key, { percent: percentOf(loaded, total) }))
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
    async (photos: TravelPhoto[], batch: Item[], userId: number) => {
      const outcomes: boolean[] = []
      await runPool(
        photos.map(({ file, facts }, index) => ({ file, facts, index })),
        MAX_PARALLEL_UPLOADS,
        async ({ file, facts, index }) => {
          const item = batch[index]!
          let photo: DevicePhoto
          try {
            photo = await keepPhoto(userId, area, file, facts)
          } catch {
            // the device has no room (or no storage): uploaded directly, as without the outbox
            const [result] = await uploadFiles([file], {
              area,
              csrfToken,
              facts: [facts],
              onProgress: (_, loaded, total) => update(item.key, { percent: Math.round((loaded / Math.max(total, 1)) * 100) }),
            }).catch(() => [null])
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
    [area, csrfToken, failureText, sendFromDevice, update, devicePhotos, setError],
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
          const key = newKey()
          devicePhotos.current.set(key, photo)
          const done = !needsUpload(photo)
          const restored: Item = {
            key,
            name: photo.name,
            size: photo.size,
            percent: done ? 100 : 0,
            status: done ? 'done' : 'device',
            blobId: done ? photo.blobId : undefined,
            preview: previewOf(photo.file),
            localId,
          }
          setItems((current) => [...current, restored])
        }
      })()
    }
    form.addEventListener(RESTORE_PHOTOS_EVENT, onRestore)
    return () => form.removeEventListener(RESTORE_PHOTOS_EVENT, onRestore)
  }, [enhanced, name, inputRef, itemsRef, newKey, previewOf, devicePhotos, setItems])

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
  }, [sendFromDevice, itemsRef, devicePhotos])

  return { keepOnDevice }
}
