// The URL parameters of every list (spec §3 'List table state', §7 list call parameters):
// sort_by, order, filter_by, filter_value, start_date, end_date, page_size, current_page.
// Plain code, no zod: this module is in the browser bundle of every list page, and a list page's
// first visit must stay within 1.3x the JavaScript of a bare route (docs/decisions/0003-list-pagination.md).

import { DATE_WINDOW_TEXT, hasControlCharacters, isInDateWindow, isIsoDate, parseDateInput } from '#core/formats.ts'

export const PAGE_SIZES = [10, 20, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 10
export type SortOrder = 'asc' | 'desc'
export const DEFAULT_ORDER: SortOrder = 'desc'
/** Longest filter text accepted. */
export const MAX_FILTER_LENGTH = 200
/** Highest page number accepted (far beyond any list; keeps offsets inside integers). */
export const MAX_PAGE = 10_000_000

/** The parameter names, as the spec spells them. */
export const PARAM = {
  sortBy: 'sort_by',
  order: 'order',
  filterBy: 'filter_by',
  filterValue: 'filter_value',
  startDate: 'start_date',
  endDate: 'end_date',
  pageSize: 'page_size',
  currentPage: 'current_page',
} as const
export type ParamName = (typeof PARAM)[keyof typeof PARAM]

/** What one list accepts: its whitelists and its default sort. */
export interface ListParamSpec<K extends string = string> {
  sortable: readonly K[]
  filterable: readonly K[]
  defaultSort: K
  defaultOrder?: SortOrder
}

export interface ListState<K extends string = string> {
  sortBy: K
  order: SortOrder
  /** null when no filter applies (no column, an unknown column, or an empty value) */
  filterBy: K | null
  filterValue: string
  /** yyyy-mm-dd or null */
  startDate: string | null
  endDate: string | null
  pageSize: PageSize
  currentPage: number
  /** parameters of the page outside the list's own (e.g. a scope's `i`), kept by every link and form */
  keep?: Record<string, string>
}

/** Field messages for parameters that were malformed and so not applied. */
export type ListParamErrors = Partial<Record<ParamName, string>>

export interface ParsedListParams<K extends string = string> {
  state: ListState<K>
  errors: ListParamErrors
}

export function defaultListState<K extends string>(spec: ListParamSpec<K>): ListState<K> {
  return {
    sortBy: spec.defaultSort,
    order: spec.defaultOrder ?? DEFAULT_ORDER,
    filterBy: null,
    filterValue: '',
    startDate: null,
    endDate: null,
    pageSize: DEFAULT_PAGE_SIZE,
    currentPage: 1,
  }
}

type ParamsInput = URLSearchParams | string | Record<string, string | undefined>

function toParams(input: ParamsInput): URLSearchParams {
  if (input instanceof URLSearchParams) return input
  if (typeof input === 'string') return new URLSearchParams(input)
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(input)) if (v !== undefined) params.set(k, v)
  return params
}

function pick<K extends string>(allowed: readonly K[], value: string | null): K | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as K) : null
}

/**
 * Reads a list's state from its URL. Unknown sort or filter columns and an unknown order fall back
 * to the defaults silently (they never reach SQL); malformed dates and numbers, dates outside
 * DATE_WINDOW, an end date before the start date and a filter text that is over-long or holds
 * control characters get a field message and are not applied.
 */
export function parseListParams<K extends string>(input: ParamsInput, spec: ListParamSpec<K>): ParsedListParams<K> {
  const params = toParams(input)
  const state = defaultListState(spec)
  const errors: ListParamErrors = {}
  const text = (name: ParamName) => params.get(name)?.trim() ?? ''

  state.sortBy = pick(spec.sortable, text(PARAM.sortBy)) ?? state.sortBy
  const order = text(PARAM.order).toLowerCase()
  if (order === 'asc' || order === 'desc') state.order = order

  const filterBy = pick(spec.filterable, text(PARAM.filterBy))
  const filterValue = text(PARAM.filterValue)
  if (filterValue.length > MAX_FILTER_LENGTH) {
    errors.filter_value = `Filter text can be at most ${MAX_FILTER_LENGTH} characters.`
  } else if (hasControlCharacters(filterValue)) {
    errors.filter_value = 'Filter text cannot contain control characters.'
  } else if (filterBy && filterValue !== '') {
    state.filterBy = filterBy
    state.filterValue = filterValue
  }

  const date = (name: typeof PARAM.startDate | typeof PARAM.endDate, label: string): string | null => {
    const raw = text(name)
    if (raw === '') return null
    const iso = parseDateInput(raw)
    if (iso === null) errors[name] = `${label} must be a real date (yyyy-mm-dd).`
    else if (!isInDateWindow(iso)) errors[name] = `${label} must be ${DATE_WINDOW_TEXT}.`
    else return iso
    return null
  }
  const start = date(PARAM.startDate, 'Start date')
  const end = date(PARAM.endDate, 'End date')
  if (start && end && end < start) {
    errors.end_date = 'End date must be on or after the start date.'
  } else {
    state.startDate = start
    state.endDate = end
  }

  const pageSizeText = text(PARAM.pageSize)
  if (pageSizeText !== '') {
    const size = /^\d+$/.test(pageSizeText) ? Number(pageSizeText) : Number.NaN
    if ((PAGE_SIZES as readonly number[]).includes(size)) state.pageSize = size as PageSize
    else errors.page_size = `Page size must be one of ${PAGE_SIZES.join(', ')}.`
  }

  const pageText = text(PARAM.currentPage)
  if (pageText !== '') {
    const page = /^\d+$/.test(pageText) ? Number(pageText) : Number.NaN
    if (page >= 1 && page <= MAX_PAGE) state.currentPage = page
    else errors.current_page = 'Page must be a whole number from 1.'
  }

  return { state, errors }
}

/**
 * The URL parameters for `state` with `overrides` applied: links and forms use it so that changing
 * one thing keeps the others. Empty values and the global defaults (page size 10, page 1) are left out.
 */
export function toSearchParams<K extends string>(state: ListState<K>, overrides: Partial<ListState<K>> = {}): URLSearchParams {
  const s = { ...state, ...overrides }
  const params = new URLSearchParams()
  params.set(PARAM.sortBy, s.sortBy)
  params.set(PARAM.order, s.order)
  if (s.filterBy && s.filterValue !== '') {
    params.set(PARAM.filterBy, s.filterBy)
    params.set(PARAM.filterValue, s.filterValue)
  }
  if (s.startDate && isIsoDate(s.startDate)) params.set(PARAM.startDate, s.startDate)
  if (s.endDate && isIsoDate(s.endDate)) params.set(PARAM.endDate, s.endDate)
  if (s.pageSize !== DEFAULT_PAGE_SIZE) params.set(PARAM.pageSize, String(s.pageSize))
  if (s.currentPage !== 1) params.set(PARAM.currentPage, String(s.currentPage))
  for (const [name, value] of Object.entries(s.keep ?? {})) params.set(name, value)
  return params
}

/** `?…` for a link (just '?' + the parameters; an empty string never occurs since sort is always set). */
export function toSearch<K extends string>(state: ListState<K>, overrides: Partial<ListState<K>> = {}): string {
  return `?${toSearchParams(state, overrides).toString()}`
}

/** True when a filter or a date range narrows the list (what 'Clear Filters' clears). */
export function hasFilters(state: ListState): boolean {
  return state.filterBy !== null || state.startDate !== null || state.endDate !== null
}

/** The state with filter and date range cleared and back on page 1; sort and page size kept. */
export function clearedFilters<K extends string>(state: ListState<K>): ListState<K> {
  return { ...state, filterBy: null, filterValue: '', startDate: null, endDate: null, currentPage: 1 }
}
