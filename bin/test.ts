// `npm test`: the checks (type check, lint, format) and every test project at once (the checks do
// not hold the tests back; the type check keeps a cache in .data/, so a second run reads only what
// changed). Exits non-zero when any fails; arguments go to vitest (`npm test -- --project db`). The
// checks run one after another beside the tests, one core at most: the type checker is TypeScript
// 7's (decision 0055) on one thread, then oxlint and oxfmt (under a CPU-second each), niced
// (decisions 0090, 0092).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name)
const TYPE_CHECKER = path.join(root, 'node_modules', 'typescript-7', 'bin', 'tsc')

function run(command: string, args: string[], options: { quiet?: boolean } = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk))
    child.once('error', (error) => resolve({ code: 1, output: String(error) })) // e.g. no `nice` on this machine
    child.once('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }))
  })
}

/** `npm run <name>` (lint, format:check) without npm, niced: its tool and flags are package.json's */
function niced(name: string): Promise<{ code: number; output: string }> {
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
  const [tool, ...args] = scripts[name]!.split(' ')
  return run('nice', ['-n', '10', bin(tool!), ...args], { quiet: true })
}

const started = Date.now()
// the checks' output is held until the tests end, so the two do not interleave
const checks = (async () => {
  const results: [string, { code: number; output: string }][] = []
  results.push([
    'Type check',
    await run(process.execPath, [TYPE_CHECKER, '-p', '.', '--singleThreaded', '--incremental', '--tsBuildInfoFile', path.join(root, '.data', 'tsc.tsbuildinfo')], { quiet: true }),
  ])
  results.push(['Lint (npm run lint)', await niced('lint')])
  results.push(['Format check (npm run format writes)', await niced('format:check')])
  return results
})()
const tests = await run(bin('vitest'), ['run', ...process.argv.slice(2)])
let failed = tests.code !== 0
for (const [name, result] of await checks) {
  if (result.code !== 0) process.stdout.write(`\n${name} failed:\n${result.output}`)
  else console.log(`${name} passed.`)
  failed ||= result.code !== 0
}
console.log(`npm test took ${Math.round((Date.now() - started) / 1000)} s.`)
process.exit(failed ? 1 : 0)
