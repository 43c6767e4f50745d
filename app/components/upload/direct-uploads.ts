// Files sent straight to the server through the chunked protocol (the drive, and any file that is
// not a field form's photo kept on the device), each with its progress bar.
import type { PhotoFacts } from '#core/photos.ts'
import { uploadFiles, UploadHttpError } from './chunked-upload.ts'
import { percentOf, type Item, type UploadArea, type UploadItems } from './upload-items.ts'

interface Batch {
  files: File[]
  /** each photo's time and place (travel-copy.ts), by index */
  facts?: readonly (PhotoFacts | undefined)[]
  items: Item[]
  area: UploadArea
  prefix?: string
  csrfToken: string
  /** 'save' (the drive): what was stored leaves the list, its names announced by `onSaved` */
  mode: 'attach' | 'save'
  onSaved: (names: string[]) => void
  /** some file failed: the field's failure text is shown */
  onFailed: () => void
}

export async function uploadBatch({ update, setItems }: Pick<UploadItems, 'update' | 'setItems'>, { files, facts, items, area, prefix, csrfToken, mode, onSaved, onFailed }: Batch): Promise<void> {
  try {
    const results = await uploadFiles(files, {
      area,
      facts,
      prefix,
      csrfToken,
      onProgress: (index, loaded, total) => {
        const item = items[index]
        if (item) update(item.key, { percent: percentOf(loaded, total) })
      },
    })
    results.forEach((result, index) => {
      const item = items[index]!
      if (result.success && result.id) update(item.key, { status: 'done', percent: 100, blobId: result.id })
      else update(item.key, { status: 'error', error: result.error })
    })
    if (mode === 'save') {
      // stored is saved: the list keeps only what still needs the user
      const done = new Set(items.filter((_, i) => results[i]?.success).map((item) => item.key))
      setItems((current) => current.filter((item) => !done.has(item.key)))
      onSaved(items.filter((item) => done.has(item.key)).map((item) => item.name))
    }
    if (results.some((result) => !result.success)) onFailed()
  } catch (e) {
    console.error('upload failed', e)
    // the start was refused (too large, empty, a bad name…): the server's reason stays beside each file
    const reason = e instanceof UploadHttpError && e.status >= 400 && e.status < 500 ? e.message : undefined
    items.forEach((item) => update(item.key, reason ? { status: 'error', error: reason } : { status: 'error' }))
    onFailed()
  }
}
