// The README and docs/*.md name files, folders, npm scripts and settings; each must exist, so the
// docs cannot drift from the tree unnoticed. And every setting the code reads is told somewhere
// under docs/. Files only: no database, server or browser.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const DOCS = [
  'README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  'docs/decisions/README.md',
]
/** Made at install or at run time, never in the tree: a doc may name them. */
const MADE_AT_RUN_TIME = ['.data/', 'build/', 'node_modules/']
const SKIPPED_FOLDERS = new Set(['node_modules', 'build', '.git', '.data', 'scratch', 'test-results'])
const NPM_BUILT_INS = new Set(['install', 'ci', 'test', 'start', 'run', 'exec'])

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name)
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(rel)
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : []
  })
}

/** Every environment variable the code (tests' own files aside) reads. */
function settingsRead(): Set<string> {
  const names = new Set<string>()
  for (const file of sourceFiles('.')) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
    for (const m of text.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b|\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g)) names.add((m[1] ?? m[2])!)
    for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g)) for (const name of m[1]!.match(/\b[A-Z][A-Z0-9_]*\b/g) ?? []) names.add(name)
  }
  // core/config.server.ts reads process.env through one zod schema: its keys are the settings
  const config = fs.readFileSync(path.join(ROOT, 'core/config.server.ts'), 'utf8')
  for (const m of config.matchAll(/^ {2}([A-Z][A-Z0-9_]*): (?:z\.|flag\()/gm)) names.add(m[1]!)
  return names
}

const scripts = new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts))
const settings = settingsRead()

/** Whether a path exists; `*`, `<name>`, `{id}` and `…` stand for any part of a name. */
function pathExists(from: string, segments: string[]): boolean {
  const [segment, ...rest] = segments
  if (segment === undefined) return true
  const here = (name: string) => {
    const full = path.join(from, name)
    return rest.length === 0 ? fs.existsSync(full) : fs.statSync(full, { throwIfNoEntry: false })?.isDirectory() === true && pathExists(full, rest)
  }
  if (segment === '.' || segment === '..' || !/[*<{…]/.test(segment)) return here(segment)
  const pattern = segment
    .split(/(\*|<[^>]*>|\{[^}]*\}|…)/)
    .map((part, i) => (i % 2 ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  const names = fs.statSync(from, { throwIfNoEntry: false })?.isDirectory() ? fs.readdirSync(from) : []
  return names.some((name) => new RegExp(`^${pattern}$`).test(name) && here(name))
}

const TOP_LEVEL = new Set(fs.readdirSync(ROOT).filter((name) => !SKIPPED_FOLDERS.has(name)))

/** A code span that names a file or folder of this repository (not a URL path, not a MIME type). */
function isRepoPath(span: string): boolean {
  if (/\s|:\/\/|^[/?~$]/.test(span) || !span.includes('/')) return false
  if (MADE_AT_RUN_TIME.some((prefix) => span.startsWith(prefix))) return false
  return TOP_LEVEL.has(span.split('/')[0]!) || /\/[^/]*\.(ts|tsx|js|mjs|md|json|sql|css)$/.test(span)
}

/** What a markdown text names that does not exist, each as a line saying what and where. */
function brokenReferences(text: string, file: string): string[] {
  const problems: string[] = []
  const fences = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]!)
  const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '')
  // a code span may wrap onto the next line, as may an `npm run X` in prose
  const spans = [...prose.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\s+/g, ' ').trim())

  for (const span of spans) {
    if (isRepoPath(span) && !pathExists(ROOT, span.replace(/\/$/, '').split('/'))) problems.push(`${file}: no file or folder ${span}`)
    const setting = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=\S*)?$|^([A-Z][A-Z0-9]{2,})=\S*$/.exec(span)
    const name = setting?.[1] ?? setting?.[2]
    if (name && !settings.has(name)) problems.push(`${file}: the setting ${name} is read nowhere in the code`)
  }
  for (const m of text.matchAll(/\bnpm\s+run\s+([a-z][\w:.-]*\w)/g)) if (!scripts.has(m[1]!)) problems.push(`${file}: no npm script ${m[1]}`)
  for (const code of [...spans, ...fences]) {
    for (const m of code.matchAll(/\bnpm\s+([a-z][\w:-]*)/g)) if (!NPM_BUILT_INS.has(m[1]!) && !scripts.has(m[1]!)) problems.push(`${file}: npm ${m[1]} is no npm command or script`)
  }
  for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!.replace(/#.*$/, '')
    if (target === '' || /^[a-z]+:/i.test(target)) continue
    if (!fs.existsSync(path.resolve(ROOT, path.dirname(file), decodeURIComponent(target)))) problems.push(`${file}: the link ${m[1]} leads nowhere`)
  }
  return problems
}

describe('the README and docs name only what exists', () => {
  it('finds a made-up path, link, npm script and setting', () => {
    const made = [
      'Start with `app/routes/no-such-screen.tsx`, `scripts/seed.ts` or `docs/nowhere/`; see [the guide](docs/no-such-guide.md).',
      'Run `npm run no-such-script` or `npm frobnicate`, and set `NO_SUCH_SETTING` or `NOSUCH=1`.',
      'Then `npm run',
      '  no-such-wrapped -- --now`.',
    ].join('\n')
    expect(brokenReferences(made, 'README.md')).toEqual([
      'README.md: no file or folder app/routes/no-such-screen.tsx',
      'README.md: no file or folder scripts/seed.ts',
      'README.md: no file or folder docs/nowhere/',
      'README.md: the setting NO_SUCH_SETTING is read nowhere in the code',
      'README.md: the setting NOSUCH is read nowhere in the code',
      'README.md: no npm script no-such-script',
      'README.md: no npm script no-such-wrapped',
      'README.md: npm frobnicate is no npm command or script',
      'README.md: the link docs/no-such-guide.md leads nowhere',
    ])
    expect(brokenReferences('`app/routes/<name>/route.tsx`, `tests/e2e/hostile-crawl-*.test.ts`, `npm run typecheck`, `DATABASE_URL`, `WORKERS=off`', 'README.md')).toEqual([])
  })

  it.each(DOCS)('%s', (file) => {
    expect(brokenReferences(fs.readFileSync(path.join(ROOT, file), 'utf8'), file)).toEqual([])
  })

  it('tells every setting the code reads somewhere under docs/', () => {
    const docs = DOCS.filter((file) => file.startsWith('docs/'))
      .map((file) => fs.readFileSync(path.join(ROOT, file), 'utf8'))
      .join('\n')
    expect([...settings].filter((name) => !new RegExp(`\\b${name}\\b`).test(docs)).sort()).toEqual([])
  })
})
