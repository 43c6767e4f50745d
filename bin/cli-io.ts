// What the command-line tools share: where they write (their tests read it without starting a
// process) and whether a module is the one node was started with.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export interface CommandOutput {
  out(line: string): void
  err(line: string): void
}

export const CONSOLE: CommandOutput = { out: (line) => console.log(line), err: (line) => console.error(line) }

/** Whether `moduleUrl` (import.meta.url) is the script node runs, not a module a test imported. */
export const isMainModule = (moduleUrl: string) => !!process.argv[1] && fileURLToPath(moduleUrl) === path.resolve(process.argv[1])
