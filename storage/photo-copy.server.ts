// The server's travelling copy of a photo posted without JavaScript (issue 40, decision 0096): the
// same rule as the device's (core/photos.ts), so every record holds the same sizes. Its capture time
// and position are read from the original's EXIF before the copy (which keeps no EXIF) is made.
import sharp from 'sharp'
import { readExif } from '#core/exif.ts'
import { photoFactsOf, travelsAsItIs, type PhotoFacts, type PhotoSettings } from '#core/photos.ts'

export interface PhotoCopy {
  bytes: Buffer
  facts: PhotoFacts
}

/** EXIF sits in the APP1 segment near the start, at most 64 KiB long. */
export const EXIF_BYTES = 128 * 1024

/** Photos in these formats are made a copy; anything else (a GIF's frames) is kept as it came. */
const COPIED = new Set(['jpeg', 'png', 'webp', 'heif', 'tiff'])

/** The photo as it travels and is kept: a JPEG, upright, at most `maxEdge` on its long side. */
export async function travellingCopy(original: Buffer, settings: PhotoSettings): Promise<PhotoCopy> {
  const facts = photoFactsOf(readExif(original.subarray(0, EXIF_BYTES)), 'UTC')
  if (settings.keepOriginal) return { bytes: original, facts }
  try {
    const meta = await sharp(original).metadata()
    const width = meta.autoOrient?.width ?? meta.width ?? 0
    const height = meta.autoOrient?.height ?? meta.height ?? 0
    if (!COPIED.has(meta.format ?? '') || travelsAsItIs(meta.format === 'jpeg', width, height, settings.maxEdge)) return { bytes: original, facts }
    const bytes = await sharp(original)
      .rotate() // the EXIF orientation applied: the copy is upright without it
      .resize({ width: settings.maxEdge, height: settings.maxEdge, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: Math.round(settings.quality * 100) })
      .toBuffer()
    return { bytes, facts }
  } catch {
    // bytes of an image type this build cannot decode (or too many pixels): kept as they came, as before
    return { bytes: original, facts }
  }
}
