// Builds bench/bare-app with this project's own installed Remix and Vite (config: vite.config.ts
// beside this file). Output: bench/bare-app/build (git-ignored). The two Vite builds, client then
// server, are what `remix vite:build` runs.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

export const BARE_ROOT = path.dirname(fileURLToPath(import.meta.url))
export const BARE_BUILD = path.join(BARE_ROOT, 'build')
export const BARE_SERVER_BUILD = path.join(BARE_BUILD, 'server', 'index.js')

export async function buildBareApp(): Promise<void> {
  const env = process.env as Record<string, string | undefined>
  const previous = env.NODE_ENV
  env.NODE_ENV = 'production'
  try {
    for (const ssr of [false, true]) {
      await build({
        root: BARE_ROOT,
        // the Remix plugin insists on a config file (it is loaded afresh for each build, as the CLI does)
        configFile: path.join(BARE_ROOT, 'vite.config.ts'),
        mode: 'production',
        logLevel: 'error',
        build: { ssr },
      })
    }
  } finally {
    if (previous === undefined) delete env.NODE_ENV
    else env.NODE_ENV = previous
  }
}
