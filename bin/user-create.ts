// npm run user:create -- --username U --password P [--first-name F] [--last-name L] [--email E]
//   [--company "Name"] [--staff] [--superuser] [--perm CODENAME]...
// Uses DATABASE_URL when set, else the embedded database in .data/pg.
// Exit codes: 0 created; 2 bad command line; 1 refused input (taken username, unknown company...) or failure.
import { parseArgs } from 'node:util'
import { createDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { UserInputError, checkUserInput, createUser, type CreateUserInput } from '#db/queries/users.ts'

const USAGE =
  'usage: npm run user:create -- --username U --password P [--first-name F] [--last-name L] [--email E] [--company "Name"] [--staff] [--superuser] [--perm CODENAME]...'

function fail(message: string, code: number): never {
  console.error(`user:create: ${message}`)
  process.exit(code)
}

let input: CreateUserInput
try {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: true,
    allowPositionals: false,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      email: { type: 'string' },
      company: { type: 'string' },
      staff: { type: 'boolean' },
      superuser: { type: 'boolean' },
      perm: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  if (values.username === undefined) fail('--username is required', 2)
  if (values.password === undefined) fail('--password is required', 2)
  input = {
    username: values.username,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
    email: values.email,
    companyName: values.company,
    isStaff: values.staff ?? false,
    isSuperuser: values.superuser ?? false,
    permissions: values.perm ?? [],
  }
  checkUserInput(input) // fail fast, before any database is opened
} catch (error) {
  if (error instanceof UserInputError) fail(error.message, 1)
  // parseArgs: "Unknown option '--x'. To specify a positional argument..." -> keep the first sentence
  fail(`${(error as Error).message.split('. ')[0]!.replace(/[.]$/, '')} (see --help)`, 2)
}

const handle = await openDatabase()
const db = createDb(handle.url, 2)
try {
  const user = await createUser(db, input)
  const perms = user.permissions.length ? ` with ${user.permissions.join(', ')}` : ''
  console.log(`Created user ${user.username} (id ${user.id})${perms}.`)
} catch (error) {
  console.error(`user:create: ${error instanceof UserInputError ? error.message : `failed: ${(error as Error).message.split('\n')[0]}`}`)
  process.exitCode = 1
} finally {
  await db.destroy()
  await handle.release()
}
