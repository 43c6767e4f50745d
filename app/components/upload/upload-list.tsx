// What a FileUpload field shows and posts of its files: their ids, those already attached (a form shown again), each
// file on its way or kept (preview, size, progress, status, Remove), and the batch's progress.
import { formatFileSize } from '#core/formats.ts'
import { LOCAL_SUFFIX } from '#app/offline/device-photos.ts'
import { imageUrl } from './image-url.ts'
import type { Item } from './upload-items.ts'

const STATUS_TEXT: Record<Exclude<Item['status'], 'uploading'>, string> = { done: 'Uploaded', error: 'Failed', device: 'Saved on this device' }

/** What the form posts for the field: the uploaded files' blob ids, and the device copies' ids of photos not uploaded yet. */
export function PostedIds({ name, uploadedIds, onDevice }: { name: string; uploadedIds: readonly string[]; onDevice: readonly Item[] }) {
  return (
    <>
      {uploadedIds.map((id) => (
        <input key={id} type="hidden" name={`${name}_ids`} value={id} />
      ))}
      {onDevice.map((item) => (
        <input key={item.localId} type="hidden" name={`${name}${LOCAL_SUFFIX}`} value={item.localId} />
      ))}
    </>
  )
}

/** Files uploaded before (ids), with thumbnails for images; Remove only with JavaScript. */
export function KeptFiles({ ids, images, onRemove }: { ids: readonly string[]; images: boolean; onRemove?: () => void }) {
  return (
    <div className="file-upload__kept">
      <p>
        {ids.length === 1 ? '1 file already attached.' : `${ids.length} files already attached.`}{' '}
        {onRemove ? (
          <button type="button" className="file-upload__remove" onClick={onRemove}>
            Remove
          </button>
        ) : null}
      </p>
      {images ? (
        <ul className="file-upload__thumbs">
          {ids.map((id, i) => (
            <li key={id}>
              <img className="file-upload__preview" src={imageUrl(id)} alt={`Attached file ${i + 1}`} width={48} height={48} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

export function UploadList({ items, onRemove }: { items: readonly Item[]; onRemove: (key: number) => void }) {
  return (
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
            <button type="button" className="file-upload__remove" onClick={() => onRemove(item.key)} aria-label={`Remove ${item.name}`}>
              Remove
            </button>
          ) : null}
          {item.status === 'error' && item.error ? <span className="file-upload__item-error">{item.error}</span> : null}
        </li>
      ))}
    </ul>
  )
}

/** The batch's progress by bytes, beside each file's own bar. */
export function OverallProgress({ items }: { items: readonly Item[] }) {
  const total = items.reduce((sum, item) => sum + item.size, 0)
  const sent = items.reduce((sum, item) => sum + (item.size * item.percent) / 100, 0)
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 100
  return (
    <p className="file-upload__overall">
      <progress max={100} value={percent} aria-label="Overall upload progress">
        {percent}%
      </progress>{' '}
      <span>
        {percent}% of {formatFileSize(total)}
      </span>
    </p>
  )
}
