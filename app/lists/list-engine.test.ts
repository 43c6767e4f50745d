// The list engine against a real Postgres, through the Pending Calls list: every page of every
// sort, in both orders, must be exactly the matching slice of the whole list sorted in memory
// (which proves the far-end reading of late pages and the separate run of calls without a job).
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Executor } from '#db/client.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { callInList, type CallInListRow } from './call-in-list.server.ts'
import { jobList } from './job-list.server.ts'
import { defineList } from './list-engine.server.ts'
import { toSearchParams, type ListState } from './list-params.ts'

let t: TestDatabase
let all: CallInListRow[] = []

const COMPANIES = ['Bravo Ag', 'Alpha Farms', 'Delta Spuds', 'Charlie Growers'] // Charlie has no calls
const DESCRIPTIONS = ['Fan 2 will not start', 'Door stuck half open', 'Humidifier 100% off', 'Panel_7 tripped', 'Refer alarm', 'Loud FAN belt squeal']

beforeAll(async () => {
  t = await createTestDatabase()
  const db = t.db
  const companies = await db
    .insertInto('companies')
    .values(COMPANIES.map((company_name) => ({ company_name })))
    .returning(['id', 'company_name'])
    .execute()
  const id = (name: string) => companies.find((c) => c.company_name === name)!.id
  // 'Main' is a storage name at two growers
  const storages = await db
    .insertInto('storages')
    .values([
      { company_id: id('Bravo Ag'), name: 'Main' },
      { company_id: id('Bravo Ag'), name: 'Rémi Cellar' },
      { company_id: id('Alpha Farms'), name: 'Main' },
      { company_id: id('Delta Spuds'), name: 'East Pile' },
      { company_id: id('Charlie Growers'), name: 'Quiet Bin' },
    ])
    .returning(['id', 'company_id', 'name'])
    .execute()
  const jobs = await db
    .insertInto('jobs')
    .values(storages.slice(0, 4).map((s, i) => ({ name: `J-${100 + i * 7}`, company_id: s.company_id, storage_id: s.id })))
    .returning(['id', 'company_id', 'storage_id'])
    .execute()
  const users = await db
    .insertInto('users')
    .values([
      { username: 'tech', password_hash: 'x', first_name: 'Tara', last_name: 'Tech' },
      { username: 'office', password_hash: 'x' },
    ])
    .returning('id')
    .execute()
  const rows = Array.from({ length: 57 }, (_, i) => {
    const s = storages[i % 4]!
    const job = i % 3 === 0 ? null : jobs[i % 4]! // a third of the calls have no job
    return {
      submission_id: crypto.randomUUID(),
      company_id: s.company_id,
      storage_id: s.id,
      job_id: job?.id ?? null,
      created_by: users[i % 2]!.id,
      // dates repeat, so the id must break ties
      call_in_date: `2025-0${1 + (i % 6)}-${String(1 + ((i * 7) % 28)).padStart(2, '0')}`,
      requested_by: 'Ann',
      description: `${DESCRIPTIONS[i % DESCRIPTIONS.length]} (${i % 5})`,
    }
  })
  await db.insertInto('call_ins').values(rows).execute()
  all = (await callInList.load(db, 'page_size=100')).rows
})
afterAll(() => t.drop())

type Key = 'call_in_date' | 'company' | 'storage' | 'job' | 'description'
const sortValue: Record<Key, (r: CallInListRow) => string | null> = {
  call_in_date: (r) => r.call_in_date,
  company: (r) => r.company_name,
  storage: (r) => r.storage_name,
  job: (r) => r.job_name,
  description: (r) => r.description,
}

/** Postgres order: nulls last when ascending, first when descending; ties by id in the same direction. */
function sorted(rows: CallInListRow[], key: Key, order: 'asc' | 'desc'): number[] {
  const sign = order === 'asc' ? 1 : -1
  return [...rows]
    .sort((a, b) => {
      const x = sortValue[key](a)
      const y = sortValue[key](b)
      if (x !== y) {
        if (x === null) return sign // null is "largest"
        if (y === null) return -sign
        return (x < y ? -1 : 1) * sign
      }
      return (a.id - b.id) * sign
    })
    .map((r) => r.id)
}

describe('callInList.load', () => {
  it('lists the newest calls first, ten a page, with what the table and the phone cards show', async () => {
    const page = await callInList.load(t.db, '')
    expect(page).toMatchObject({ total: 57, totalPages: 6, page: 1, pageSize: 10, sort: 'call_in_date', order: 'desc', filter: null, errors: {} })
    expect(page.rows.map((r) => r.id)).toEqual(sorted(all, 'call_in_date', 'desc').slice(0, 10))
    const withJob = page.rows.find((r) => r.job_id !== null)!
    expect(withJob).toMatchObject({ company_name: expect.any(String), storage_name: expect.any(String), job_name: expect.stringMatching(/^J-/) })
    expect(all.find((r) => r.job_id === null)!.job_name).toBeNull()
    expect(new Set(all.map((r) => r.created_by_name))).toEqual(new Set(['Tara Tech', 'office']))
    expect(all[0]).toHaveProperty('description')
    expect(all[0]!.call_in_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  for (const key of ['call_in_date', 'company', 'storage', 'job', 'description'] as const) {
    for (const order of ['asc', 'desc'] as const) {
      it(`gives every page of the list sorted by ${key} ${order}, early pages and late ones alike`, async () => {
        const expected = sorted(all, key, order)
        const seen: number[] = []
        let reversedPages = 0
        for (let p = 1; p <= 6; p++) {
          const page = await callInList.load(t.db, `sort_by=${key}&order=${order}&current_page=${p}`)
          const compiled = await callInList.compile(t.db, page.state)
          if (compiled.reversed) reversedPages++
          expect(
            page.rows.map((r) => r.id),
            `page ${p}`,
          ).toEqual(expected.slice((p - 1) * 10, p * 10))
          seen.push(...page.rows.map((r) => r.id))
        }
        expect(seen).toHaveLength(57)
        expect(reversedPages).toBeGreaterThan(0)
      })
    }
  }

  it('pages a filtered list the same way, with an exact filtered total', async () => {
    const bravo = all.filter((r) => r.company_name === 'Bravo Ag')
    for (const key of ['job', 'call_in_date'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        expect(bravo.length).toBeGreaterThan(20)
        const expected = sorted(bravo, key, order)
        for (let p = 1; p <= Math.ceil(bravo.length / 10); p++) {
          const page = await callInList.load(t.db, `filter_by=company&filter_value=Bravo+Ag&sort_by=${key}&order=${order}&page_size=10&current_page=${p}`)
          expect(page.total).toBe(bravo.length)
          expect(page.rows.map((r) => r.id)).toEqual(expected.slice((p - 1) * 10, p * 10))
        }
      }
    }
  })

  it('shows the last page for a page past the end', async () => {
    const page = await callInList.load(t.db, 'current_page=99')
    expect(page.page).toBe(6)
    expect(page.state.currentPage).toBe(6)
    expect(page.rows.map((r) => r.id)).toEqual(sorted(all, 'call_in_date', 'desc').slice(50))
  })

  it('takes page sizes 20, 50 and 100', async () => {
    expect((await callInList.load(t.db, 'page_size=20')).totalPages).toBe(3)
    expect((await callInList.load(t.db, 'page_size=50&current_page=2')).rows).toHaveLength(7)
    expect((await callInList.load(t.db, 'page_size=100')).rows).toHaveLength(57)
  })

  it('filters by part of a company name, ignoring case', async () => {
    const page = await callInList.load(t.db, 'filter_by=company&filter_value=alpha+farms&page_size=100')
    expect(page.filter).toEqual({ by: 'company', value: 'alpha farms' })
    expect(page.rows.length).toBeGreaterThan(0)
    expect(page.rows.every((r) => r.company_name === 'Alpha Farms')).toBe(true)
    expect(page.total).toBe(all.filter((r) => r.company_name === 'Alpha Farms').length)
    const partial = await callInList.load(t.db, 'filter_by=company&filter_value=ALPH&page_size=100')
    expect(partial.rows.map((r) => r.id).sort()).toEqual(page.rows.map((r) => r.id).sort())
    // 'a' is in every name: Alpha Farms, Bravo Ag and Delta Spuds (Charlie Growers has no calls)
    expect((await callInList.load(t.db, 'filter_by=company&filter_value=a')).total).toBe(57)
    expect((await callInList.load(t.db, 'filter_by=company&filter_value=Alpha+Farmsx')).total).toBe(0)
  })

  it('filters by part of a storage name, ignoring accents both ways', async () => {
    const remi = all.filter((r) => r.storage_name === 'Rémi Cellar')
    expect(remi.length).toBeGreaterThan(0)
    for (const value of ['remi', 'RÉMI', 'émi cell', 'Remi Cellar']) {
      const page = await callInList.load(t.db, `filter_by=storage&filter_value=${encodeURIComponent(value)}&page_size=100`)
      expect(page.rows.map((r) => r.id).sort(), value).toEqual(remi.map((r) => r.id).sort())
    }
  })

  it('takes %, _ and \\ in a name filter literally', async () => {
    // each would match as a LIKE wildcard ('Al%a' → Alpha Farms, 'M_in' → Main)
    for (const [key, value] of [
      ['company', '%'],
      ['company', 'Al%a'],
      ['company', '_'],
      ['storage', 'M_in'],
      ['storage', '\\'],
    ]) {
      expect((await callInList.load(t.db, `filter_by=${key}&filter_value=${encodeURIComponent(value!)}`)).total, value).toBe(0)
    }
  })

  it('filters by a storage name shared by two growers, showing both', async () => {
    const page = await callInList.load(t.db, 'filter_by=storage&filter_value=Main&page_size=100')
    expect(new Set(page.rows.map((r) => r.company_name))).toEqual(new Set(['Alpha Farms', 'Bravo Ag']))
    expect(page.total).toBe(all.filter((r) => r.storage_name === 'Main').length)
  })

  it('filters by part of a job name', async () => {
    const job = all.find((r) => r.job_name !== null)!.job_name!
    const page = await callInList.load(t.db, `filter_by=job&filter_value=${job}&page_size=100`)
    expect(page.rows.map((r) => r.id).sort()).toEqual(
      all
        .filter((r) => r.job_name === job)
        .map((r) => r.id)
        .sort(),
    )
    const some = await callInList.load(t.db, 'filter_by=job&filter_value=j-1&page_size=100')
    expect(some.rows.map((r) => r.id).sort()).toEqual(
      all
        .filter((r) => r.job_name?.startsWith('J-1'))
        .map((r) => r.id)
        .sort(),
    )
  })

  it('finds descriptions containing the text in any case, taking % and _ literally', async () => {
    const fan = await callInList.load(t.db, 'filter_by=description&filter_value=FAN&page_size=100')
    expect(fan.total).toBe(all.filter((r) => r.description.toLowerCase().includes('fan')).length)
    expect(fan.total).toBeGreaterThan(10)
    const percent = await callInList.load(t.db, 'filter_by=description&filter_value=100%25&page_size=100')
    expect(percent.rows.length).toBeGreaterThan(0)
    expect(percent.rows.every((r) => r.description.includes('100%'))).toBe(true)
    expect((await callInList.load(t.db, 'filter_by=description&filter_value=Fan%25start')).total).toBe(0) // not a wildcard
    const underscore = await callInList.load(t.db, 'filter_by=description&filter_value=l_7')
    expect(underscore.total).toBe(all.filter((r) => r.description.includes('l_7')).length)
    expect((await callInList.load(t.db, 'filter_by=description&filter_value=Pane_')).total).toBe(0) // not a wildcard
  })

  it('treats a filter value as text, never as SQL', async () => {
    const page = await callInList.load(t.db, `filter_by=company&filter_value=${encodeURIComponent("x') or 1=1 --")}`)
    expect(page.total).toBe(0)
    const desc = await callInList.load(t.db, `filter_by=description&filter_value=${encodeURIComponent("' or ''='")}`)
    expect(desc.total).toBe(0)
  })

  it('keeps calls in the date range, both ends included, with a filter too', async () => {
    const bravoDates = [...new Set(all.filter((r) => r.company_name === 'Bravo Ag').map((r) => r.call_in_date))].sort()
    const [start, end] = [bravoDates[2]!, bravoDates[bravoDates.length - 3]!] // both are days with Bravo calls
    const page = await callInList.load(t.db, `start_date=${start}&end_date=${end}&filter_by=company&filter_value=Bravo+Ag&page_size=100`)
    const expected = all.filter((r) => r.call_in_date >= start && r.call_in_date <= end && r.company_name === 'Bravo Ag')
    expect(page.dateRange).toEqual({ start, end })
    expect(page.total).toBe(expected.length)
    expect(page.rows.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort())
    expect(page.rows.some((r) => r.call_in_date === start)).toBe(true)
    expect(page.rows.some((r) => r.call_in_date === end)).toBe(true)
    expect(expected.length).toBeLessThan(all.filter((r) => r.company_name === 'Bravo Ag').length)
  })

  it('reports malformed parameters, does not apply them, and ignores unknown columns', async () => {
    const page = await callInList.load(t.db, 'start_date=2025-13-01&end_date=2025-01-10&page_size=7&sort_by=created_by&filter_by=requested_by&filter_value=Ann')
    expect(page.errors).toEqual({ start_date: expect.any(String), page_size: expect.any(String) })
    // the good end date still applies
    expect(page).toMatchObject({ pageSize: 10, sort: 'call_in_date', filter: null, dateRange: { start: null, end: '2025-01-10' } })
    expect(page.total).toBe(all.filter((r) => r.call_in_date <= '2025-01-10').length)
    expect(page.total).toBeGreaterThan(0)
    const backwards = await callInList.load(t.db, 'start_date=2025-03-01&end_date=2025-02-01')
    expect(backwards.errors.end_date).toBe('End date must be on or after the start date.')
    expect(backwards.total).toBe(57)
  })

  it('answers an empty list with no pages', async () => {
    const page = await callInList.load(t.db, 'start_date=2030-01-01')
    expect(page).toMatchObject({ rows: [], total: 0, totalPages: 0, page: 1 })
  })
})

describe('callInList.compile', () => {
  const state = (query: string): ListState<(typeof callInList.spec.sortable)[number]> => callInList.parse(query).state

  it('returns the statements load runs: run raw through pg they give the same page', async () => {
    const client = new pg.Client({ connectionString: t.url })
    await client.connect()
    try {
      for (const query of ['', 'current_page=5', 'sort_by=job&order=desc&current_page=3', 'filter_by=company&filter_value=Bravo+Ag&start_date=2025-02-01']) {
        const compiled = await callInList.compile(t.db, state(query))
        const count = await client.query(compiled.count.sql, [...compiled.count.parameters])
        expect(Number(count.rows[0].total)).toBe(compiled.total)
        const raw = await client.query(compiled.rows.sql, [...compiled.rows.parameters])
        const loaded = await callInList.load(t.db, query)
        expect(raw.rows.map((r: { id: string | number }) => Number(r.id))).toEqual(loaded.rows.map((r) => r.id))
      }
    } finally {
      await client.end()
    }
  })

  it('takes the unfiltered total from row_counts and counts a filtered one exactly', async () => {
    const plain = await callInList.compile(t.db, state('sort_by=company'))
    expect(plain.count.sql).toContain('row_counts')
    expect(plain.count.parameters).toContain('call_ins')
    const filtered = await callInList.compile(t.db, state('filter_by=company&filter_value=Bravo+Ag'))
    expect(filtered.count.sql).not.toContain('row_counts')
    expect(filtered.count.sql).toContain('count(*)')
    // values travel as parameters; a name is looked up first and its ids filter the count and the page
    expect(plain.lookup).toBeNull()
    expect(filtered.lookup!.sql).not.toContain('Bravo')
    expect(filtered.lookup!.parameters).toEqual(['%Bravo Ag%'])
    expect(filtered.count.sql).not.toContain('Bravo')
    const [bravo] = await t.db.selectFrom('companies').select('id').where('company_name', '=', 'Bravo Ag').execute()
    expect(filtered.count.parameters).toContainEqual([bravo!.id])
  })

  it('reads the last page from the far end, with a small offset', async () => {
    const last = await callInList.compile(t.db, state('current_page=6'))
    expect(last.reversed).toBe(true)
    expect(last.rows.parameters.slice(-2)).toEqual([7, 0]) // limit 7 rows, offset 0
    const first = await callInList.compile(t.db, state(''))
    expect(first.reversed).toBe(false)
  })

  it('round-trips its state through URL parameters', () => {
    const s = state('sort_by=storage&order=asc&filter_by=job&filter_value=J-100&end_date=2025-04-01&page_size=20&current_page=2')
    expect(callInList.parse(toSearchParams(s)).state).toEqual(s)
  })
})

describe('callInList.readAll', () => {
  const state = (query: string) => callInList.parse(query).state
  async function readIds(query: string, batchSize: number) {
    const batches: number[][] = []
    for await (const batch of callInList.readAll(t.db, state(query), { batchSize })) batches.push(batch.map((r) => r.id))
    return batches
  }

  it('reads every matching row in the list’s order, in batches, whatever the page', async () => {
    for (const key of ['call_in_date', 'company', 'job'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const batches = await readIds(`sort_by=${key}&order=${order}&current_page=3&page_size=20`, 25)
        expect(batches.map((b) => b.length)).toEqual([25, 25, 7])
        expect(batches.flat(), `${key} ${order}`).toEqual(sorted(all, key, order))
      }
    }
  })

  it('reads through the filter and the date range', async () => {
    const expected = all.filter((r) => r.company_name === 'Bravo Ag' && r.call_in_date >= '2025-02-01')
    expect(expected.length).toBeGreaterThan(0)
    expect((await readIds('filter_by=company&filter_value=bravo&start_date=2025-02-01', 1000)).flat()).toEqual(sorted(expected, 'call_in_date', 'desc'))
    expect(await readIds('filter_by=company&filter_value=nobody', 1000)).toEqual([])
  })

  it('gives its connection back when the reader stops early', async () => {
    const openTransactions = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`.execute(t.db)).rows[0]!.n)
    const rows = callInList.readAll(t.db, state(''), { batchSize: 5 })
    const first = await rows.next()
    expect(first.value).toHaveLength(5)
    expect(await openTransactions()).toBe(1) // the cursor waits for the next batch
    await rows.return()
    expect(await openTransactions()).toBe(0)
  })
})

describe('callInList.choices', () => {
  it('lists each name once, sorted, from the filter’s own table', async () => {
    expect(await callInList.choices(t.db, 'company')).toEqual([...COMPANIES].sort())
    expect(await callInList.choices(t.db, 'storage')).toEqual(['East Pile', 'Main', 'Quiet Bin', 'Rémi Cellar'])
    expect(await callInList.choices(t.db, 'job')).toEqual(['J-100', 'J-107', 'J-114', 'J-121'])
  })

  it('has no choices for free text or unknown columns', async () => {
    expect(await callInList.choices(t.db, 'description')).toEqual([])
    expect(await callInList.choices(t.db, 'password_hash')).toEqual([])
    expect(await callInList.choices(t.db, 'constructor')).toEqual([])
  })

  it('caps the number of names', async () => {
    expect(await callInList.choices(t.db, 'company', { limit: 2 })).toEqual(['Alpha Farms', 'Bravo Ag'])
  })
})

describe('scopes, number filters, counted and subtracted totals, unique sorts', () => {
  // Pending Calls' table seen through other list shapes the engine supports.
  const callsTaken = (rowCount: Parameters<typeof defineList>[0]['rowCount']) =>
    defineList({
      from: (db: Executor) => db.selectFrom('call_ins as c').where('c.got_it', '=', true),
      joins: (qb) => qb,
      select: (qb) => qb.select(['c.id', 'c.call_in_date']),
      primaryKey: 'c.id',
      sortable: { call_in_date: 'c.call_in_date', id: { expr: 'c.id', unique: true } },
      filterable: { id: { kind: 'number', column: 'c.id' } },
      dateColumn: 'c.call_in_date',
      defaultSort: { key: 'call_in_date', order: 'desc' },
      rowCount,
    })
  // the calls someone took = all calls less the ones nobody took yet
  const gotIt = callsTaken({ table: 'call_ins', minus: (db: Executor) => db.selectFrom('call_ins').where('got_it', '=', false) })
  const counted = callsTaken(undefined)
  let taken: number[] = []
  beforeAll(async () => {
    await t.db
      .updateTable('call_ins')
      .set({ got_it: sql<boolean>`id % 3 <> 0` })
      .execute()
    taken = (await t.db.selectFrom('call_ins').select('id').where('got_it', '=', true).orderBy('id').execute()).map((r) => r.id)
  })

  it('takes a total as a row_counts entry less a small set, or counts it when there is no entry', async () => {
    const subtracted = await gotIt.compile(t.db, gotIt.parse('').state)
    expect(subtracted.count.sql).toContain('row_counts')
    expect(subtracted.total).toBe(taken.length)
    const plain = await counted.compile(t.db, counted.parse('').state)
    expect(plain.count.sql).not.toContain('row_counts')
    expect(plain.total).toBe(taken.length)
    expect((await gotIt.load(t.db, 'page_size=100')).rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(taken)
  })

  it('applies a scope to the count and every page, and counts the scoped total', async () => {
    const bravo = all.find((r) => r.company_name === 'Bravo Ag')!.company_id
    const expected = all
      .filter((r) => r.company_id === bravo && taken.includes(r.id))
      .map((r) => r.id)
      .sort((a, b) => a - b)
    const scope = { scope: sql<boolean>`c.company_id = ${bravo}` }
    const compiled = await gotIt.compile(t.db, gotIt.parse('sort_by=id&order=asc').state, scope)
    expect(compiled.count.sql).not.toContain('row_counts')
    expect(compiled.total).toBe(expected.length)
    expect(compiled.totalPages).toBeGreaterThan(1)
    const pages: number[] = []
    for (let p = 1; p <= compiled.totalPages; p++) pages.push(...(await gotIt.load(t.db, `sort_by=id&order=asc&current_page=${p}`, scope)).rows.map((r) => r.id))
    expect(pages).toEqual(expected)
  })

  it('sorts by a unique column without a primary-key tie-break', async () => {
    const compiled = await gotIt.compile(t.db, gotIt.parse('sort_by=id&order=desc&current_page=2').state)
    expect(compiled.rows.sql).toMatch(/order by "c"\."id" desc limit/)
    expect((await gotIt.load(t.db, 'sort_by=id&order=desc&current_page=2')).rows.map((r) => r.id)).toEqual([...taken].reverse().slice(10, 20))
  })

  it('filters by an exact whole number; other text matches nothing', async () => {
    const id = taken[3]!
    expect((await gotIt.load(t.db, `filter_by=id&filter_value=${id}`)).rows.map((r) => r.id)).toEqual([id])
    for (const value of ['1.5', 'x1', '-1', '9'.repeat(16)]) expect((await gotIt.load(t.db, `filter_by=id&filter_value=${value}`)).total).toBe(0)
  })
})

describe('yesNoFilter', () => {
  it("filters a yes/no column by the text the list shows: 'No' finds the inactive jobs, 'Yes' the active ones", async () => {
    const storage = await t.db.selectFrom('storages').select(['id', 'company_id']).orderBy('id').executeTakeFirstOrThrow()
    await t.db.insertInto('jobs').values({ name: 'J-retired', company_id: storage.company_id, storage_id: storage.id, active: false }).execute()
    const names = async (value: string) => (await jobList.load(t.db, `filter_by=active&filter_value=${value}&page_size=100`)).rows.map((r) => r.name)
    expect(await names('No')).toEqual(['J-retired'])
    expect(await names('yes')).toEqual(['J-100', 'J-107', 'J-114', 'J-121'])
  })
})
