// The address a page gives a service sheet's image: the image route, which checks the session and
// the sheet's permission on every request (not a signed URL that works for anyone who has it).
import type { StoredImage } from '#db/queries/service-sheet-detail.ts'
import { imageUrl } from './components/upload/image-url.ts'

export function sheetImageUrl(image: StoredImage): string {
  return imageUrl(image.id)
}
