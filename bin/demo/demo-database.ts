// Whether a start may put the demo into a database, and whether a database's demo accounts may run
// (issue 38, decision 0076). The demo's eleven accounts sign in with a password the README
// publishes, so they belong only in a demo database: the embedded one, one started with DEMO=1, or
// one the demo seed made (its mark: the demo_seed row). A production start on an empty database
// gets no accounts and is told how to make the first superuser; a start on a database that is not
// a demo one refuses to run while one of the demo's accounts still signs in with that password.
import { verifyPassword } from '#core/password.server.ts'
import type { Executor } from '#db/client.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo, type DemoLogin } from './data.ts'

export const FIRST_SUPERUSER = 'No user can sign in yet. Create the first superuser: npm run user:create -- --username <name> --password <a long secret> --superuser --staff'

/** Whether nobody has an account yet (a new database). */
export async function hasNoUsers(db: Executor): Promise<boolean> {
  return !(await db.selectFrom('users').select('id').limit(1).executeTakeFirst())
}

/** Whether the demo seed made this database. */
export async function isDemoDatabase(db: Executor): Promise<boolean> {
  return !!(await db.selectFrom('demo_seed').select('only_row').executeTakeFirst())
}

/** The demo's accounts that are active and still sign in with the published password, in the demo's order. */
export async function accountsWithDemoPassword(db: Executor): Promise<string[]> {
  const names = DEMO_LOGINS.map((l) => l.username)
  const rows = await db.selectFrom('users').select(['username', 'password_hash']).where('username', 'in', names).where('is_active', '=', true).execute()
  const weak = await Promise.all(rows.map(async (r) => ((await verifyPassword(DEMO_PASSWORD, r.password_hash)) ? r.username : null)))
  return names.filter((name) => weak.includes(name))
}

export class DemoPasswordRefusal extends Error {
  constructor(readonly usernames: readonly string[]) {
    const list = usernames.join(', ')
    super(
      `Refusing to start: ${list} still sign${usernames.length === 1 ? 's' : ''} in with the demo password the README publishes (${DEMO_PASSWORD}), ` +
        'and this database is not a demo one. Create a superuser of your own ' +
        '(npm run user:create -- --username <name> --password <a long secret> --superuser --staff), ' +
        `then deactivate ${usernames.length === 1 ? 'it' : 'them'}: npm run user:deactivate -- ${usernames.join(' ')}. ` +
        '(A demo: start with DEMO=1.)',
    )
  }
}

export interface DemoStart {
  /** the demo was seeded into the empty database */
  seeded: boolean
  /** the demo's logins to show (a demo database's only) */
  logins: DemoLogin[]
  /** what to tell the person starting it (an empty database that gets no demo) */
  notice?: string
}

/**
 * A start's part of the demo: seeds an empty database when the demo is wanted (`embedded`, or the
 * DEMO switch), tells how to make the first superuser when it is not, and throws
 * DemoPasswordRefusal on a database that is not a demo one while a demo account keeps its password.
 */
export async function settleDemo(db: Executor, { embedded, demoSwitch, store }: { embedded: boolean; demoSwitch: boolean; store?: BlobStore }): Promise<DemoStart> {
  const wanted = embedded || demoSwitch
  const empty = await hasNoUsers(db)
  if (empty && wanted) await seedDemo(db, { store })
  const demo = wanted || (await isDemoDatabase(db))
  if (!demo) {
    const weak = await accountsWithDemoPassword(db)
    if (weak.length > 0) throw new DemoPasswordRefusal(weak)
  }
  const present = demo
    ? new Set(
        (
          await db
            .selectFrom('users')
            .select('username')
            .where(
              'username',
              'in',
              DEMO_LOGINS.map((l) => l.username),
            )
            .execute()
        ).map((u) => u.username),
      )
    : new Set()
  return {
    seeded: empty && wanted,
    logins: DEMO_LOGINS.filter((l) => present.has(l.username)),
    ...(empty && !wanted ? { notice: FIRST_SUPERUSER } : {}),
  }
}
