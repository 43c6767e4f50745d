// npm run user:deactivate -- USERNAME [USERNAME...]: those accounts can no longer sign in (their
// sessions end); their records stay. What a start refused for a demo account on a database that is
// not a demo one asks for (decision 0076). Uses DATABASE_URL when set, else the embedded database.
// Exit codes: 0 done; 1 an unknown username (nothing changed) or a failure; 2 bad command line.
import { createDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { deactivateUsers } from '#db/queries/users.ts'
import { CONSOLE, isMainModule, type CommandOutput } from './cli-io.ts'

const USAGE = 'usage: npm run user:deactivate -- USERNAME [USERNAME...]'

export async function userDeactivate(args: string[], io: CommandOutput = CONSOLE): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(USAGE)
    return 0
  }
  if (args.length === 0 || args.some((a) => a.startsWith('-') || a.length > 150)) {
    io.err(`user:deactivate: give the usernames to deactivate (${USAGE})`)
    return 2
  }
  const handle = await openDatabase()
  const db = createDb(handle.url, 2)
  try {
    const unknown = await deactivateUsers(db, args)
    if (unknown.length > 0) {
      io.err(`user:deactivate: no such user: ${unknown.join(', ')}; nobody was deactivated.`)
      return 1
    }
    io.out(`Deactivated ${args.join(', ')}: ${args.length === 1 ? 'it' : 'they'} can no longer sign in.`)
    return 0
  } catch (error) {
    io.err(`user:deactivate: failed: ${(error as Error).message.split('\n')[0]}`)
    return 1
  } finally {
    await db.destroy()
    await handle.release()
  }
}

if (isMainModule(import.meta.url)) process.exitCode = await userDeactivate(process.argv.slice(2))
