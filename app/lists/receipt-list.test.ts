// Receipts (/view-receipt) against a real database: the sorts on nullable keys (truck, customer)
// read both runs in the right order across pages, the filters match what the screen shows, and the
// route tells an empty list and a failed load in the spec's words.
import { createElement, type ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { receiptList } from './receipt-list.server.ts'
import { parseListParams } from './list-params.ts'

let t: TestDatabase

beforeAll(async () => {
  t = await createTestDatabase()
  const [tech, ann] = await t.db
    .insertInto('users')
    .values([
      { username: 'tech', password_hash: 'x', first_name: 'Luis', last_name: 'Ortega' },
      { username: 'ann', password_hash: 'x' },
    ])
    .returning('id')
    .execute()
  const [snake, aberdeen] = await t.db
    .insertInto('companies')
    .values([{ company_name: 'Snake River Farms' }, { company_name: 'Aberdeen Acres' }])
    .returning('id')
    .execute()
  const [t102, t101] = await t.db
    .insertInto('trucks')
    .values([{ number: 'T-102' }, { number: 'T-101' }])
    .returning('id')
    .execute()
  const row = (i: number, values: { type: 'Fuel' | 'Expenses' | 'Parts' } & Record<string, string | number | boolean>) => ({
    submission_id: crypto.randomUUID(),
    date: `2026-10-${String(10 + i).padStart(2, '0')}`,
    location: `Stop ${i}`,
    total_amount: `${i}.50`,
    created_by: tech!.id,
    ...values,
  })
  await t.db
    .insertInto('receipts')
    .values([
      row(1, { type: 'Fuel', truck_id: t102!.id, mileage: 10 }),
      row(2, { type: 'Fuel', truck_id: t101!.id, mileage: 20 }),
      row(3, { type: 'Expenses', customer_id: snake!.id, event: 'Lunch', is_food: true }),
      row(4, { type: 'Parts', customer_id: aberdeen!.id, created_by: ann!.id }),
      row(5, { type: 'Parts', created_by: ann!.id }),
    ])
    .execute()
})
afterAll(() => t.drop())

const locations = async (search: string) => (await receiptList.load(t.db, search)).rows.map((r) => r.location)

describe('the receipt list', () => {
  it('is newest first, and sorts on every column', async () => {
    expect(await locations('')).toEqual(['Stop 5', 'Stop 4', 'Stop 3', 'Stop 2', 'Stop 1'])
    expect(await locations('sort_by=type&order=asc')).toEqual(['Stop 3', 'Stop 1', 'Stop 2', 'Stop 4', 'Stop 5'])
    expect(await locations('sort_by=total_amount&order=desc')).toEqual(['Stop 5', 'Stop 4', 'Stop 3', 'Stop 2', 'Stop 1'])
    expect(await locations('sort_by=created_by&order=asc')).toEqual(['Stop 4', 'Stop 5', 'Stop 1', 'Stop 2', 'Stop 3'])
  })

  it('sorts by truck and by customer with the receipts without one after (ascending) or first (descending)', async () => {
    expect(await locations('sort_by=truck&order=asc')).toEqual(['Stop 2', 'Stop 1', 'Stop 3', 'Stop 4', 'Stop 5'])
    expect(await locations('sort_by=customer&order=desc')).toEqual(['Stop 5', 'Stop 2', 'Stop 1', 'Stop 3', 'Stop 4'])
    expect(await locations('sort_by=customer&order=asc')).toEqual(['Stop 4', 'Stop 3', 'Stop 1', 'Stop 2', 'Stop 5'])
  })

  it('filters each column by what the screen shows, with the date range', async () => {
    expect(await locations('filter_by=type&filter_value=fuel')).toEqual(['Stop 2', 'Stop 1'])
    expect(await locations('filter_by=total_amount&filter_value=3.5')).toEqual(['Stop 3'])
    expect(await locations('filter_by=truck&filter_value=102')).toEqual(['Stop 1'])
    expect(await locations('filter_by=customer&filter_value=snake')).toEqual(['Stop 3'])
    expect(await locations('filter_by=created_by&filter_value=ANN')).toEqual(['Stop 5', 'Stop 4'])
    expect(await locations('filter_by=location&filter_value=stop&start_date=2026-10-12&end_date=2026-10-13')).toEqual(['Stop 3', 'Stop 2'])
  })
})

describe('the receipt list screen', () => {
  async function render(element: ReactElement, loader: () => object): Promise<string> {
    const handler = createStaticHandler([{ path: '/', element, errorElement: element, loader }])
    const context = await handler.query(new Request('http://app.test/'))
    if (context instanceof Response) throw new Error('unexpected redirect')
    return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }))
  }

  it("says 'No receipts available.' for an empty list, and 'Error fetching receipts' when the list cannot be read", async () => {
    const route = await import('#app/routes/view-receipt.tsx')
    const empty = { rows: [], state: parseListParams('', receiptList.spec).state, errors: {}, total: 0, totalPages: 0 }
    expect(await render(createElement(route.default), () => ({ list: empty, choices: {} }))).toContain('No receipts available.')
    const quiet = console.error
    console.error = () => undefined
    try {
      const failed = await render(createElement(route.ErrorBoundary), () => {
        throw new Error('connection refused')
      })
      expect(failed).toContain('Error fetching receipts')
    } finally {
      console.error = quiet
    }
  })
})
