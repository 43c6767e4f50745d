// Draws a photo's travelling copy (decision 0096): upright (the EXIF orientation applied by
// createImageBitmap), its long side at most maxEdge, a JPEG. Runs in the resize worker
// (resize.worker.ts) with an OffscreenCanvas, or on the page where a worker cannot draw.
import { travelSize, travelsAsItIs } from '#core/photos.ts'

export interface ResizeAsk {
  photo: Blob
  /** the photo's bytes are a JPEG already */
  jpeg: boolean
  maxEdge: number
  quality: number
}

/** The copy, or null when the photo travels as it is (a JPEG within the size). Rejects when the photo cannot be decoded. */
export async function resizeImage({ photo, jpeg, maxEdge, quality }: ResizeAsk, canvasOf: (width: number, height: number) => OffscreenCanvas | HTMLCanvasElement): Promise<Blob | null> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' })
  try {
    if (travelsAsItIs(jpeg, bitmap.width, bitmap.height, maxEdge)) return null
    const { width, height } = travelSize(bitmap.width, bitmap.height, maxEdge)
    const canvas = canvasOf(width, height)
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null
    if (!context) throw new Error('No 2D canvas')
    context.imageSmoothingQuality = 'high'
    context.drawImage(bitmap, 0, 0, width, height)
    if ('convertToBlob' in canvas) return await canvas.convertToBlob({ type: 'image/jpeg', quality })
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No JPEG'))), 'image/jpeg', quality))
  } finally {
    bitmap.close()
  }
}
