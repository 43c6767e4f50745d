import { describe, expect, it } from 'vitest'
import { clearedFilters, hasFilters, parseListParams, toSearch, toSearchParams, type ListParamSpec } from './list-params.ts'

const spec: ListParamSpec<'call_in_date' | 'company' | 'description'> = {
  sortable: ['call_in_date', 'company', 'description'],
  filterable: ['company', 'description'],
  defaultSort: 'call_in_date',
}

describe('parseListParams', () => {
  it('gives the defaults for an empty URL: sort by the default column, desc, 10 a page, page 1', () => {
    expect(parseListParams('', spec)).toEqual({
      state: { sortBy: 'call_in_date', order: 'desc', filterBy: null, filterValue: '', startDate: null, endDate: null, pageSize: 10, currentPage: 1 },
      errors: {},
    })
  })

  it('reads every parameter under the spec names', () => {
    const { state, errors } = parseListParams('sort_by=company&order=asc&filter_by=company&filter_value=+Acme+Farms+&start_date=2025-01-01&end_date=2025-03-31&page_size=50&current_page=7', spec)
    expect(errors).toEqual({})
    expect(state).toEqual({
      sortBy: 'company',
      order: 'asc',
      filterBy: 'company',
      filterValue: 'Acme Farms',
      startDate: '2025-01-01',
      endDate: '2025-03-31',
      pageSize: 50,
      currentPage: 7,
    })
  })

  it('ignores columns outside the whitelist, so they never reach SQL', () => {
    const { state, errors } = parseListParams('sort_by=password_hash;drop&order=sideways&filter_by=created_by&filter_value=x', spec)
    expect(state.sortBy).toBe('call_in_date')
    expect(state.order).toBe('desc')
    expect(state.filterBy).toBeNull()
    expect(state.filterValue).toBe('')
    expect(errors).toEqual({})
  })

  it('does not sort by a column that may only be filtered, nor filter by one that may only be sorted', () => {
    const only = parseListParams('sort_by=company&filter_by=call_in_date&filter_value=2025', { ...spec, sortable: ['call_in_date'] })
    expect(only.state.sortBy).toBe('call_in_date')
    expect(only.state.filterBy).toBeNull()
  })

  it('applies no filter for an empty value', () => {
    expect(parseListParams('filter_by=company&filter_value=+', spec).state.filterBy).toBeNull()
  })

  it('reports malformed dates and does not apply them', () => {
    const { state, errors } = parseListParams('start_date=2025-02-30&end_date=yesterday', spec)
    expect(state.startDate).toBeNull()
    expect(state.endDate).toBeNull()
    expect(errors.start_date).toMatch(/Start date/)
    expect(errors.end_date).toMatch(/End date/)
  })

  it('keeps the good half of a range when the other half is malformed', () => {
    const { state, errors } = parseListParams('start_date=2025-02-01&end_date=nope', spec)
    expect(state.startDate).toBe('2025-02-01')
    expect(state.endDate).toBeNull()
    expect(Object.keys(errors)).toEqual(['end_date'])
  })

  it('accepts month/day/year dates typed where the browser has no date picker', () => {
    expect(parseListParams('start_date=1/5/2025', spec).state.startDate).toBe('2025-01-05')
  })

  it('refuses an end before the start and applies neither', () => {
    const { state, errors } = parseListParams('start_date=2025-03-01&end_date=2025-02-28', spec)
    expect(errors.end_date).toBe('End date must be on or after the start date.')
    expect(state.startDate).toBeNull()
    expect(state.endDate).toBeNull()
  })

  it('allows a one-day range and open-ended ranges', () => {
    expect(parseListParams('start_date=2025-03-01&end_date=2025-03-01', spec).errors).toEqual({})
    expect(parseListParams('end_date=2025-03-01', spec).state).toMatchObject({ startDate: null, endDate: '2025-03-01' })
  })

  it('reports page sizes outside 10, 20, 50, 100 and malformed pages, keeping the defaults', () => {
    const { state, errors } = parseListParams('page_size=30&current_page=two', spec)
    expect(state.pageSize).toBe(10)
    expect(state.currentPage).toBe(1)
    expect(errors.page_size).toBe('Page size must be one of 10, 20, 50, 100.')
    expect(errors.current_page).toBeDefined()
    for (const bad of ['0', '-1', '1.5', '1e3', '99999999999']) {
      expect(parseListParams(`current_page=${bad}`, spec).errors.current_page, bad).toBeDefined()
    }
  })

  it('refuses an over-long filter text', () => {
    const { state, errors } = parseListParams(`filter_by=description&filter_value=${'x'.repeat(201)}`, spec)
    expect(state.filterBy).toBeNull()
    expect(errors.filter_value).toBeDefined()
  })

  it('refuses a filter text with control characters, so a NUL never reaches SQL', () => {
    for (const bad of ['\0', 'Fan\0 3', 'a\r\nb', '\x1b[2J']) {
      const { state, errors } = parseListParams(new URLSearchParams({ filter_by: 'description', filter_value: bad }), spec)
      expect(state.filterBy, JSON.stringify(bad)).toBeNull()
      expect(state.filterValue).toBe('')
      expect(errors.filter_value).toBe('Filter text cannot contain control characters.')
    }
  })

  it('refuses dates outside 2000-01-01 to 2099-12-31 and applies neither', () => {
    const { state, errors } = parseListParams('start_date=1000-01-01&end_date=9999-12-31', spec)
    expect(state).toMatchObject({ startDate: null, endDate: null })
    expect(errors).toEqual({ start_date: 'Start date must be between 2000-01-01 and 2099-12-31.', end_date: 'End date must be between 2000-01-01 and 2099-12-31.' })
    expect(parseListParams('start_date=1/5/1999', spec).errors.start_date).toBe('Start date must be between 2000-01-01 and 2099-12-31.')
    expect(parseListParams('start_date=0000-01-01', spec).errors.start_date).toBeDefined()
    expect(parseListParams('start_date=2000-01-01&end_date=2099-12-31', spec).state).toMatchObject({ startDate: '2000-01-01', endDate: '2099-12-31' })
  })

  it('reads URLSearchParams and plain objects alike', () => {
    expect(parseListParams(new URLSearchParams({ page_size: '20' }), spec).state.pageSize).toBe(20)
    expect(parseListParams({ page_size: '100', order: 'ASC' }, spec).state).toMatchObject({ pageSize: 100, order: 'asc' })
  })
})

describe('toSearchParams', () => {
  const state = parseListParams('sort_by=company&order=asc&filter_by=company&filter_value=Acme&start_date=2025-01-01&page_size=20&current_page=3', spec).state

  it('changes one thing and keeps the others', () => {
    const params = toSearchParams(state, { currentPage: 4 })
    expect(Object.fromEntries(params)).toEqual({
      sort_by: 'company',
      order: 'asc',
      filter_by: 'company',
      filter_value: 'Acme',
      start_date: '2025-01-01',
      page_size: '20',
      current_page: '4',
    })
  })

  it('round-trips through the parser', () => {
    expect(parseListParams(toSearchParams(state), spec).state).toEqual(state)
    expect(parseListParams(toSearchParams(state, { order: 'desc', endDate: '2025-02-01' }), spec).state).toEqual({ ...state, order: 'desc', endDate: '2025-02-01' })
  })

  it('leaves out the default page size, page 1 and empty filters', () => {
    expect(toSearch(clearedFilters({ ...state, pageSize: 10 }))).toBe('?sort_by=company&order=asc')
  })

  it('encodes filter text safely', () => {
    expect(toSearch(state, { filterValue: 'A&B #1' })).toContain('filter_value=A%26B+%231')
  })
})

describe('filters', () => {
  it('knows when a filter or a date range narrows the list, and clears both', () => {
    const state = parseListParams('filter_by=company&filter_value=Acme&end_date=2025-01-01&page_size=50&current_page=9', spec).state
    expect(hasFilters(state)).toBe(true)
    const cleared = clearedFilters(state)
    expect(hasFilters(cleared)).toBe(false)
    expect(cleared).toMatchObject({ pageSize: 50, currentPage: 1, sortBy: 'call_in_date' })
  })
})
