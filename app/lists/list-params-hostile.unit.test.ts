// Every hostile value (tests/support/hostile/values.ts) in every list parameter, alone and all
// together: the list is read with its defaults where a value is bad, a message says which, and
// what is applied is always inside the list's whitelists and bounds.
import { describe, expect, it } from 'vitest'
import { isInDateWindow, hasControlCharacters } from '#core/formats.ts'
import { TEXTS } from '#tests/support/hostile/values.ts'
import { MAX_FILTER_LENGTH, MAX_PAGE, PAGE_SIZES, PARAM, parseListParams, type ListParamSpec } from './list-params.ts'

const spec: ListParamSpec<'name' | 'date'> = { sortable: ['name', 'date'], filterable: ['name'], defaultSort: 'date' }
const NAMES = Object.values(PARAM)

function expectBounded(input: Record<string, string>) {
  const { state, errors } = parseListParams(input, spec)
  const what = JSON.stringify(input).slice(0, 120)
  expect(spec.sortable, what).toContain(state.sortBy)
  expect(['asc', 'desc'], what).toContain(state.order)
  expect([null, ...spec.filterable], what).toContain(state.filterBy)
  expect(state.filterValue.length <= MAX_FILTER_LENGTH && !hasControlCharacters(state.filterValue), what).toBe(true)
  for (const day of [state.startDate, state.endDate]) expect(day === null || isInDateWindow(day), what).toBe(true)
  expect(PAGE_SIZES as readonly number[], what).toContain(state.pageSize)
  expect(Number.isInteger(state.currentPage) && state.currentPage >= 1 && state.currentPage <= MAX_PAGE, what).toBe(true)
  for (const message of Object.values(errors)) expect(message, what).toMatch(/\S/)
}

describe('list parameters', () => {
  it('each hostile value in each parameter, beside a valid filter column: bounded, with a message for what was refused', () => {
    for (const name of NAMES) for (const [, value] of TEXTS) expectBounded({ [PARAM.filterBy]: 'name', [name]: value })
  })

  it('every parameter hostile at once, each with a different value', () => {
    TEXTS.forEach((_, i) => expectBounded(Object.fromEntries(NAMES.map((name, j) => [name, TEXTS[(i + j) % TEXTS.length]![1]]))))
  })

  it('says which parameter it did not apply', () => {
    expect(parseListParams({ [PARAM.filterBy]: 'name', [PARAM.filterValue]: 'Fan\0 3' }, spec).errors.filter_value).toBe('Filter text cannot contain control characters.')
    expect(parseListParams({ [PARAM.pageSize]: '0x10' }, spec).errors.page_size).toBe('Page size must be one of 10, 20, 50, 100.')
    expect(parseListParams({ [PARAM.startDate]: '0000-01-01' }, spec).errors.start_date).toMatch(/^Start date must be/)
  })
})
