// The one list engine every list uses (docs/decisions/0003-list-pagination.md).
// A list definition names its base table, joins, columns, whitelists and default sort; the engine
// reads the URL (list-params.ts) and answers a page with two statements (after a name filter's
// look-up of its ids, see withNameFilter):
//   1. the total: the unfiltered count from `row_counts` (O(1)), or an exact count(*) that the
//      filter's index answers;
//   2. the page: the ids of the page's rows are found on the base table with only the join the
//      sort needs (an index scan, index-only for the default sort), then only those rows are
//      joined for display. A page past the middle is read from the far end, in the reversed order,
//      with the smaller offset; the outer query puts the rows back in the asked order.
// A sort on a nullable foreign key's name (a call's job) reads the rows without one as a separate
// run (the index on the key orders neither), so that both runs stay index scans.
// A list may be scoped (`load(db, params, { scope })`): a fixed condition on the base table, such
// as one storage's sheets or the review levels a user holds. It applies to every statement like a
// filter, so a scoped total is always counted (row_counts holds the whole table's).
import { sql, type CompiledQuery, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import type { Database } from '#db/schema.ts'
import { clampPage, pageCount } from '#core/pagination.ts'
import { readByCursor } from './cursor.server.ts'
import { parseListParams, type ListParamErrors, type ListParamSpec, type ListState, type PageSize, type SortOrder } from './list-params.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one engine for every list: any database view, tables and row
type AnyQB = SelectQueryBuilder<any, any, any>

/** A column reference written 'alias.column' (quoted by the engine), or any SQL expression. */
export type SqlExpression = string | Expression<unknown>

export interface SortDefinition<FromQB extends AnyQB> {
  /** what is sorted on, e.g. 'co.company_name' */
  expr: SqlExpression
  /**
   * The join `expr` needs, added to the page-id query (and only there; the displayed columns come
   * from `joins`). Make it an INNER JOIN on a NOT NULL foreign key: the planner can then walk the
   * joined table's name index and the base table's foreign-key index in order.
   */
  join?: (qb: FromQB) => AnyQB
  /**
   * For a nullable foreign key (e.g. 'c.job_id'): `join` is an INNER JOIN through it, and the rows
   * where it is null are read as their own run: last when ascending, first when descending (where
   * Postgres puts nulls), in primary-key order.
   */
  nullableKey?: string
  /**
   * The sorted base-table column is unique (e.g. a sheet number): its unique index alone gives the
   * order, so the page ids need no tie-break by primary key (which would need another index).
   */
  unique?: boolean
}

export type FilterDefinition =
  | {
      /**
       * Part of a name in the filter's own table, case and accents ignored ('snake' finds Snake
       * River Farms): the matching ids then filter the base table through its indexed foreign key,
       * e.g. company name → companies.id → call_ins.company_id. The names are compared through
       * fold_text() (lower + unaccent), which the table's trigram index covers (migration 0009).
       */
      kind: 'name'
      table: keyof Database & string
      nameColumn: string
      /** default 'id' */
      idColumn?: string
      foreignKey: string
    }
  | {
      /** Case-insensitive substring match; %, _ and \ in the value are matched literally. */
      kind: 'contains'
      column: SqlExpression
    }
  | {
      /** The value is a whole number equal to the base-table column (e.g. a sheet number); other text matches nothing. */
      kind: 'number'
      column: string
    }

/** What `load` and `compile` take besides the URL. */
export interface ListOptions {
  /** A fixed condition on the base table, applied like a filter (so the total is counted). */
  scope?: Expression<SqlBool>
  /** URL parameters outside the list's own that its links and forms keep (e.g. the scope's `i`). */
  keep?: Record<string, string>
  /**
   * How many rows the scope holds, when the caller keeps that number (a workflow state's count,
   * migration 0015): the total when no filter or date range narrows the list further, instead of a
   * count(*) over the scope.
   */
  scopeTotal?: number
}

export interface ListDefinition<FromQB extends AnyQB, JoinedQB extends AnyQB, Row, K extends string> {
  /** The base table, e.g. `db.selectFrom('call_ins as c')`. Counts and page ids run on it. */
  from: (db: Executor) => FromQB
  /** The joins the displayed columns need (LEFT JOIN through nullable keys). */
  joins: (qb: FromQB) => JoinedQB
  /** The columns a row carries (table, cards, and the detail link). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- what the joins made of the tables is the list's own; the row is what counts
  select: (qb: JoinedQB) => SelectQueryBuilder<any, any, Row>
  /** The base table's primary key, 'alias.id': the last sort key, so the order is stable. */
  primaryKey: string
  /** Sortable column keys → what they sort on (a base-table column, or a SortDefinition). */
  sortable: Record<K, SqlExpression | SortDefinition<FromQB>>
  /** Filterable column keys → how a value filters. Every filter tests the base table only. */
  filterable: Partial<Record<NoInfer<K>, FilterDefinition>>
  /**
   * The base-table column the date range applies to (a date or timestamptz column). A list without
   * one (an admin registry: products, applications) has no date range: its date parameters are
   * ignored and the screen offers none.
   */
  dateColumn?: string
  defaultSort: { key: NoInfer<K>; order: SortOrder }
  /**
   * Where the unfiltered total comes from: a `row_counts` entry (O(1)); or `{ table, minus }`, the
   * entry less the rows of that table the base query leaves out, which `minus` selects (keep it a
   * small indexed set: approved reviews = all reviews − the open ones). Without it the total is a
   * count(*) of the base query (for a base set that stays small, like open reviews).
   */
  rowCount?: string | { table: string; minus: (db: Executor) => AnyQB }
  /**
   * Most names `choices` returns (default 200). They travel in every page of the list as a
   * <datalist>: a thousand storage names made /view-calls 118 KB and cost a third of its req/s.
   * Past a few hundred they are no help anyway: the filter matches any part of a name.
   */
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
  /** false when the list has no date column (no date range to offer) */
  dates: boolean
}

export interface CompiledList {
  /** a name filter's look-up of its ids, run before the others (null without a name filter) */
  lookup: CompiledQuery | null
  /** the total: one row with a `total` column (and `nulls` when the sort has a nullable key) */
  count: CompiledQuery
  /** the page's rows, in order */
  rows: CompiledQuery
  total: number
  totalPages: number
  page: number
  /** true when some of the page is read from the far end */
  reversed: boolean
}

export interface ListEngine<Row, K extends string> {
  /** the whitelists and default sort, for parseListParams */
  spec: ListParamSpec<K>
  parse(searchParams: URLSearchParams | string): { state: ListState<K>; errors: ListParamErrors }
  /** Reads the URL, counts and fetches the page. Bad parameters become `errors`, never exceptions. */
  load(db: Executor, searchParams: URLSearchParams | string, options?: ListOptions): Promise<ListPage<Row, K>>
  /**
   * The exact statements `load` runs for `state`, with their parameters. The count is run here
   * (the page statement depends on the total); the page statement is returned, not run. `load`
   * skips the page statement when the total is 0.
   */
  compile(db: Executor, state: ListState<K>, options?: ListOptions): Promise<CompiledList>
  /**
   * Every row the state's filter, date range and scope match, in its sort (no pages), batch by
   * batch through a cursor (cursor.server.ts): what an export streams. Stop iterating to stop reading.
   */
  readAll(db: Executor, state: ListState<K>, options?: ListOptions & { batchSize?: number }): AsyncGenerator<Row[], void, undefined>
  /** The names a filter column's value may take, sorted, from the filter's own table ([] for 'contains' or an unknown key). */
  choices(db: Executor, key: string, options?: { limit?: number }): Promise<string[]>
}

function expr(e: SqlExpression): Expression<unknown> {
  return typeof e === 'string' ? sql.ref(e) : e
}

function flip(order: SortOrder): SortOrder {
  return order === 'asc' ? 'desc' : 'asc'
}

/** The LIKE pattern for "contains `text`", with the wildcards and the escape character escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** A yes/no column filtered as the list shows it: by the text 'Yes' or 'No'. */
export function yesNoFilter(column: string): FilterDefinition {
  return { kind: 'contains', column: sql<string>`case when ${sql.ref(column)} then 'Yes' else 'No' end` }
}

/** yyyy-mm-dd + 1 day, for a half-open range that also suits timestamp columns. */
function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/** One run of rows in the list's order: `size` rows that `query` returns in `order` (or reversed). */
interface Run {
  size: number
  query: (order: SortOrder) => AnyQB
}

/** The part [from, to) of a run, read from whichever end is nearer. */
function readRun(run: Run, order: SortOrder, from: number, to: number): { query: AnyQB; reversed: boolean } {
  const reversed = from > run.size - to
  const offset = reversed ? run.size - to : from
  return {
    query: run
      .query(reversed ? flip(order) : order)
      .limit(to - from)
      .offset(offset),
    reversed,
  }
}

export function defineList<FromQB extends AnyQB, JoinedQB extends AnyQB, Row, K extends string>(def: ListDefinition<FromQB, JoinedQB, Row, K>): ListEngine<Row, K> {
  const spec: ListParamSpec<K> = {
    sortable: Object.keys(def.sortable) as K[],
    filterable: Object.keys(def.filterable) as K[],
    defaultSort: def.defaultSort.key,
    defaultOrder: def.defaultSort.order,
  }
  const pk = sql.ref(def.primaryKey)
  const count = sql<number>`count(*)`

  /** The URL's list state; a list without a date column takes no dates (nor their messages). */
  function parse(searchParams: URLSearchParams | string): { state: ListState<K>; errors: ListParamErrors } {
    const parsed = parseListParams(searchParams, spec)
    if (def.dateColumn) return parsed
    const { start_date: _start, end_date: _end, ...errors } = parsed.errors
    return { state: { ...parsed.state, startDate: null, endDate: null }, errors }
  }

  function sortOf(key: K): SortDefinition<FromQB> {
    const s: SqlExpression | SortDefinition<FromQB> = def.sortable[key] ?? def.sortable[def.defaultSort.key]
    return typeof s === 'object' && 'expr' in s ? s : { expr: s }
  }

  /** True when the rows are fewer than the unfiltered total: a filter, a date range or a scope. */
  function isNarrowed(state: ListState<K>, scope: ListOptions['scope']): boolean {
    return scope !== undefined || state.filterBy !== null || state.startDate !== null || state.endDate !== null
  }

  /** The WHERE conditions for the state and scope: only whitelisted columns, values always as parameters. */
  function applyFilters<Q extends AnyQB>(qb: Q, state: ListState<K>, scope: ListOptions['scope']): Q {
    let q: AnyQB = scope ? qb.where(scope) : qb
    const filter = state.filterBy === null ? undefined : def.filterable[state.filterBy]
    if (filter && state.filterValue !== '') {
      if (filter.kind === 'name') {
        // looked up beforehand: its ids are in the scope (withNameFilter)
      } else if (filter.kind === 'number') {
        // at most 15 digits: a safe integer, and never a cast error in SQL
        q = /^\d{1,15}$/.test(state.filterValue) ? q.where(sql<boolean>`${sql.ref(filter.column)} = ${Number(state.filterValue)}`) : q.where(sql<boolean>`false`)
      } else {
        q = q.where(sql<boolean>`${expr(filter.column)} ilike ${containsPattern(state.filterValue)} escape '\\'`)
      }
    }
    if (state.startDate && def.dateColumn) q = q.where(sql<boolean>`${sql.ref(def.dateColumn)} >= ${state.startDate}`)
    if (state.endDate && def.dateColumn) q = q.where(sql<boolean>`${sql.ref(def.dateColumn)} < ${nextDay(state.endDate)}`)
    return q as Q
  }

  /**
   * A name filter's ids are looked up first; the list's statements then filter by those ids as a
   * bound array, so the planner knows which keys and how many rows. With the look-up inside the same
   * statement (`= any(array(select …))`) it cannot: for a name matching nothing it walked the whole
   * date index (over a second at a million calls, against a fraction of a millisecond).
   */
  async function withNameFilter(db: Executor, state: ListState<K>, scope: ListOptions['scope']): Promise<{ scope: ListOptions['scope']; lookup: CompiledQuery | null }> {
    const filter = state.filterBy === null ? undefined : def.filterable[state.filterBy]
    if (!filter || filter.kind !== 'name' || state.filterValue === '') return { scope, lookup: null }
    const lookup = sql<{
      id: number
    }>`select ${sql.ref(filter.idColumn ?? 'id')} as id from ${sql.table(filter.table)} where fold_text(${sql.ref(filter.nameColumn)}) like fold_text(${containsPattern(state.filterValue)}) escape '\\'`.compile(
      db,
    )
    const ids = (await db.executeQuery(lookup)).rows.map((r) => Number(r.id))
    const byName = ids.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`${sql.ref(filter.foreignKey)} = any(${ids}::bigint[])`
    return { scope: scope ? sql<SqlBool>`(${scope}) and ${byName}` : byName, lookup }
  }

  /** The unfiltered total, from row_counts when the list has an entry (count(*) only if it were missing). */
  function unfilteredTotal(db: Executor): RawBuilder<number> {
    const counted = sql<number>`(${def.from(db).select(count.as('n'))})`
    if (!def.rowCount) return counted
    const entry = typeof def.rowCount === 'string' ? { table: def.rowCount, minus: undefined } : def.rowCount
    const minus = entry.minus ? sql` - (${entry.minus(db).select(count.as('n'))})` : sql``
    return sql<number>`coalesce((select n from row_counts where table_name = ${entry.table})${minus}, ${counted})`
  }

  function countQuery(db: Executor, state: ListState<K>, scope: ListOptions['scope'], scopeTotal?: number): CompiledQuery {
    const nullable = sortOf(state.sortBy).nullableKey
    if (scopeTotal !== undefined && !nullable && state.filterBy === null && state.startDate === null && state.endDate === null) {
      return sql`select ${scopeTotal}::bigint as total`.compile(db)
    }
    if (!isNarrowed(state, scope)) {
      if (!nullable) return sql`select ${unfilteredTotal(db)} as total`.compile(db)
      // The rows without the key are the total less the rows with it: those are counted on the
      // key's partial index (the one its sort walks), and they are the few (most sheets, calls and
      // reviews have no job), where a count of the rows without it would read most of the table.
      const withKey = def.from(db).select(count.as('n')).where(sql.ref(nullable), 'is not', null)
      return sql`select total, total - (${withKey}) as nulls from (select ${unfilteredTotal(db)} as total) as t`.compile(db)
    }
    let q: AnyQB = applyFilters(def.from(db), state, scope).select(count.as('total'))
    if (nullable) q = q.select(sql<number>`count(*) filter (where ${sql.ref(nullable)} is null)`.as('nulls'))
    return q.compile()
  }

  function rowsQuery(db: Executor, state: ListState<K>, scope: ListOptions['scope'], total: number, nulls: number): Omit<CompiledList, 'count' | 'lookup'> {
    const totalPages = pageCount(total, state.pageSize)
    const page = clampPage(state.currentPage, totalPages)
    const start = (page - 1) * state.pageSize
    const end = Math.min(start + state.pageSize, total)
    const sort = sortOf(state.sortBy)
    const order = state.order

    const sorted: Run = { size: total - (sort.nullableKey ? nulls : 0), query: (o) => sortedIds(db, state, scope, o) }
    const runs: Run[] = [sorted]
    if (sort.nullableKey) {
      const nullRun: Run = {
        size: nulls,
        query: (o) => applyFilters(def.from(db), state, scope).where(sql.ref(sort.nullableKey!), 'is', null).select(pk.as('id')).orderBy(pk, o),
      }
      // Postgres puts nulls last when ascending and first when descending
      if (order === 'asc') runs.push(nullRun)
      else runs.unshift(nullRun)
    }

    const parts: AnyQB[] = []
    let reversed = false
    if (total === 0) {
      parts.push(sorted.query(order).limit(state.pageSize).offset(0))
    } else {
      let runStart = 0
      for (const run of runs) {
        const from = Math.max(start, runStart) - runStart
        const to = Math.min(end, runStart + run.size) - runStart
        if (to > from) {
          const part = readRun(run, order, from, to)
          parts.push(part.query)
          reversed ||= part.reversed
        }
        runStart += run.size
      }
    }
    // one run: `in (select …)`; two: `in ((select …) union all (select …))`
    const pageIds = parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` union all `)})`

    return { rows: rowsOf(db, state, pageIds), total, totalPages, page, reversed }
  }

  /** The ids of the matching rows in the sort's order (the non-null run when the key is nullable). */
  function sortedIds(db: Executor, state: ListState<K>, scope: ListOptions['scope'], order: SortOrder): AnyQB {
    const sort = sortOf(state.sortBy)
    const base = def.from(db)
    const ids = applyFilters(sort.join ? sort.join(base) : base, state, scope)
      .select(pk.as('id'))
      .orderBy(expr(sort.expr), order)
    return sort.unique ? ids : ids.orderBy(pk, order)
  }

  /** The page's rows with their joins, in the asked order (the ids are already filtered and scoped). */
  function rowsOf(db: Executor, state: ListState<K>, pageIds: Expression<unknown> | AnyQB): CompiledQuery {
    return def
      .select(def.joins(def.from(db)))
      .where(pk, 'in', pageIds as AnyQB)
      .orderBy(expr(sortOf(state.sortBy).expr), state.order)
      .orderBy(pk, state.order)
      .compile()
  }

  /**
   * Page 1 is never read from the far end and never past the last page, so (for a sort without a
   * nullable key) its statement does not depend on the total: it runs beside the count.
   */
  function firstPageRows(db: Executor, state: ListState<K>, scope: ListOptions['scope']): CompiledQuery | null {
    if (state.currentPage !== 1 || sortOf(state.sortBy).nullableKey) return null
    return rowsOf(db, state, sortedIds(db, state, scope, state.order).limit(state.pageSize).offset(0))
  }

  type CountRow = { total: number | string | null; nulls?: number | string | null }

  function planFor(
    db: Executor,
    state: ListState<K>,
    where: Awaited<ReturnType<typeof withNameFilter>>,
    countStatement: CompiledQuery,
    counted: CountRow | undefined,
    first: CompiledQuery | null,
  ): CompiledList {
    const total = Number(counted?.total ?? 0)
    if (first) {
      // page 1, read beside the count: only the page arithmetic is left (compiling the rows
      // statement again cost every page-1 request a Kysely compilation it then threw away)
      const totalPages = pageCount(total, state.pageSize)
      return { lookup: where.lookup, count: countStatement, rows: first, total, totalPages, page: clampPage(state.currentPage, totalPages), reversed: false }
    }
    return { lookup: where.lookup, count: countStatement, ...rowsQuery(db, state, where.scope, total, Number(counted?.nulls ?? 0)) }
  }

  async function compile(db: Executor, state: ListState<K>, options: ListOptions = {}): Promise<CompiledList> {
    const where = await withNameFilter(db, state, options.scope)
    const statement = countQuery(db, state, where.scope, options.scopeTotal)
    const result = await db.executeQuery<CountRow>(statement)
    return planFor(db, state, where, statement, result.rows[0], firstPageRows(db, state, where.scope))
  }

  /** The total and the page's rows: in one round trip for page 1, else the count decides the read. */
  async function read(db: Executor, state: ListState<K>, scope: ListOptions['scope'], scopeTotal?: number): Promise<{ compiled: CompiledList; rows: Row[] }> {
    const where = await withNameFilter(db, state, scope)
    const statement = countQuery(db, state, where.scope, scopeTotal)
    const first = firstPageRows(db, state, where.scope)
    if (first) {
      const [counted, rows] = await Promise.all([db.executeQuery<CountRow>(statement), db.executeQuery<Row>(first)])
      return { compiled: planFor(db, state, where, statement, counted.rows[0], first), rows: rows.rows }
    }
    const counted = await db.executeQuery<CountRow>(statement)
    const compiled = planFor(db, state, where, statement, counted.rows[0], null)
    return { compiled, rows: compiled.total === 0 ? [] : (await db.executeQuery<Row>(compiled.rows)).rows }
  }

  /** All the matching rows with their joins, in the list's order: one statement for a cursor. */
  function allRows(db: Executor, state: ListState<K>, scope: ListOptions['scope']): CompiledQuery<Row> {
    return def
      .select(def.joins(applyFilters(def.from(db), state, scope)))
      .orderBy(expr(sortOf(state.sortBy).expr), state.order)
      .orderBy(pk, state.order)
      .compile()
  }

  return {
    spec,
    parse,
    compile,
    async *readAll(db, state, options = {}) {
      const where = await withNameFilter(db, state, options.scope)
      yield* readByCursor(db, allRows(db, state, where.scope), options.batchSize)
    },
    async load(db, searchParams, options = {}) {
      const { state, errors } = parse(searchParams)
      const { compiled, rows } = await read(db, state, options.scope, options.scopeTotal)
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
        state: { ...state, currentPage: compiled.page, ...(options.keep ? { keep: options.keep } : {}) },
        dates: def.dateColumn !== undefined,
      }
    },
    async choices(db, key, options = {}) {
      if (!Object.hasOwn(def.filterable, key)) return []
      const filter = (def.filterable as Partial<Record<string, FilterDefinition>>)[key]
      if (!filter || filter.kind !== 'name') return []
      const limit = Math.max(1, Math.min(options.limit ?? def.choicesLimit ?? 200, 10_000))
      const result = await sql<{ name: string }>`select distinct ${sql.ref(filter.nameColumn)} as name from ${sql.table(filter.table)} order by name limit ${limit}`.execute(db)
      return result.rows.map((r) => r.name)
    },
  }
}
