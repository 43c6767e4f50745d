// The service worker (app/offline/sw/, decision 0089) is TypeScript: esbuild bundles it into one
// script, served at /sw.js with scope '/'. bin/build.ts writes it into the client build, where
// publicFiles serves it as it served public/sw.js (same address, same headers); the dev server
// bundles it on each request.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BuildOptions } from 'esbuild'
import type { RequestHandler } from 'express'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** Its address, /sw.js: the worker's scope is the whole app. */
export const SERVICE_WORKER_FILE = 'sw.js'

/** One script, no imports left: a classic worker (registered without type: 'module'). */
export const serviceWorkerBundle = {
  entryPoints: [path.join(root, 'app', 'offline', 'sw', 'sw.ts')],
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  logLevel: 'error',
} satisfies BuildOptions

/** Development: /sw.js bundled from its sources on each request (Vite serves the rest). */
export const serviceWorkerInDevelopment: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' || req.path !== `/${SERVICE_WORKER_FILE}`) return next()
  import('esbuild')
    .then(({ build }) => build({ ...serviceWorkerBundle, write: false }))
    .then((result) => res.type('text/javascript').setHeader('Cache-Control', 'no-cache').send(result.outputFiles[0]!.text), next)
}
