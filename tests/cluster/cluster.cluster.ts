// The multi-machine checks (issue 25), against tests/cluster/cluster.ts: what works through the
// load balancer and across nodes because nothing lives on one machine.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import autocannon from 'autocannon'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { hashPassword } from '#core/password.server.ts'
import { createTestDatabase, type TestDatabase } from '../support/db.ts'
import { startCluster, until, type Cluster } from './cluster.ts'

let database: TestDatabase
let cluster: Cluster
let place: { company_id: number; storage_id: number }
beforeAll(async () => {
  database = await createTestDatabase()
  const password_hash = await hashPassword('cluster-pass-1')
  await database.db.insertInto('users').values({ username: 'ops', password_hash, first_name: 'Ops', last_name: 'Tester', is_superuser: true }).execute()
  const company = await database.db.insertInto('companies').values({ company_name: 'Cluster Farms' }).returning('id').executeTakeFirstOrThrow()
  const storage = await database.db.insertInto('storages').values({ company_id: company.id, name: 'Cluster Cellar' }).returning('id').executeTakeFirstOrThrow()
  place = { company_id: company.id, storage_id: storage.id }
  cluster = await startCluster(database.url)
}, 240_000)
afterAll(async () => {
  await cluster?.stop()
  await database?.drop()
})

/** A visitor with a cookie jar, sending each request to the node or balancer it names. */
function visitor() {
  const jar = new Map<string, string>()
  return {
    async send(base: string, target: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers)
      if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
      if (init.method === 'POST') headers.set('origin', base)
      const response = await fetch(new URL(target, base), { ...init, headers, redirect: 'manual' })
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';')
        const eq = pair!.indexOf('=')
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1))
      }
      return response
    },
    async csrf(base: string) {
      const html = await (await this.send(base, '/login')).text()
      return /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? /name="csrf" value="([^"]+)"/.exec(await (await this.send(base, '/')).text())![1]!
    },
  }
}

const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })

describe('a cluster of three web nodes and two workers behind HAProxy', () => {
  it('a sign-in on one node is valid on the others', async () => {
    const v = visitor()
    const [a, b, c] = cluster.nodes
    const signIn = await v.send(a!.url, '/login', form({ csrf: await v.csrf(a!.url), username: 'ops', password: 'cluster-pass-1', redirectTo: '/' }))
    expect(signIn.status).toBe(302)
    for (const node of [b!, c!, a!]) expect(await (await v.send(node.url, '/')).text(), node.name).toContain('Welcome,')
  })

  it('the sign-in lockout counts failures across nodes', async () => {
    const v = visitor()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const node = cluster.nodes[i % 3]!
      statuses.push((await v.send(node.url, '/login', form({ csrf: await v.csrf(node.url), username: 'ops', password: `wrong-${i}`, redirectTo: '/' }))).status)
    }
    // five failures on three nodes, then the sixth is refused wherever it is sent; so is the right password
    expect(statuses.slice(0, 5).every((s) => s === 400 || s === 401)).toBe(true)
    expect(statuses[5]).toBe(429)
    const right = await v.send(cluster.nodes[1]!.url, '/login', form({ csrf: await v.csrf(cluster.nodes[1]!.url), username: 'ops', password: 'cluster-pass-1', redirectTo: '/' }))
    expect(right.status).toBe(429)
    await database.db.deleteFrom('login_attempts').execute()
  })

  it('one offline submission sent to two nodes at once makes one record', async () => {
    const v = visitor()
    const [a, b] = cluster.nodes
    expect((await v.send(a!.url, '/login', form({ csrf: await v.csrf(a!.url), username: 'ops', password: 'cluster-pass-1', redirectTo: '/' }))).status).toBe(302)
    const csrf = await v.csrf(a!.url)
    const submission_id = randomUUID()
    const fields = { csrf, submission_id, company_id: String(place.company_id), storage_id: String(place.storage_id), requested_by: 'Grower', call_in_date: '2026-11-27', description: 'Fan 3 is loud.' }
    const answers = await Promise.all([a!, b!].map((node) => v.send(node.url, '/service-call', form(fields))))
    expect(answers.map((r) => r.status)).toEqual([302, 302])
    expect(await database.db.selectFrom('call_ins').select('id').where('submission_id', '=', submission_id).execute()).toHaveLength(1)
  })

  it('nothing is written to the web nodes’ local disks', () => {
    for (const node of cluster.nodes) expect(fs.readdirSync(node.dataDir), node.name).toEqual([])
  })

  it('a rolling restart of the web nodes under load fails no request', async () => {
    let load: autocannon.Instance | undefined
    const finished = new Promise<autocannon.Result>((resolve, reject) => {
      load = autocannon({ url: `${cluster.balancer}/login`, connections: 8, duration: 600 }, (error, result) => (error ? reject(error) : resolve(result)))
    })
    await new Promise((r) => setTimeout(r, 1_500))
    for (let i = 0; i < cluster.nodes.length; i++) await cluster.restartNode(i)
    await new Promise((r) => setTimeout(r, 1_500))
    load!.stop()
    const result = await finished
    console.log(`rolling restart under load: ${result.requests.total} requests in ${result.duration} s, ${result.errors} errors, ${result.non2xx} not 2xx, p99 ${result.latency.p99} ms`)
    expect(result.requests.total).toBeGreaterThan(500)
    expect(result.errors).toBe(0)
    expect(result.non2xx).toBe(0)
    // each restarted node is ready again behind the balancer
    await until('every node ready', async () => (await Promise.all(cluster.nodes.map(async (n) => (await fetch(`${n.url}/readyz`)).status))).every((s) => s === 200))
  })
})
