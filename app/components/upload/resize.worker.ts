// The resize worker (decision 0096): photos are decoded and drawn here, off the page's thread, so
// the page stays responsive while ten photos are made ready. One photo at a time: a camera photo
// takes about 50 MB while it is decoded.
import { resizeImage, type ResizeAsk } from './resize-image.ts'

export type ResizeAnswer = { id: number; copy: Blob | null } | { id: number; failed: string } | { id: number; unsupported: true }

let queue = Promise.resolve()

self.onmessage = (event: MessageEvent<ResizeAsk & { id: number }>) => {
  const { id, ...ask } = event.data
  queue = queue.then(async () => {
    const answer = (value: ResizeAnswer) => self.postMessage(value)
    if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') return answer({ id, unsupported: true })
    try {
      answer({ id, copy: await resizeImage(ask, (width, height) => new OffscreenCanvas(width, height)) })
    } catch (error) {
      answer({ id, failed: error instanceof Error ? error.message : String(error) })
    }
  })
}
