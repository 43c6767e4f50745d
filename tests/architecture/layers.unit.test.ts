// Imports point down only (README, "Layout"): core/ at the bottom, then db/, storage/, mail/, workflows/, commands/, jobs/,
// then the screens in app/, then the HTTP server and the command-line entry points. A file may
// import its own layer or any layer below it, never one above.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const LAYERS = ['core', 'db', 'storage', 'mail', 'workflows', 'commands', 'jobs', 'app', 'server', 'bin', 'bench'] as const
type Layer = (typeof LAYERS)[number]
const ALIASES: Record<string, Layer> = {
  '#core/': 'core',
  '#db/': 'db',
  '#storage/': 'storage',
  '#mail/': 'mail',
  '#workflows/': 'workflows',
  '#commands/': 'commands',
  '#jobs/': 'jobs',
  '#app/': 'app',
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'build' ? [] : sourceFiles(rel)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : []
  })
}

function layerOf(file: string): Layer | undefined {
  return LAYERS.find((layer) => file === layer || file.startsWith(`${layer}/`))
}

/** The layer an import specifier in `file` points at, or undefined for a package or node built-in. */
function targetLayer(file: string, specifier: string): Layer | undefined {
  for (const [alias, layer] of Object.entries(ALIASES)) if (specifier.startsWith(alias)) return layer
  if (!specifier.startsWith('.')) return undefined
  return layerOf(path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier)))
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)].map((m) => (m[1] ?? m[2] ?? m[3])!)
}

describe('layers', () => {
  const files = LAYERS.flatMap((layer) => sourceFiles(layer))

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(100)
    expect(files).toContain('core/permissions.ts')
  })

  it('import only their own layer or the layers below', () => {
    const upward: string[] = []
    for (const file of files) {
      const own = LAYERS.indexOf(layerOf(file)!)
      for (const specifier of importsOf(file)) {
        const target = targetLayer(file, specifier)
        if (target && LAYERS.indexOf(target) > own) upward.push(`${file} → ${specifier}`)
      }
    }
    expect(upward).toEqual([])
  })

  it('keep core free of I/O packages, so the browser and the server share it', () => {
    const io = files
      .filter((f) => f.startsWith('core/') && !f.includes('.server.'))
      .flatMap((f) =>
        importsOf(f)
          .filter((s) => /^(node:|kysely|pg|@aws-sdk|pg-boss|@remix-run)/.test(s))
          .map((s) => `${f} → ${s}`),
      )
    expect(io).toEqual([])
  })

  it('inside app/, no two folders import each other (a feature imports the kit, never the other way)', () => {
    // the outbox (app/offline) is part of the kit: every form of the kit queues offline through it
    const KIT_PARTS = new Set(['offline'])
    const folderOf = (file: string) => {
      const folder = file.split('/').length > 2 ? file.split('/')[1]! : null
      return folder && KIT_PARTS.has(folder) ? 'components' : folder
    }
    const edges = new Map<string, Map<string, string>>()
    for (const file of files.filter((f) => f.startsWith('app/'))) {
      const from = folderOf(file)
      if (!from) continue
      for (const specifier of importsOf(file)) {
        const target = specifier.startsWith('#app/') ? `app/${specifier.slice(5)}` : specifier.startsWith('.') ? path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier)) : null
        const to = target?.startsWith('app/') ? folderOf(target) : null
        if (to && to !== from && !edges.get(from)?.has(to)) edges.set(from, (edges.get(from) ?? new Map()).set(to, `${file} → ${specifier}`))
      }
    }
    const both = [...edges].flatMap(([from, tos]) => [...tos].filter(([to]) => from < to && edges.get(to)?.has(from)).map(([to, via]) => `${via} and ${edges.get(to)!.get(from)}`))
    expect(both).toEqual([])
  })
})
