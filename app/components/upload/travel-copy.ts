// Photos made to travel (issue 40, decision 0096): a photo chosen in a field form is kept on the
// device and uploaded as its travelling copy — upright, its long side at most PHOTO_MAX_EDGE, a
// JPEG — with what its original's EXIF said of when and where it was taken (the copy keeps no
// EXIF). Drawn in a worker (resize.worker.ts); on the page where there is none, or where its script
// cannot load (a page first opened with no signal). A photo the browser cannot decode, or a JPEG
// already within the size, travels as it is.
import { isJpeg, readExif } from '#core/exif.ts'
import { photoFactsOf, type PhotoFacts, type PhotoSettings } from '#core/photos.ts'
import { resizeImage, type ResizeAsk } from './resize-image.ts'
import type { ResizeAnswer } from './resize.worker.ts'

export interface TravelPhoto {
  file: File
  facts: PhotoFacts
}

/** EXIF sits in the APP1 segment near the start, at most 64 KiB long. */
const EXIF_BYTES = 128 * 1024

const workerUrl = () => new URL('./resize.worker.ts', import.meta.url)

/** undefined: not started yet; null: no worker on this page */
let worker: Worker | null | undefined
let lastId = 0
const answers = new Map<number, (answer: ResizeAnswer | null) => void>()

function resizeWorker(): Worker | null {
  if (worker !== undefined) return worker
  try {
    worker = new Worker(workerUrl(), { type: 'module' })
    worker.onmessage = (event: MessageEvent<ResizeAnswer>) => {
      answers.get(event.data.id)?.(event.data)
      answers.delete(event.data.id)
    }
    // its script could not load: the page draws what was asked, and what comes next
    worker.onerror = () => {
      worker = null
      for (const answer of answers.values()) answer(null)
      answers.clear()
    }
  } catch {
    worker = null
  }
  return worker
}

function askWorker(ask: ResizeAsk): Promise<ResizeAnswer | null> {
  const resizer = resizeWorker()
  if (!resizer) return Promise.resolve(null)
  const id = ++lastId
  return new Promise((resolve) => {
    answers.set(id, resolve)
    resizer.postMessage({ id, ...ask })
  })
}

const pageCanvas = (width: number, height: number) => (typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(width, height) : Object.assign(document.createElement('canvas'), { width, height }))

// on the page too, one photo at a time: ten decoded at once would take half a gigabyte
let pageDrawing: Promise<unknown> = Promise.resolve()
function drawOnPage(ask: ResizeAsk): Promise<Blob | null> {
  const drawn = pageDrawing.then(() => resizeImage(ask, pageCanvas))
  pageDrawing = drawn.catch(() => undefined)
  return drawn
}

/** Fetches the worker's script while there is signal, so the app's cache has it for a day without. */
export function warmResizer(): void {
  void fetch(workerUrl()).catch(() => undefined)
}

/** `original`'s travelling copy and the facts of its EXIF. */
export async function travellingCopy(original: File, settings: PhotoSettings): Promise<TravelPhoto> {
  const head = new Uint8Array(await original.slice(0, EXIF_BYTES).arrayBuffer())
  const facts = photoFactsOf(readExif(head), 'local')
  if (settings.keepOriginal) return { file: original, facts }
  const ask: ResizeAsk = { photo: original, jpeg: isJpeg(head), maxEdge: settings.maxEdge, quality: settings.quality }
  try {
    const answer = await askWorker(ask)
    if (answer && 'failed' in answer) return { file: original, facts }
    const copy = answer && 'copy' in answer ? answer.copy : await drawOnPage(ask)
    if (!copy) return { file: original, facts }
    return { file: new File([copy], original.name.replace(/(\.[^.]*)?$/, '.jpg'), { type: 'image/jpeg', lastModified: original.lastModified }), facts }
  } catch {
    return { file: original, facts } // not an image this browser decodes: the server checks its type
  }
}
