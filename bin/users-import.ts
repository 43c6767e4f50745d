// npm run users:import -- file.json [--skip-refused]
// Imports the users, groups and permissions of a Django `dumpdata` (auth.user, auth.group,
// auth.permission; with or without --natural-foreign/--natural-primary) in one transaction.
// Imported users sign in with their old passwords (pbkdf2_sha256; re-hashed with scrypt at their
// first sign-in). See docs/decisions/0032-user-import-and-password-hashes.md.
// Uses DATABASE_URL when set, else the embedded database in .data/pg.
// Exit codes: 0 imported (or nothing new); 2 bad command line or unreadable file; 1 refused input or failure.
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { createDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { importDjangoUsers, readDjangoDump } from '#db/queries/user-import.ts'
import { UserInputError } from '#db/queries/users.ts'
import { CONSOLE, isMainModule, type CommandOutput } from './cli-io.ts'

const USAGE = 'usage: npm run users:import -- file.json [--skip-refused]   (a Django dumpdata of auth.user, auth.group and auth.permission)'
/** Far above any staff's user list; a bigger file is not what this reads. */
const MAX_FILE_BYTES = 64 * 1024 * 1024

/** Reads the command line and the file, then imports; answers the exit code. */
export async function usersImport(args: string[], io: CommandOutput = CONSOLE): Promise<number> {
  const fail = (message: string, code: number) => (io.err(`users:import: ${message}`), code)
  let file: string
  let skipRefused: boolean
  try {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { 'skip-refused': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    })
    if (values.help) {
      io.out(USAGE)
      return 0
    }
    if (positionals.length !== 1) return fail(`give one file (see --help)`, 2)
    file = positionals[0]!
    skipRefused = values['skip-refused'] ?? false
  } catch (error) {
    return fail(`${(error as Error).message.split('. ')[0]!.replace(/[.]$/, '')} (see --help)`, 2)
  }

  let source: string
  try {
    if (fs.statSync(file).size > MAX_FILE_BYTES) return fail(`${file} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB`, 2)
    source = fs.readFileSync(file, 'utf8')
  } catch (error) {
    return fail(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, 2)
  }

  let dump: ReturnType<typeof readDjangoDump>
  try {
    dump = readDjangoDump(source, { skipRefused })
  } catch (error) {
    if (error instanceof UserInputError) return fail(`${file}: ${error.message}`, 1)
    throw error
  }

  const handle = await openDatabase()
  const db = createDb(handle.url, 2)
  try {
    const result = await importDjangoUsers(db, dump)
    const list = (names: string[]) => (names.length ? `: ${names.join(', ')}` : '')
    io.out(`Imported ${result.usersAdded.length} user${result.usersAdded.length === 1 ? '' : 's'}${list(result.usersAdded)}.`)
    if (result.usersKept.length) io.out(`Already here, left as they are: ${result.usersKept.join(', ')}.`)
    if (result.groupsAdded.length) io.out(`New groups: ${result.groupsAdded.join(', ')}.`)
    if (dump.refused.length) io.out(`Left out (--skip-refused):\n  ${dump.refused.join('\n  ')}`)
    if (dump.unknownPermissions.length) io.out(`Skipped permissions this app does not have: ${dump.unknownPermissions.join(', ')}.`)
    const others = Object.entries(dump.otherModels)
    if (others.length) io.out(`Ignored entries of other models: ${others.map(([m, n]) => `${m} (${n})`).join(', ')}.`)
    return 0
  } catch (error) {
    return fail(`failed, nothing was imported: ${(error as Error).message.split('\n')[0]}`, 1)
  } finally {
    await db.destroy()
    await handle.release()
  }
}

if (isMainModule(import.meta.url)) process.exitCode = await usersImport(process.argv.slice(2))
