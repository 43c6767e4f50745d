// The build's static files. Both are listed once at start-up (they do not change while the server
// runs), so a page request never costs a file-system look-up.
import fs from 'node:fs'
import path from 'node:path'
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express'
import { acceptedEncodings, PRECOMPRESSED, type Encoding } from './compression.ts'

/**
 * /assets/*: the file names carry their content hash, so they are cached for a year and never
 * revalidated. A request without a Range gets the .br or .gz twin when the client accepts it.
 */
export function assetFiles(assetsDir: string): RequestHandler {
  const names = new Set(filesUnder(assetsDir))
  const twins = new Map<string, Set<Encoding>>() // '/name-hash.js' → encodings on disk
  for (const name of names) {
    for (const { encoding, extension } of PRECOMPRESSED) {
      if (name.endsWith(extension) && names.has(name.slice(0, -extension.length))) {
        const key = `/${name.slice(0, -extension.length)}`
        twins.set(key, (twins.get(key) ?? new Set()).add(encoding))
      }
    }
  }
  const serve = express.static(assetsDir, { immutable: true, maxAge: '1y', index: false, redirect: false })
  const { mime } = express.static
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !names.has(req.path.slice(1))) return next()
    const available = twins.get(req.path)
    if (available) {
      res.setHeader('Vary', 'Accept-Encoding')
      if (!req.headers.range) {
        const accepted = acceptedEncodings(req.headers['accept-encoding'])
        const chosen = PRECOMPRESSED.find((p) => available.has(p.encoding) && accepted.has(p.encoding))
        if (chosen) {
          // send() keeps a Content-Type set before it: the type of the asset, not of '.br'
          const type = mime.lookup(req.path)
          const charset = mime.charsets.lookup(type, '')
          res.setHeader('Content-Type', charset ? `${type}; charset=${charset}` : type)
          res.setHeader('Content-Encoding', chosen.encoding)
          req.url = `${req.path}${chosen.extension}`
        }
      }
    }
    serve(req, res, next)
  }
}

/** The other files of the client build (favicon.svg…), cached for an hour; any other path goes on to Remix. */
export function publicFiles(clientDir: string): RequestHandler {
  const files = new Set(
    filesUnder(clientDir)
      .filter((name) => !name.startsWith('assets/'))
      .map((name) => `/${name}`),
  )
  const serve = express.static(clientDir, { maxAge: '1h', index: false, redirect: false })
  return (req: Request, res: Response, next: NextFunction) => (files.has(req.path) ? serve(req, res, next) : next())
}

/** Paths of the files under `dir`, relative, with '/' separators. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path
        .relative(dir, path.join(entry.parentPath ?? entry.path, entry.name))
        .split(path.sep)
        .join('/'),
    )
}
