// The address a page gives a service sheet's image.
import type { StoredImage } from '#db/queries/service-sheet-detail.ts'
import { getBlobStore } from '#storage/index.server.ts'

/** How long an image link in the modal works (the page may stay open a while). */
const IMAGE_URL_SECONDS = 60 * 60

export function sheetImageUrl(image: StoredImage): Promise<string> {
  return getBlobStore().signedDownloadUrl(image.key, { expiresInSeconds: IMAGE_URL_SECONDS, filename: image.filename, contentType: image.content_type, disposition: 'inline' })
}
