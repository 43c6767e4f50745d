// A record's images in its detail view: thumbnails linking to the full image, each through the
// image route (/images/:id), which checks on every request that the viewer may open the record.
import { imageUrl } from './upload/image-url.ts'

export function RecordImages({ images }: { images: readonly { id: string; filename: string }[] }) {
  return (
    <>
      <h3>Images</h3>
      {images.length === 0 ? (
        <p className="muted">No images.</p>
      ) : (
        <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: 0, padding: 0, listStyle: 'none' }}>
          {images.map((image) => (
            <li key={image.id}>
              <a href={imageUrl(image.id)} target="_blank" rel="noreferrer" title={image.filename}>
                <img
                  src={imageUrl(image.id)}
                  alt={image.filename}
                  loading="lazy"
                  width={96}
                  height={96}
                  style={{ objectFit: 'cover', borderRadius: 6, border: '1px solid var(--c-border)', display: 'block' }}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
