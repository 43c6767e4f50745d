// The one list engine every list uses (DESIGN §6, docs/decisions/0003-list-pagination.md).
// A list definition names its base query, columns, whitelists and default sort; the engine reads
// the URL (list-params.ts), counts, and fetches one page in two statements:
//   1. the total: the unfiltered count from `row_counts` (O(1)), or an exact count(*) that the
//      filter's index answers;
//   2. the page: the ids of the page's rows are found on the base table alone (an index scan; the
//      left joins it does not need are removed by the planner), then only those rows are joined.
//      A page past the middle is read from the other end, in reversed order, with the smaller
//      offset; the outer query puts the rows back in the asked order.
import { sql, type CompiledQuery, type Expression, type SelectQueryBuilder } from 'kysely'
import type { DB } from '#db/client.server.ts'
import type { Database } from '#db/schema.ts'
import { clampPage, pageCount } from '#app/domain/pagination.ts'
import {
  parseListParams,
  type ListParamErrors,
  type ListParamSpec,
  type ListState,
  type PageSize,
  type SortOrder,
} from './list-params.ts'

type AnyQB = SelectQueryBuilder<any, any, any>

/** A column reference written 'alias.column' (quoted by the engine), or any SQL expression. */
export type SqlExpression = string | Expression<unknown>

export type FilterDefinition =
  | {
      /**
       * The value must equal a name in the filter's own table (case-insensitively); the matching ids
       * then filter the base table through its indexed foreign key, e.g. company name → companies.id
       * → call_ins.company_id. Set `unique` when the names are unique (one id: the index keeps the order).
       */
      kind: 'exact-name'
      table: keyof Database & string
      nameColumn: string
      /** default 'id' */
      idColumn?: string
      foreignKey: string
      unique?: boolean
    }
  | {
      /** Case-insensitive substring match; % and _ in the value are matched literally. */
      kind: 'contains'
      column: SqlExpression
    }

export interface ListDefinition<FromQB extends AnyQB, JoinedQB extends AnyQB, Row, K extends string> {
  /** The base table, e.g. `db.selectFrom('call_ins as c')`. Counts run on it alone. */
  from: (db: DB) => FromQB
  /**
   * The lookups, as LEFT JOINs on unique keys: the planner then drops the ones a page-id query does
   * not use, so finding a page costs an index scan of the base table only.
   */
  joins: (qb: FromQB) => JoinedQB
  /** The columns a row carries (list, cards, and the detail link). */
  select: (qb: JoinedQB) => SelectQueryBuilder<any, any, Row>
  /** The base table's primary key, 'alias.id': the last sort key, so the order is stable. */
  primaryKey: string
  /** Sortable column keys → the expression sorted on. */
  sortable: Record<K, SqlExpression>
  /** Filterable column keys → how a value filters. Every filter must test the base table only. */
  filterable: Partial<Record<NoInfer<K>, FilterDefinition>>
  /** The base-table column the date range applies to (a date or timestamptz column). */
  dateColumn: string
  defaultSort: { key: NoInfer<K>; order: SortOrder }
  /** The `row_counts` entry holding the unfiltered total. */
  rowCount: string
  /** Most names `choices` returns (default 1000). */
  choicesLimit?: number
}

export interface ListPage<Row, K extends string = string> {
  rows: Row[]
  total: number
  /** 0 when there are no rows */
  totalPages: number
  /** the page shown: the asked page, or the last page when the asked one is past it */
  page: number
  pageSize: PageSize
  sort: K
  order: SortOrder
  filter: { by: K; value: string } | null
  dateRange: { start: string | null; end: string | null }
  errors: ListParamErrors
  /** the state the page was read with (currentPage = page): what links and forms build on */
  state: ListState<K>
}

export interface CompiledList {
  /** the total: answers one row with a `total` column */
  count: CompiledQuery
  /** the page's rows, in order */
  rows: CompiledQuery
  total: number
  totalPages: number
  page: number
  /** true when the page is read from the far end */
  reversed: boolean
}

export interface ListEngine<Row, K extends string> {
  /** the whitelists and default sort, for parseListParams */
  spec: ListParamSpec<K>
  parse(searchParams: URLSearchParams | string): { state: ListState<K>; errors: ListParamErrors }
  /** Reads the URL, counts and fetches the page. Bad parameters become `errors`, never exceptions. */
  load(db: DB, searchParams: URLSearchParams | string): Promise<ListPage<Row, K>>
  /**
   * The exact statements `load` runs for `state`, with their parameters. The count is run here
   * (the page query depends on the total); the page query is returned, not run. `load` skips the
   * page query when the total is 0.
   */
  compile(db: DB, state: ListState<K>): Promise<CompiledList>
  /** The names a filter column's value may take, sorted, from the filter's own table ([] for 'contains'). */
  choices(db: DB, key: string, options?: { limit?: number }): Promise<string[]>
}

function expr(e: SqlExpression): Expression<unknown> {
  return typeof e === 'string' ? sql.ref(e) : e
}

/** The LIKE pattern for "contains `text`", with the wildcards and the escape character escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** yyyy-mm-dd + 1 day, for a half-open range that also suits timestamp columns. */
function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

export function defineList<FromQB extends AnyQB, JoinedQB extends AnyQB, Row, K extends string>(
  def: ListDefinition<FromQB, JoinedQB, Row, K>,
): ListEngine<Row, K> {
  const keys = Object.keys(def.sortable) as K[]
  const spec: ListParamSpec<K> = {
    sortable: keys,
    filterable: Object.keys(def.filterable) as K[],
    defaultSort: def.defaultSort.key,
    defaultOrder: def.defaultSort.order,
  }
  const pk = sql.ref(def.primaryKey)

  function isFiltered(state: ListState<K>): boolean {
    return state.filterBy !== null || state.startDate !== null || state.endDate !== null
  }

  /** The WHERE conditions for the state: only whitelisted columns, values always as parameters. */
  function applyFilters<Q extends AnyQB>(qb: Q, state: ListState<K>): Q {
    let q: AnyQB = qb
    const filter = state.filterBy === null ? undefined : def.filterable[state.filterBy]
    if (filter && state.filterValue !== '') {
      if (filter.kind === 'exact-name') {
        const ids = sql`select ${sql.ref(filter.idColumn ?? 'id')} from ${sql.table(filter.table)} where lower(${sql.ref(filter.nameColumn)}) = lower(${state.filterValue})`
        q = filter.unique
          ? q.where(sql<boolean>`${sql.ref(filter.foreignKey)} = (${ids})`)
          : q.where(sql<boolean>`${sql.ref(filter.foreignKey)} = any(array(${ids}))`)
      } else {
        q = q.where(sql<boolean>`${expr(filter.column)} ilike ${containsPattern(state.filterValue)} escape '\\'`)
      }
    }
    if (state.startDate) q = q.where(sql<boolean>`${sql.ref(def.dateColumn)} >= ${state.startDate}`)
    if (state.endDate) q = q.where(sql<boolean>`${sql.ref(def.dateColumn)} < ${nextDay(state.endDate)}`)
    return q as Q
  }

  function countQuery(db: DB, state: ListState<K>): CompiledQuery {
    if (!isFiltered(state)) {
      // row_counts is kept exact by triggers; the count(*) only runs if the entry were missing
      const fallback = def.from(db).select(sql<number>`count(*)`.as('n'))
      return sql`select coalesce((select n from row_counts where table_name = ${def.rowCount}), (${fallback})) as total`.compile(db)
    }
    return applyFilters(def.from(db), state).select(sql<number>`count(*)`.as('total')).compile()
  }

  function rowsQuery(db: DB, state: ListState<K>, total: number): Omit<CompiledList, 'count'> {
    const totalPages = pageCount(total, state.pageSize)
    const page = clampPage(state.currentPage, totalPages)
    const start = (page - 1) * state.pageSize
    const end = Math.min(start + state.pageSize, total)
    // past the middle the far end is nearer: read backwards with the smaller offset
    const reversed = total > 0 && start > total - end
    const limit = Math.max(end - start, total === 0 ? state.pageSize : 0)
    const offset = reversed ? total - end : start
    const sortExpr = expr(def.sortable[state.sortBy] ?? def.sortable[def.defaultSort.key])
    const order = state.order
    const scanOrder: SortOrder = reversed ? (order === 'asc' ? 'desc' : 'asc') : order

    const pageIds = applyFilters(def.joins(def.from(db)), state)
      .select(pk.as('id'))
      .orderBy(sortExpr, scanOrder)
      .orderBy(pk, scanOrder)
      .limit(limit)
      .offset(offset)
    const rows = def
      .select(def.joins(def.from(db)))
      .where(pk, 'in', pageIds)
      .orderBy(sortExpr, order)
      .orderBy(pk, order)
      .compile()
    return { rows, total, totalPages, page, reversed }
  }

  async function readTotal(db: DB, count: CompiledQuery): Promise<number> {
    const result = await db.executeQuery<{ total: number | string | null }>(count)
    return Number(result.rows[0]?.total ?? 0)
  }

  async function compile(db: DB, state: ListState<K>): Promise<CompiledList> {
    const count = countQuery(db, state)
    const total = await readTotal(db, count)
    return { count, ...rowsQuery(db, state, total) }
  }

  return {
    spec,
    parse: (searchParams) => parseListParams(searchParams, spec),
    compile,
    async load(db, searchParams) {
      const { state, errors } = parseListParams(searchParams, spec)
      const compiled = await compile(db, state)
      const rows = compiled.total === 0 ? [] : (await db.executeQuery<Row>(compiled.rows)).rows
      return {
        rows,
        total: compiled.total,
        totalPages: compiled.totalPages,
        page: compiled.page,
        pageSize: state.pageSize,
        sort: state.sortBy,
        order: state.order,
        filter: state.filterBy === null ? null : { by: state.filterBy, value: state.filterValue },
        dateRange: { start: state.startDate, end: state.endDate },
        errors,
        state: { ...state, currentPage: compiled.page },
      }
    },
    async choices(db, key, options = {}) {
      const filter = (def.filterable as Partial<Record<string, FilterDefinition>>)[key]
      if (!filter || filter.kind !== 'exact-name' || !Object.hasOwn(def.filterable, key)) return []
      const limit = Math.max(1, Math.min(options.limit ?? def.choicesLimit ?? 1000, 10_000))
      const result = await sql<{ name: string }>`select distinct ${sql.ref(filter.nameColumn)} as name from ${sql.table(filter.table)} order by name limit ${limit}`.execute(db)
      return result.rows.map((r) => r.name)
    },
  }
}
