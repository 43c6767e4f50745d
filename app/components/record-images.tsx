// A record's images in its detail view: thumbnails linking to the full image, each through the
// image route (/images/:id), which checks on every request that the viewer may open the record.
// Under each, when its original said so, when it was taken and where, on a map (decision 0096).
import { formatDateTime } from '#core/formats.ts'
import { mapLink } from '#core/photos.ts'
import { imageUrl } from './upload/image-url.ts'

export interface ShownImage {
  id: string
  filename: string
  /** a Date, or its ISO text once it went through the loader */
  taken_at?: string | Date | null
  latitude?: string | number | null
  longitude?: string | number | null
}

export function RecordImages({ images }: { images: readonly ShownImage[] }) {
  return (
    <>
      <h3>Images</h3>
      {images.length === 0 ? (
        <p className="muted">No images.</p>
      ) : (
        <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: 0, padding: 0, listStyle: 'none' }}>
          {images.map((image) => (
            <li key={image.id} style={{ width: 128, fontSize: '0.8125rem' }}>
              <a href={imageUrl(image.id)} target="_blank" rel="noreferrer" title={image.filename}>
                <img
                  src={imageUrl(image.id)}
                  alt={image.filename}
                  loading="lazy"
                  width={128}
                  height={128}
                  style={{ objectFit: 'cover', borderRadius: 6, border: '1px solid var(--c-border)', display: 'block' }}
                />
              </a>
              <PhotoFacts image={image} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function PhotoFacts({ image }: { image: ShownImage }) {
  const taken = image.taken_at ? new Date(image.taken_at) : null
  const [latitude, longitude] = [Number(image.latitude ?? NaN), Number(image.longitude ?? NaN)]
  const placed = image.latitude != null && image.longitude != null && Number.isFinite(latitude) && Number.isFinite(longitude)
  if (!taken && !placed) return null
  return (
    <p className="muted" style={{ margin: '4px 0 0' }}>
      {taken ? (
        <>
          Taken <time dateTime={taken.toISOString()}>{formatDateTime(taken)}</time>
        </>
      ) : null}
      {taken && placed ? ' · ' : null}
      {placed ? (
        <a href={mapLink(latitude, longitude)} target="_blank" rel="noreferrer" aria-label={`Where ${image.filename} was taken, on a map`}>
          Map
        </a>
      ) : null}
    </p>
  )
}
