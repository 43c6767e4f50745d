// Builds the Remix app when the build is missing or older than its sources (the service worker,
// app/offline/sw/, among them: bundled to the client build's sw.js), then writes a .br and a .gz
// beside every hashed asset, for server/compression.ts to serve.
// `npm install` runs it (postinstall), so `npm start` on an installed checkout starts at once.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { COMPRESSIBLE_ASSET } from '../server/compression.ts'
import { SERVICE_WORKER_FILE, serviceWorkerBundle } from '../server/service-worker.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SOURCES = ['app', 'core', 'db', 'workflows', 'commands', 'jobs', 'storage', 'public', 'remix.config.js', 'vite.config.ts', 'package.json', 'server/service-worker.ts']
export const SERVER_BUILD = path.join(root, 'build', 'server', 'index.js')
export const ASSETS_DIR = path.join(root, 'build', 'client', 'assets')
const SERVICE_WORKER = path.join(root, 'build', 'client', SERVICE_WORKER_FILE)

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0
  const stat = fs.statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue
    newest = Math.max(newest, newestMtime(path.join(target, entry)))
  }
  return newest
}

export function buildIsStale(): boolean {
  if (!fs.existsSync(SERVER_BUILD) || !fs.existsSync(SERVICE_WORKER)) return true
  const built = fs.statSync(SERVER_BUILD).mtimeMs
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built)
}

export function build(): void {
  const started = Date.now()
  console.log('Building the app…')
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'vite:build', '--logLevel', 'error'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) throw new Error('The build failed (see the messages above).')
  bundleServiceWorker()
  precompressAssets(ASSETS_DIR)
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

/** The service worker, into the client build (Vite empties it first). esbuild is loaded only to build. */
function bundleServiceWorker(): void {
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild')
  esbuild.buildSync({ ...serviceWorkerBundle, outfile: SERVICE_WORKER })
}

/**
 * Writes name.br (brotli, best quality) and name.gz (gzip, best level) beside each compressible
 * asset, when it is smaller than the original. Done once here, so no request pays for it.
 */
export function precompressAssets(dir: string): void {
  for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name)
    if (!COMPRESSIBLE_ASSET.test(name) || !fs.statSync(file).isFile()) continue
    const content = fs.readFileSync(file)
    const twins = [
      { extension: '.br', bytes: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }) },
      { extension: '.gz', bytes: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }) },
    ]
    for (const { extension, bytes } of twins) if (bytes.length < content.length) fs.writeFileSync(file + extension, bytes)
  }
}

export function buildIfStale(): void {
  if (buildIsStale()) build()
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (process.argv.includes('--force')) build()
  else buildIfStale()
}
