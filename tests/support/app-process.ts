// `bin/start.ts` in a child process, as `npm start` runs it: its output, its URL, and a stop
// that sends a signal and returns the exit code. Started in a test, it is stopped when the test
// finishes, failed or not (a failed check used to leave the app and its HTTP processes running).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { whenTestFinishes } from './warm-contexts.ts'

export interface AppProcess {
  pid: number
  /** the app's base URL, once it listens (rejects if the process ends first or takes over 60 s) */
  url: Promise<string>
  output(): string
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export function spawnApp(env: NodeJS.ProcessEnv): AppProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/start.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...env, PORT: '0', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The app did not start within 60 s:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      // the banner is printed in one go and ends with this line
      const match = /http:\/\/localhost:(\d+)\/[\s\S]*Press Ctrl-C to stop\./.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(`http://localhost:${match[1]}`)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`The app exited (${code}) before listening:\n${output}`))
    })
  })
  url.catch(() => undefined)
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    return exited
  }
  void whenTestFinishes(async () => void (await stop()))
  return { pid: child.pid!, url, output: () => output, stop }
}
