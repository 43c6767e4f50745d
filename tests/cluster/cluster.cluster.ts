// The multi-machine checks (issue 25), against tests/cluster/cluster.ts: what works through the
// load balancer and across nodes because nothing lives on one machine.
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

/** A visitor signed in as the superuser on `base`. */
async function signedIn(base: string) {
  const v = visitor()
  const answer = await v.send(base, '/login', form({ csrf: await v.csrf(base), username: 'ops', password: 'cluster-pass-1', redirectTo: '/' }))
  if (answer.status !== 302) throw new Error(`sign-in answered ${answer.status}`)
  return v
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
/** The API's JSON calls: the session cookie and the X-CSRF-Token header. */
const api = (method: string, csrf: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(body) })

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
    const fields = {
      csrf,
      submission_id,
      company_id: String(place.company_id),
      storage_id: String(place.storage_id),
      requested_by: 'Grower',
      call_in_date: '2026-11-27',
      description: 'Fan 3 is loud.',
    }
    const answers = await Promise.all([a!, b!].map((node) => v.send(node.url, '/service-call', form(fields))))
    expect(answers.map((r) => r.status)).toEqual([302, 302])
    expect(await database.db.selectFrom('call_ins').select('id').where('submission_id', '=', submission_id).execute()).toHaveLength(1)
  })

  it('a multipart upload started on one node and completed on another is whole on a third', async () => {
    const [a, b, c] = cluster.nodes
    // each node's own sign-in: the upload session, not the node, carries the upload
    const v = await signedIn(a!.url)
    const csrf = await v.csrf(a!.url)
    // two parts of 5 MiB and a bit: lines of text, so the drive takes it as a text file
    const lines: string[] = []
    for (let i = 0, length = 0; length < 5 * 1024 * 1024 + 300_000; i++) length += lines[lines.push(`cellar ${i % 17},probe ${i},${(i * 7919) % 1000}.${i % 10} C\n`) - 1]!.length
    const bytes = Buffer.from(lines.join(''))
    const name = `cluster-readings-${randomUUID().slice(0, 8)}.txt`
    const started = await v.send(a!.url, '/api/upload/', api('POST', csrf, { bucket: 'drive', prefix: '', data: { files: [{ key: name, size: bytes.length, chunk_count: 2 }] } }))
    expect(started.status).toBe(200)
    const [upload] = ((await started.json()) as { data: { upload_id: string; urls: string[] }[] }).data
    expect(upload!.urls).toHaveLength(2)
    const parts = [bytes.subarray(0, 5 * 1024 * 1024), bytes.subarray(5 * 1024 * 1024)]
    const etags = await Promise.all(upload!.urls.map(async (url, i) => (await fetch(url, { method: 'PUT', body: parts[i]! })).headers.get('etag')!))
    const completed = await v.send(
      b!.url,
      '/api/upload/',
      api('PUT', csrf, {
        bucket: 'drive',
        prefix: '',
        data: { files: [{ key: name, size: bytes.length, uploadId: upload!.upload_id, chunks: etags.map((etag, i) => ({ part: i + 1, chunkRecord: etag })), sha256: sha256(bytes) }] },
      }),
    )
    expect(completed.status).toBe(200)
    const { results } = ((await completed.json()) as { data: { results: { success: boolean; key: string }[] } }).data
    expect(results[0]).toMatchObject({ success: true, key: name })
    const b64 = (text: string) => Buffer.from(encodeURIComponent(text)).toString('base64')
    const link = await v.send(c!.url, `/api/download/?k=${b64(name)}&p=${b64('')}`)
    expect(link.status).toBe(200)
    const downloaded = Buffer.from(await (await fetch(await link.text())).arrayBuffer())
    expect(sha256(downloaded)).toBe(sha256(bytes))
  })

  it('a scheduled job fires once per tick across both workers', async () => {
    // the alerts' schedule every minute instead of every five (the schedule lives in the database, as pg-boss keeps it)
    const since = new Date()
    const logged = cluster.workers.map((w) => w.output().length)
    await sql`update pgboss.schedule set cron = '* * * * *' where name = 'alert-aggregation'`.execute(database.db)
    const ticks = async () =>
      (
        await sql<{ minute: string; jobs: number; done: number }>`
          select date_trunc('minute', created_on)::text as minute, count(*)::int as jobs, count(*) filter (where state = 'completed')::int as done
          from pgboss.job where name = 'alert-aggregation' and singleton_key = 'alerts' and created_on > ${since} group by 1 order by 1`.execute(database.db)
      ).rows
    // two ticks, both run
    const seen = await until(
      'two ticks of the schedule, run',
      async () => {
        const rows = await ticks()
        return rows.length >= 2 && rows.every((r) => r.done === r.jobs) && rows
      },
      170_000,
    )
    await sql`update pgboss.schedule set cron = '*/5 * * * *' where name = 'alert-aggregation'`.execute(database.db)
    expect(seen.map((r) => r.jobs)).toEqual(seen.map(() => 1))
    // and each job ran on one worker only: one 'done' line per tick in the two workers' logs together
    const runs = cluster.workers.map(
      (w, i) =>
        w
          .output()
          .slice(logged[i])
          .match(/"queue":"alert-aggregation"[^\n]*"status":"done"/g)?.length ?? 0,
    )
    console.log(`scheduled job: ${seen.length} ticks, runs per worker ${runs.join(' + ')}`)
    expect(runs.reduce((x, y) => x + y, 0)).toBe(seen.length)
  }, 200_000)

  it('a PDF queued on one node renders on a worker, and survives that worker being killed mid-job', async () => {
    const [a, , c] = cluster.nodes
    const v = await signedIn(a!.url)
    const csrf = await v.csrf(a!.url)
    const html = `<!doctype html><title>Cluster</title><h1>Application record ${randomUUID()}</h1>`
    // worker 2 paused: worker 1 takes the job
    cluster.pauseWorker(1)
    let conversionId: string
    try {
      const queued = await v.send(a!.url, '/api/convert/?wait=0', api('POST', csrf, { html }))
      expect(queued.status).toBe(202)
      const job = await until(
        'the render job to be active',
        async () =>
          (
            await sql<{ conversion: string }>`
              select data->>'conversionId' as conversion from pgboss.job
              where name = 'render-posted-pdf' and state = 'active' and created_on > now() - interval '1 minute'`.execute(database.db)
          ).rows[0],
        30_000,
      )
      await cluster.killWorker(0)
      conversionId = job.conversion
      const conversion = await database.db.selectFrom('document_conversions').select(['status']).where('id', '=', conversionId).executeTakeFirstOrThrow()
      expect(conversion.status, 'the worker was killed before it finished').toBe('pending')
    } finally {
      cluster.resumeWorker(1)
    }
    // pg-boss fails the job after its expiry (75 s) at its next maintenance (every 30 s); worker 2 retries it
    const asked = await until(
      'the PDF',
      async () => {
        const answer = await v.send(c!.url, '/api/convert/?wait=20000', api('POST', csrf, { html }))
        return answer.status === 200 && ((await answer.json()) as { pdf_url: string })
      },
      150_000,
    )
    const pdf = Buffer.from(await (await fetch(asked.pdf_url)).arrayBuffer())
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const jobs = (
      await sql<{ state: string; retry_count: number }>`
        select state::text, retry_count from pgboss.job where name = 'render-posted-pdf' and data->>'conversionId' = ${conversionId}`.execute(database.db)
    ).rows
    console.log(`PDF after a worker's kill -9: job ${JSON.stringify(jobs)}`)
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }])
    await cluster.startWorker(0)
  }, 240_000)

  it('nothing is written to the web nodes’ local disks, nor the workers’', () => {
    for (const node of cluster.nodes) expect(fs.readdirSync(node.dataDir), node.name).toEqual([])
    // after an upload, a PDF and the reports' schedules: Chromium's profile in the system's temporary folder aside
    for (const dir of cluster.workerDataDirs) expect(fs.existsSync(dir) ? fs.readdirSync(dir) : [], dir).toEqual([])
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
