// The apps this test process started, by base URL, and sign-in by session: a session made the way
// the sign-in form's action makes it (db/queries/sessions.ts), its cookie set in the browser or
// the HTTP client. For tests whose subject is not signing in; those that test it use the form.
import { randomBytes } from 'node:crypto'
import type { BrowserContext } from 'playwright-core'
import type { Executor } from '#db/client.server.ts'
import { createSession } from '#db/queries/sessions.ts'

const apps = new Map<string, Executor>()
const contexts = new WeakMap<BrowserContext, string>()

export function registerApp(url: string, db: Executor): void {
  apps.set(url, db)
}

export const isTestApp = (url: string) => apps.has(url)

/** Called by newContext: which app a browser context was opened on. */
export function registerContext(context: BrowserContext, baseUrl: string): void {
  contexts.set(context, baseUrl)
}

export function appUrlOf(context: BrowserContext): string {
  const url = contexts.get(context)
  if (!url) throw new Error('This browser context was not opened with newContext (tests/support/browser.ts)')
  return url
}

/** A new session of `username` in the app at `baseUrl`; returns the cookie's token. */
export async function sessionToken(baseUrl: string, username: string): Promise<string> {
  const db = apps.get(baseUrl)
  if (!db) throw new Error(`No app of this test process answers at ${baseUrl}`)
  const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst()
  if (!user) throw new Error(`No user ${username}`)
  const token = randomBytes(32).toString('base64url')
  await createSession(db, { token, userId: user.id, userAgent: 'test', ip: '127.0.0.1' })
  return token
}
