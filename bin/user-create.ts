// npm run user:create -- --username U --password P [--first-name F] [--last-name L] [--email E]
//   [--company "Name"] [--staff] [--superuser] [--perm CODENAME]...
// Uses DATABASE_URL when set, else the embedded database in .data/pg.
// Exit codes: 0 created; 2 bad command line; 1 refused input (taken username, unknown company...) or failure.
import { parseArgs } from 'node:util'
import { createDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { UserInputError, checkUserInput, createUser, type CreateUserInput } from '#db/queries/users.ts'
import { CONSOLE, isMainModule, type CommandOutput } from './cli-io.ts'

const USAGE = 'usage: npm run user:create -- --username U --password P [--first-name F] [--last-name L] [--email E] [--company "Name"] [--staff] [--superuser] [--perm CODENAME]...'

/** Reads the command line, then creates the user; answers the exit code. */
export async function userCreate(args: string[], io: CommandOutput = CONSOLE): Promise<number> {
  const fail = (message: string, code: number) => (io.err(`user:create: ${message}`), code)
  let input: CreateUserInput
  try {
    const { values } = parseArgs({
      args,
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
      io.out(USAGE)
      return 0
    }
    if (values.username === undefined) return fail('--username is required', 2)
    if (values.password === undefined) return fail('--password is required', 2)
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
    if (error instanceof UserInputError) return fail(error.message, 1)
    // parseArgs: "Unknown option '--x'. To specify a positional argument..." -> keep the first sentence
    return fail(`${(error as Error).message.split('. ')[0]!.replace(/[.]$/, '')} (see --help)`, 2)
  }

  const handle = await openDatabase()
  const db = createDb(handle.url, 2)
  try {
    const user = await createUser(db, input)
    const perms = user.permissions.length ? ` with ${user.permissions.join(', ')}` : ''
    io.out(`Created user ${user.username} (id ${user.id})${perms}.`)
    return 0
  } catch (error) {
    return fail(error instanceof UserInputError ? error.message : `failed: ${(error as Error).message.split('\n')[0]}`, 1)
  } finally {
    await db.destroy()
    await handle.release()
  }
}

if (isMainModule(import.meta.url)) process.exitCode = await userCreate(process.argv.slice(2))
