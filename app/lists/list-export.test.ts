// A list's CSV export through its route (/view-calls.csv), against a real database: the rows of
// the current filter and sort (every page), as text a spreadsheet reads safely, streamed from a
// cursor while the response is sent, behind the screen's rule.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'

process.env.SESSION_SECRET ??= 'list-export-test-secret-0123456789'

let t: TestDatabase
let exportCalls: (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<Response>
const cookies: Record<string, string> = {}
const CALLS = 4_321 // a few cursor batches of 1,000
const NASTY = ['=HYPERLINK("http://evil.example","Fan")', '+1 555 0100 called', '-20 F in pile 3', '@SUM(A1:A2)', 'Door "A", north wall', 'Line one\nline two']

beforeAll(async () => {
  t = await createTestDatabase()
  process.env.DATABASE_URL = t.url
  const db = t.db
  exportCalls = ((await import('../routes/view-calls[.]csv.ts')) as { loader: typeof exportCalls }).loader
  const { createUser } = await import('#db/queries/users.ts')
  const { startSession } = await import('#app/auth/session.server.ts')
  for (const [username, permissions] of [
    ['caller', ['api.view_callin']],
    ['other', ['api.view_servicesheet']],
  ] as const) {
    const user = await createUser(db, { username, password: 'long-enough-pw', permissions, firstName: 'Cal', lastName: 'Ler' })
    cookies[username] = (await startSession(db, new Request('http://localhost/'), user.id)).split(';')[0]!
  }
  const [snake, teton] = await db
    .insertInto('companies')
    .values([{ company_name: 'Snake River Farms' }, { company_name: 'Teton Valley Potato Co.' }])
    .returning('id')
    .execute()
  const [cellar, pile] = await db
    .insertInto('storages')
    .values([
      { company_id: snake!.id, name: 'Rémi Cellar' },
      { company_id: teton!.id, name: 'East Pile' },
    ])
    .returning(['id', 'company_id'])
    .execute()
  const creator = (await db.selectFrom('users').select('id').where('username', '=', 'caller').executeTakeFirstOrThrow()).id
  await sql`
    insert into call_ins (submission_id, company_id, storage_id, created_by, call_in_date, requested_by, description)
    select gen_random_uuid(), s.company_id, s.id, ${creator}, date '2025-01-01' + (i % 300), 'Ann',
           (array[${sql.join(NASTY)}])[1 + i % ${NASTY.length}] || case when i % 7 = 0 then '' else ' #' || i end
    from generate_series(1, ${CALLS}) as i
    join storages s on s.id = case when i % 3 = 0 then ${pile!.id}::bigint else ${cellar!.id}::bigint end
  `.execute(db)
})

afterAll(async () => {
  const { closeDb } = await import('#db/client.server.ts')
  await closeDb()
  await t.drop()
})

function get(url: string, user?: string) {
  const request = new Request(`http://localhost${url}`, { headers: user ? { cookie: cookies[user]! } : {} })
  return exportCalls({ request, params: {}, context: { cspNonce: '', csrfToken: '' } }).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown
    throw thrown
  })
}

/** RFC 4180 records, as a spreadsheet reads them (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let field = ''
  let record: string[] = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      record.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      field = ''
      record = []
      i++
    } else field += c
  }
  return records
}

/** The calls the export should hold, in its order, as the database has them. */
async function expectedCalls(where: string, order: 'asc' | 'desc') {
  const rows = await sql<{ call_in_date: string; company_name: string; storage_name: string; description: string }>`
    select c.call_in_date, co.company_name, s.name as storage_name, c.description
    from call_ins c join companies co on co.id = c.company_id join storages s on s.id = c.storage_id
    where ${sql.raw(where)} order by c.call_in_date ${sql.raw(order)}, c.id ${sql.raw(order)}`.execute(t.db)
  return rows.rows.map((r) => [r.call_in_date, r.company_name, r.storage_name, '', r.description])
}

/** Export cursors still open: a connection in the middle of fetching, or waiting to fetch the next batch. */
const openCursors = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and state <> 'idle' and query like 'fetch %'`.execute(t.db)).rows[0]!.n)

describe('/view-calls.csv', () => {
  it('is a download of every call of the filter and date range, in the list’s sort, with the screen’s columns', async () => {
    const response = await get('/view-calls.csv?filter_by=storage&filter_value=remi&start_date=2025-03-01&sort_by=call_in_date&order=asc&current_page=3&page_size=20', 'caller')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="pending-calls-\d{4}-\d{2}-\d{2}\.csv"$/)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]) // the UTF-8 byte order mark: spreadsheets then read 'Rémi' right
    const text = new TextDecoder().decode(bytes) // (drops the mark)
    expect(text.startsWith('Date,Company,Storage,Job,Description\r\n')).toBe(true)
    const [header, ...records] = parseCsv(text)
    expect(header).toEqual(['Date', 'Company', 'Storage', 'Job', 'Description'])
    const expected = await expectedCalls(`s.name = 'Rémi Cellar' and c.call_in_date >= '2025-03-01'`, 'asc')
    expect(expected.length).toBeGreaterThan(1000) // more than one batch, far more than one page
    // what a spreadsheet reads back: the text, with formulas turned into plain text
    expect(records).toEqual(expected.map((r) => r.map((v) => (/^[=+\-@]/.test(v) ? `'${v}` : v))))
  })

  it('never starts a field with a formula character, and quotes what needs quoting', async () => {
    const text = await (await get('/view-calls.csv?filter_by=description&filter_value=%234206', 'caller')).text()
    const lines = text.split('\r\n').filter((l) => l.includes('#4206'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/,"'=HYPERLINK\(""http:\/\/evil\.example"",""Fan""\) #4206"$/)
    for (const record of parseCsv(text).slice(1)) for (const field of record) expect(field).not.toMatch(/^[=+\-@]/)
  })

  it('streams: it answers after the first batch while the cursor waits for the rest, and closes it at the end', async () => {
    const response = await get('/view-calls.csv', 'caller')
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let received = decoder.decode((await reader.read()).value!, { stream: true })
    received += decoder.decode((await reader.read()).value!, { stream: true })
    expect(received.split('\r\n').length).toBeLessThan(CALLS / 2) // the header and a batch or two, not the table
    expect(await openCursors()).toBe(1) // the rest is still in the database, not in memory
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += decoder.decode(chunk.value, { stream: true })
    expect(received.split('\r\n').length - 2).toBe(CALLS) // every call, the header, the last line's end
    expect(await openCursors()).toBe(0)
  })

  it('stops reading and gives the connection back when the download is cancelled', async () => {
    const reader = (await get('/view-calls.csv', 'caller')).body!.getReader()
    await reader.read()
    expect(await openCursors()).toBe(1)
    await reader.cancel()
    expect(await openCursors()).toBe(0)
  })

  it('has the screen’s rule: a user without it is refused, the signed-out go to /login', async () => {
    expect((await get('/view-calls.csv', 'other')).status).toBe(403)
    const signedOut = await get('/view-calls.csv?sort_by=company')
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('location')).toBe('/login?redirectTo=%2Fview-calls.csv%3Fsort_by%3Dcompany')
    expect(await openCursors()).toBe(0)
  })
})
