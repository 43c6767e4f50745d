// Compressed responses (docs/decisions/0016-compression-and-one-process-per-core.md):
// - hashed assets (/assets/*) are compressed once, at build time (brotli at its best level, and gzip),
//   and served by Accept-Encoding from the .br/.gz file beside each one (server/static-files.ts);
// - HTML and data responses are compressed on the fly (brotli at a fast level, or gzip), except
//   small bodies, images, file downloads and byte ranges (their bytes must stay as stored).
import { constants as zlib } from 'node:zlib'
import compression from 'compression'
import type { NextFunction, Request, RequestHandler, Response } from 'express'

/** Encodings written beside each asset at build time, best first. */
export const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const
export type Encoding = (typeof PRECOMPRESSED)[number]['encoding']

/** Asset types worth compressing (images and fonts are compressed formats already). */
export const COMPRESSIBLE_ASSET = /\.(?:js|mjs|css|svg|json|map|txt|html|xml|wasm)$/i

/** The encodings a client accepts (q > 0), from its Accept-Encoding header. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>()
  const refused = new Set<string>()
  let wildcard = false
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    const ok = q === undefined || Number(q) > 0
    if (name === '*') wildcard = ok
    else (ok ? accepted : refused).add(name)
  }
  if (wildcard) for (const { encoding } of PRECOMPRESSED) if (!refused.has(encoding)) accepted.add(encoding)
  return accepted
}

/** Responses whose bytes must go out as they are: byte ranges, file downloads, images. */
function mustStayIdentity(req: Request, res: Response): boolean {
  if (req.headers.range || res.statusCode === 206 || res.getHeader('Content-Range') || res.getHeader('Accept-Ranges')) return true
  if (res.getHeader('Content-Disposition')) return true
  const type = String(res.getHeader('Content-Type') ?? '')
  return type.startsWith('image/')
}

/**
 * Fast levels: a /view-calls page (46 KB) takes 0.2 ms at brotli 2 (11.0 KB) against 0.4 ms at
 * brotli 4 (10.2 KB); gzip 3 is as fast (10.9 KB). The best levels are for build time only.
 */
export const ON_THE_FLY_BROTLI_QUALITY = 2
export const ON_THE_FLY_GZIP_LEVEL = 3
/** Bodies smaller than this go out as they are: compressing them saves too little. */
export const COMPRESSION_THRESHOLD = 1024

type Chunk = string | Uint8Array
type Callback = (error?: Error | null) => void
const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) => (typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))

/**
 * Remix writes a response as a stream of small chunks, flushes after each one and sends no
 * Content-Length, so a compressor could neither tell a small body (to skip it) nor compress more
 * than one small chunk at a time. This holds what is written in one turn of the event loop: a body
 * that ends within it goes out whole with its Content-Length, and a longer stream (a page with
 * deferred parts) is flushed once per turn instead of once per chunk.
 */
function batchWrites(req: Request, res: Response, next: NextFunction): void {
  const write = res.write.bind(res) as (chunk: Chunk, encoding?: BufferEncoding, callback?: Callback) => boolean
  const end = res.end.bind(res) as (chunk?: Chunk, encoding?: BufferEncoding, callback?: () => void) => Response
  const flush = (res as Response & { flush?: () => void }).flush?.bind(res)
  let held: Buffer[] | undefined // written in the first turn, not yet passed on
  let passing = false // after the first turn: straight through
  let flushQueued = false

  const release = () => {
    if (!held) return
    const chunks = held
    held = undefined
    passing = true
    for (const chunk of chunks) write(chunk)
    flush?.()
  }

  res.write = ((chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) => {
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined]
    if (passing) return write(chunk, encoding, callback)
    if (!held) {
      held = []
      setImmediate(release)
    }
    held.push(toBuffer(chunk, encoding))
    if (callback) process.nextTick(callback)
    return true
  }) as Response['write']

  res.end = ((chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void), callback?: () => void) => {
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined]
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined]
    if (!held) return end(chunk, encoding, callback) // passing, or the whole body in this one call
    if (chunk !== undefined && chunk !== null) held.push(toBuffer(chunk, encoding))
    const body = Buffer.concat(held)
    held = undefined
    if (body.length > 0 && req.method !== 'HEAD' && !res.headersSent && !res.hasHeader('Content-Length')) res.setHeader('Content-Length', body.length)
    return end(body, undefined, callback)
  }) as Response['end']

  ;(res as Response & { flush: () => void }).flush = () => {
    if (!passing || flushQueued || !flush) return
    flushQueued = true
    setImmediate(() => {
      flushQueued = false
      flush()
    })
  }
  next()
}

/** HTML and data responses of COMPRESSION_THRESHOLD or more, compressed as they stream. */
export function compressResponses(): RequestHandler[] {
  return [
    compression({
      threshold: COMPRESSION_THRESHOLD,
      level: ON_THE_FLY_GZIP_LEVEL,
      brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY } },
      filter: (req, res) => !mustStayIdentity(req, res) && compression.filter(req, res),
    }),
    batchWrites,
  ]
}
