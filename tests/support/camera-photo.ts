// Camera-size photos for the browser tests (issue 40): 4000 × 3000 JPEGs as a phone writes them,
// turned a quarter (EXIF orientation 6), with their capture time and GPS position. Made once per
// run with sharp and kept in os.tmpdir(), like sample-docx.ts's files.
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import sharp from 'sharp'

/** What every camera photo's EXIF says: 14:05:09 at +01:00, near Boise. */
export const CAMERA_FACTS = { takenAt: '2026-10-03T13:05:09.000Z', latitude: 46.4085, longitude: -116.01 } as const

const made = new Map<number, Promise<string>>()

/**
 * Camera photo `n` (its colours differ from the others'): its file, which setInputFiles hands to a
 * local browser by its path (a buffer would travel base64 through the protocol: seconds for 5 MB).
 */
export function cameraPhoto(n: number): Promise<string> {
  const file = path.join(os.tmpdir(), `camera-photo-v1-${n}.jpg`)
  if (!made.has(n))
    made.set(
      n,
      fs.access(file).then(
        () => file,
        () => makePhoto(file, n).then(() => file),
      ),
    )
  return made.get(n)!
}

async function makePhoto(file: string, n: number): Promise<Buffer> {
  const [width, height] = [4000, 3000]
  // a gradient with a fine pattern: about as costly to compress as a photo of a yard
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3
      const grain = ((x * 7 + y * 13 + n * 31) % 23) * 3
      pixels[at] = ((x >> 4) + grain + n * 60) & 255
      pixels[at + 1] = ((y >> 4) + grain) & 255
      pixels[at + 2] = ((x + y) >> 5) & 255
    }
  }
  const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD2: { DateTimeOriginal: '2026:10:03 14:05:09', OffsetTimeOriginal: '+01:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 24/1 3060/100', GPSLongitudeRef: 'W', GPSLongitude: '116/1 0/1 3600/100' },
    })
    .toBuffer()
  await fs.writeFile(`${file}.${process.pid}`, bytes)
  await fs.rename(`${file}.${process.pid}`, file)
  return bytes
}

/** Each photo as the app serves it to its author: its hash, its type and size in pixels and bytes. */
export async function servedPhotos(page: Page, blobIds: readonly string[]) {
  const photos = []
  for (const id of blobIds) {
    const bytes = await (await page.request.get(`/images/${id}`)).body()
    const { format, width, height, orientation } = await sharp(bytes).metadata()
    photos.push({ sha256: createHash('sha256').update(bytes).digest('hex'), format, width, height, orientation: orientation ?? 1, bytes: bytes.length })
  }
  return photos
}
