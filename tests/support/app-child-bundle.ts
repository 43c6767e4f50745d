// The test apps' child (tests/support/app-child.ts) as one JavaScript file, bundled once per run by
// the browser project's global setup. Under tsx an app took 2.1 core-seconds to start, most of them
// in the loader hooks that compile its TypeScript; plain Node starts the bundle with 1.0 (decision
// 0052). The packages stay outside the bundle (Node loads them from node_modules, as it does for
// the app), and each module keeps its own import.meta.url, so a path a module finds beside itself
// (the server build, a package's file) is the same as under tsx.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Replaces import.meta.url and import.meta.dirname in each of the project's modules by its own. */
const ownImportMeta: Plugin = {
  name: 'own-import-meta',
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
      const source = fs.readFileSync(args.path, 'utf8')
      const contents = source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)).replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' }
    })
  },
}

/** Writes the bundle into `folder` (inside the project, so that its packages resolve) and returns its path. */
export async function bundleAppChild(folder: string): Promise<string> {
  const outfile = path.join(folder, 'app-child.mjs')
  await build({
    entryPoints: [path.join(ROOT, 'tests/support/app-child.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [ownImportMeta],
    logLevel: 'warning',
  })
  return outfile
}
