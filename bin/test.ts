// `npm test`: the type check and every test project at once (the type check no longer holds the
// tests back; it is incremental, so a second run checks only what changed). Exits non-zero when
// either fails; arguments go to vitest (`npm test -- --project db`). The type checker is
// TypeScript 7's (decision 0055), on one thread: beside the tests, CPU is what it would take from them.
import { spawn } from 'node:child_process'
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
    child.once('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }))
  })
}

const started = Date.now()
// the type check's output is held until the tests end, so the two do not interleave
const typecheck = run(process.execPath, [TYPE_CHECKER, '-p', '.', '--singleThreaded', '--incremental', '--tsBuildInfoFile', path.join(root, '.data', 'tsc.tsbuildinfo')], { quiet: true })
const tests = await run(bin('vitest'), ['run', ...process.argv.slice(2)])
const types = await typecheck
if (types.code !== 0) process.stdout.write(`\nType check failed:\n${types.output}`)
else console.log('Type check passed.')
console.log(`npm test took ${Math.round((Date.now() - started) / 1000)} s.`)
process.exit(tests.code !== 0 || types.code !== 0 ? 1 : 0)
