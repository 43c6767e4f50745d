// TRUST_PROXY=true: the app sits behind one load balancer, which appends the address it saw to
// X-Forwarded-For. Only that last entry is the client's; anything before it is what the client
// wrote itself, and must not let it pass for another address (the sign-in throttle counts by it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { httpSession } from '../support/http-session.ts'

let app: AppServer
beforeAll(async () => {
  app = await startAppServer({ TRUST_PROXY: 'true' })
})
afterAll(() => app?.stop())

describe('behind a load balancer', () => {
  it('takes the client address from the balancer, not from what the client wrote before it', async () => {
    const session = await httpSession(app.url)
    const csrf = await session.csrfToken()
    const statuses: number[] = []
    for (let i = 1; i <= 6; i++) {
      const body = new URLSearchParams({ csrf, username: 'tech', password: 'not-the-password', redirectTo: '/' })
      // the client makes up a new address each time; the balancer appends the real one
      const response = await session.fetch('/login', { method: 'POST', body, headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` } })
      statuses.push(response.status)
    }
    // five failures of one username from one address, then the sixth is refused
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    const recorded = await app.db.selectFrom('login_attempts').select('ip').distinct().execute()
    expect(recorded.map((r) => r.ip)).toEqual(['203.0.113.7'])
  })
})
