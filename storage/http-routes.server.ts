// Serves the filesystem driver's signed URLs. Mounted by the HTTP server before Remix:
//   app.use('/blobs', blobRoutes())
// GET  /blobs/d/<token>  streams a stored file (Range requests supported)
// PUT  /blobs/p/<token>  stores one multipart part (at most 5 MiB + a little slack) and answers
//                        with its ETag header, as S3 does
// A token that is expired or does not carry a valid signature gets 403. With the S3 driver these
// URLs are never handed out and the routes answer 404.
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import express, { type Request, type Response } from 'express'
import { CHUNK_BYTES, InvalidKeyError, contentDisposition, isInlineSafe, type BlobStore } from './blob-store.ts'
import { FsDriver, MultipartError, verifyDownloadToken, verifyPartToken } from './fs-driver.server.ts'
import { getBlobStore } from './index.server.ts'

/** A part may exceed the 5 MiB chunk by this much (multipart framing never applies here, but be lenient). */
export const PART_SLACK_BYTES = 64 * 1024
export const MAX_PART_BYTES = CHUNK_BYTES + PART_SLACK_BYTES

function text(res: Response, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  res.status(status).type('text/plain; charset=utf-8').send(message)
}

export function blobRoutes(store?: BlobStore): express.Router {
  const router = express.Router()
  const fsDriver = (): FsDriver | null => {
    const s = store ?? getBlobStore()
    return s instanceof FsDriver ? s : null
  }

  router.get('/d/:token', async (req: Request, res: Response) => {
    const check = verifyDownloadToken(req.params.token ?? '')
    if (!check.ok) return text(res, 403, check.reason === 'expired' ? 'This link has expired.' : 'This link is not valid.')
    const driver = fsDriver()
    if (!driver) return text(res, 404, 'Not found.')
    const { key, filename, contentType, disposition, expiresAt } = check.token
    try {
      const stat = await driver.stat(key)
      if (!stat) return text(res, 404, 'This file no longer exists.')
      const inline = disposition === 'inline' && isInlineSafe(contentType)
      res.setHeader('Content-Type', contentType)
      res.setHeader('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', filename))
      res.setHeader('Accept-Ranges', 'bytes')
      res.setHeader('Cache-Control', `private, max-age=${Math.max(0, expiresAt - Math.floor(Date.now() / 1000))}`)
      res.setHeader('X-Content-Type-Options', 'nosniff')

      let stream: Readable
      const ranges = req.headers.range ? req.range(stat.size, { combine: true }) : undefined
      if (ranges === -1) {
        res.setHeader('Content-Range', `bytes */${stat.size}`)
        return text(res, 416, 'Range not satisfiable.')
      }
      if (ranges && ranges !== -2 && ranges.length === 1 && ranges.type === 'bytes') {
        const { start, end } = ranges[0]!
        res.status(206)
        res.setHeader('Content-Range', `bytes ${start}-${end}/${stat.size}`)
        res.setHeader('Content-Length', String(end - start + 1))
        stream = await driver.getStream(key, { start, end })
      } else {
        res.status(200)
        res.setHeader('Content-Length', String(stat.size))
        stream = await driver.getStream(key)
      }
      if (req.method === 'HEAD') {
        stream.destroy()
        res.end()
        return
      }
      await pipeline(stream, res)
    } catch (error) {
      if (error instanceof InvalidKeyError) return text(res, 400, 'This link is not valid.')
      if (!res.headersSent) console.error(error)
      text(res, 500, 'The file could not be read.')
    }
  })

  router.put('/p/:token', async (req: Request, res: Response) => {
    const check = verifyPartToken(req.params.token ?? '')
    if (!check.ok) return text(res, 403, check.reason === 'expired' ? 'This upload link has expired.' : 'This upload link is not valid.')
    const driver = fsDriver()
    if (!driver) return text(res, 404, 'Not found.')
    const declared = Number(req.headers['content-length'] ?? NaN)
    if (Number.isFinite(declared) && declared > MAX_PART_BYTES) {
      res.setHeader('Connection', 'close')
      return text(res, 413, 'This part is too large.')
    }
    const { key, uploadId, partNumber } = check.token
    try {
      const etag = await driver.writePart(key, uploadId, partNumber, req, MAX_PART_BYTES)
      res.setHeader('ETag', etag)
      res.setHeader('Access-Control-Expose-Headers', 'ETag')
      res.status(200).end()
    } catch (error) {
      if (error instanceof MultipartError && error.code === 'EntityTooLarge') {
        res.setHeader('Connection', 'close')
        return text(res, 413, 'This part is too large.')
      }
      if (error instanceof MultipartError) return text(res, 404, 'This upload is no longer open.')
      if (error instanceof InvalidKeyError) return text(res, 400, 'This upload link is not valid.')
      if (req.destroyed || req.readableAborted) return text(res, 400, 'The upload was interrupted.')
      console.error(error)
      text(res, 500, 'The part could not be stored.')
    }
  })

  return router
}
