// What a list page's browser code may not load (decision 0051): the list screen kit, and the shell
// every page has, reach no zod (27 KiB gzip, a fifth of a list's JavaScript). A text a list or
// the shell shows lives outside the zod schema modules. Static imports only, as a first visit
// loads them; `.server` modules and type-only imports never reach the browser.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const ALIASES: Record<string, string> = {
  '#core/': 'core/',
  '#app/': 'app/',
  '#db/': 'db/',
  '#storage/': 'storage/',
  '#workflows/': 'workflows/',
  '#commands/': 'commands/',
  '#jobs/': 'jobs/',
  '#mail/': 'mail/',
}

/** The value imports of `file` (type-only ones left out), as written. */
function valueImports(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
  return [...text.matchAll(/^\s*(import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => (m[2] ?? m[3])!)
}

/** A specifier of `file` as a source file of the project, or the package's name. */
function resolve(file: string, specifier: string): { file: string } | { pkg: string } {
  for (const [alias, dir] of Object.entries(ALIASES)) if (specifier.startsWith(alias)) return { file: dir + specifier.slice(alias.length) }
  if (specifier.startsWith('.')) return { file: path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier)) }
  return { pkg: specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]! }
}

/** How `start` reaches package `pkg` through browser code (each file on the way), or null. */
function pathTo(start: string, pkg: string): string[] | null {
  const seen = new Set<string>([start])
  const queue: string[][] = [[start]]
  while (queue.length) {
    const trail = queue.shift()!
    for (const specifier of valueImports(trail.at(-1)!)) {
      const target = resolve(trail.at(-1)!, specifier)
      if ('pkg' in target) {
        if (target.pkg === pkg) return [...trail, pkg]
        continue
      }
      if (target.file.includes('.server.') || seen.has(target.file) || !fs.existsSync(path.join(ROOT, target.file))) continue
      seen.add(target.file)
      queue.push([...trail, target.file])
    }
  }
  return null
}

describe('page weight', () => {
  it('finds an import path where there is one (a form validates with zod in the browser)', () => {
    expect(pathTo('app/features/pretreat-form/pretreat-form.tsx', 'zod')).not.toBeNull()
  })

  for (const start of ['app/components/list/list-screen.tsx', 'app/components/form/flash-notice.tsx', 'app/components/shell/top-bar.tsx', 'app/root.tsx']) {
    it(`${start} reaches no zod`, () => {
      expect(pathTo(start, 'zod')).toBeNull()
    })
  }
})
