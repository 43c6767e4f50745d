// The files of one FileUpload field as it shows them: each with its progress and status, its
// preview (an object URL, revoked when it leaves) and, for a photo kept on the device, its device copy.
import { useCallback, useEffect, useRef, useState } from 'react'
import { forgetPhotos, type DevicePhoto } from '#app/offline/device-photos.ts'
import { outboxUser } from '#app/offline/form-outbox.ts'

export type UploadArea = 'drive' | 'receipts' | 'service' | 'storage_checks' | 'storages'

export interface Item {
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

export type UploadItems = ReturnType<typeof useUploadItems>

export const percentOf = (loaded: number, total: number) => (total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 100)

export function useUploadItems() {
  const [items, setItems] = useState<Item[]>([])
  const itemsRef = useRef(items)
  itemsRef.current = items
  const nextKey = useRef(1)
  const previews = useRef(new Set<string>())
  /** the device copies of this field's photos, by item key */
  const devicePhotos = useRef(new Map<number, DevicePhoto>())

  useEffect(() => {
    const urls = previews.current
    return () => urls.forEach((url) => URL.revokeObjectURL(url))
  }, [])

  const update = useCallback((key: number, change: Partial<Item>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)))
  }, [])

  const newKey = useCallback(() => nextKey.current++, [])

  const previewOf = useCallback((file: Blob) => {
    const url = URL.createObjectURL(file)
    previews.current.add(url)
    return url
  }, [])

  /**
   * Files just chosen, listed as on their way (with previews for images, when `previews`); with
   * `replace` (a field of one file) they replace the list, and its photos leave the device.
   */
  const addBatch = useCallback(
    (files: readonly File[], { previews: withPreviews, replace }: { previews: boolean; replace: boolean }): Item[] => {
      const batch = files.map((file): Item => {
        const preview = file.type.startsWith('image/') && withPreviews ? previewOf(file) : undefined
        return { key: nextKey.current++, name: file.webkitRelativePath || file.name, size: file.size, percent: 0, status: 'uploading', preview }
      })
      const userId = outboxUser()
      if (replace && userId !== null) {
        const replaced = itemsRef.current.flatMap((item) => (item.localId ? [item.localId] : []))
        if (replaced.length > 0) void forgetPhotos(userId, replaced).catch(() => undefined)
      }
      setItems((current) => (replace ? batch : [...current, ...batch]))
      return batch
    },
    [previewOf],
  )

  /** The items `drop` names leave the list, with their previews and their device copies. */
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

  return { items, setItems, itemsRef, update, newKey, previewOf, devicePhotos, addBatch, removeWhere }
}
