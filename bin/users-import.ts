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

const USAGE = 'usage: npm run users:import -- file.json [--skip-refused]   (a Django dumpdata of auth.user, auth.group and auth.permission)'
/** Far above any staff's user list; a bigger file is not what this reads. */
const MAX_FILE_BYTES = 64 * 1024 * 1024

function fail(message: string, code: number): never {
  console.error(`users:import: ${message}`)
  process.exit(code)
}

let file: string
let skipRefused: boolean
try {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    strict: true,
    allowPositionals: true,
    options: { 'skip-refused': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  if (positionals.length !== 1) fail(`give one file (see --help)`, 2)
  file = positionals[0]!
  skipRefused = values['skip-refused'] ?? false
} catch (error) {
  fail(`${(error as Error).message.split('. ')[0]!.replace(/[.]$/, '')} (see --help)`, 2)
}

let source: string
try {
  if (fs.statSync(file).size > MAX_FILE_BYTES) fail(`${file} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB`, 2)
  source = fs.readFileSync(file, 'utf8')
} catch (error) {
  fail(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, 2)
}

let dump: ReturnType<typeof readDjangoDump>
try {
  dump = readDjangoDump(source, { skipRefused })
} catch (error) {
  if (error instanceof UserInputError) fail(`${file}: ${error.message}`, 1)
  throw error
}

const handle = await openDatabase()
const db = createDb(handle.url, 2)
try {
  const result = await importDjangoUsers(db, dump)
  const list = (names: string[]) => (names.length ? `: ${names.join(', ')}` : '')
  console.log(`Imported ${result.usersAdded.length} user${result.usersAdded.length === 1 ? '' : 's'}${list(result.usersAdded)}.`)
  if (result.usersKept.length) console.log(`Already here, left as they are: ${result.usersKept.join(', ')}.`)
  if (result.groupsAdded.length) console.log(`New groups: ${result.groupsAdded.join(', ')}.`)
  if (dump.refused.length) console.log(`Left out (--skip-refused):\n  ${dump.refused.join('\n  ')}`)
  if (dump.unknownPermissions.length) console.log(`Skipped permissions this app does not have: ${dump.unknownPermissions.join(', ')}.`)
  const others = Object.entries(dump.otherModels)
  if (others.length) console.log(`Ignored entries of other models: ${others.map(([m, n]) => `${m} (${n})`).join(', ')}.`)
} catch (error) {
  console.error(`users:import: failed, nothing was imported: ${(error as Error).message.split('\n')[0]}`)
  process.exitCode = 1
} finally {
  await db.destroy()
  await handle.release()
}
