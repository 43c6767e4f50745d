// The server half of a list screen (app/components/list/list-screen.tsx), from one definition per
// list: what its loader reads (the page, the filter suggestions, what a scope is about) and what its
// CSV export streams (every row of the current filter and sort), both behind the screen's one rule.
//
//   export const pendingCalls = listScreen({ list: callInList, choices: ['company', 'storage', 'job'] })
//   loader:      loadListScreen(args, access, pendingCalls)              → { list, choices, about }
//   CSV route:   exportListCsv(args, access, pendingCalls, { columns, name: 'Pending Calls' })
import type { LoaderFunctionArgs } from '@remix-run/node'
import { sql } from 'kysely'
import type { Access } from '#app/access.ts'
import { readWithAccess, requireAccess } from '#app/auth/guard.server.ts'
import { columnText, type Column } from '#app/lists/columns.ts'
import type { SessionUser } from '#core/permissions.ts'
import { getDb, type Executor } from '#db/client.server.ts'
import { csvFileName, csvLine } from './csv.ts'
import { cachedFilterChoices } from './filter-choices.server.ts'
import type { ListEngine, ListOptions } from './list-engine.server.ts'

export type RouteArgs = Pick<LoaderFunctionArgs, 'request' | 'params'>

/** A part of the list the URL names (one storage's sheets), and what the screen says about it. */
export interface UrlScope<About> {
  options: ListOptions
  about: About
}

export interface ListScreenDefinition<Row, K extends string, About> {
  list: ListEngine<Row, K>
  /** the name filters whose names the Filter value box suggests (read once a minute per process) */
  choices?: readonly K[]
  /**
   * A part of the list the URL names (?i= for one storage), read beside the access check. Throw
   * notFound() when the URL names nothing; the check still answers first (403 before 404).
   */
  scope?: (args: RouteArgs & { url: URL; db: Executor }) => Promise<UrlScope<About>>
  /** The part of the list this user may see (the review levels they hold): the check then comes first. */
  userScope?: (user: SessionUser) => ListOptions
  /**
   * A filter of the user's own rows a GET parameter asks for (`?mine=sent-back`, decision 0069):
   * with the parameter, the check comes first and `options` scopes the list (null: a value it
   * does not know, the whole list); without it the list reads as before.
   */
  userFilter?: { param: string; options: (user: SessionUser, value: string) => ListOptions | null }
}

export interface ListScreenSource<Row, K extends string, About> extends ListScreenDefinition<Row, K, About> {
  readChoices: (db: Executor) => Promise<Partial<Record<K, string[]>>>
}

export function listScreen<Row, K extends string, About = null>(definition: ListScreenDefinition<Row, K, About>): ListScreenSource<Row, K, About> {
  const choices = definition.choices?.length ? cachedFilterChoices(definition.list, definition.choices) : async () => ({})
  return { ...definition, readChoices: choices }
}

/** Both conditions, both kept parameter sets. */
function combine(a: ListOptions, b: ListOptions): ListOptions {
  const scope = a.scope && b.scope ? sql<boolean>`(${a.scope}) and (${b.scope})` : (a.scope ?? b.scope)
  const keep = a.keep || b.keep ? { ...a.keep, ...b.keep } : undefined
  return { ...(scope ? { scope } : {}), ...(keep ? { keep } : {}) }
}

async function scopeOf<Row, K extends string, About>(
  source: ListScreenSource<Row, K, About>,
  args: RouteArgs,
  url: URL,
  db: Executor,
  user: SessionUser | null,
): Promise<{ options: ListOptions; about: About | null }> {
  const fromUrl = source.scope ? await source.scope({ ...args, url, db }) : { options: {}, about: null }
  const forUser = user && source.userScope ? source.userScope(user) : {}
  const value = source.userFilter ? url.searchParams.get(source.userFilter.param) : null
  const mine = user && source.userFilter && value ? (source.userFilter.options(user, value) ?? {}) : {}
  return { options: combine(combine(fromUrl.options, forUser), mine), about: fromUrl.about }
}

/** A list screen's loader data: the page, the filter suggestions, and what its scope is about. */
export async function loadListScreen<Row, K extends string, About>(args: RouteArgs, access: Access, source: ListScreenSource<Row, K, About>) {
  return (await readListScreen(args, access, source)).data
}

/** The same, with the user it was read for (a screen whose rows offer what only some users may do). */
export async function readListScreen<Row, K extends string, About>(args: RouteArgs, access: Access, source: ListScreenSource<Row, K, About>) {
  const db = getDb()
  const url = new URL(args.request.url)
  const read = async (user: SessionUser | null) => {
    const { options, about } = await scopeOf(source, args, url, db, user)
    const [list, choices] = await Promise.all([source.list.load(db, url.searchParams, options), source.readChoices(db)])
    return { list, choices, about }
  }
  if (source.userScope || (source.userFilter && url.searchParams.has(source.userFilter.param))) {
    const user = await requireAccess(args.request, access)
    return { user, data: await read(user) }
  }
  // nothing depends on the user: the session look-up and the list's queries run together (0008)
  return readWithAccess(args.request, access, () => read(null))
}

export interface CsvExport<Row> {
  /** the screen's columns: the header is their labels, each field their text */
  columns: readonly Column<Row>[]
  /** the file's name before the date, e.g. 'Pending Calls' → pending-calls-2026-11-22.csv */
  name: string
  /** rows per read from the cursor (default 1000) */
  batchSize?: number
}

/**
 * The list's rows for the URL's filter, date range and sort (pages left out) as a CSV download,
 * streamed: rows are read from a cursor a batch at a time as the response is sent, so a million
 * rows never sit in memory. The first batch is read before answering, so a failing query is an
 * error page rather than a cut-off file; a client that goes away stops the reading.
 */
export async function exportListCsv<Row, K extends string, About>(args: RouteArgs, access: Access, source: ListScreenSource<Row, K, About>, csv: CsvExport<Row>): Promise<Response> {
  const user = await requireAccess(args.request, access)
  const db = getDb()
  const url = new URL(args.request.url)
  const { state } = source.list.parse(url.searchParams) // refused parameters are left out, as on the screen
  const { options } = await scopeOf(source, args, url, db, user)
  const batches = source.list.readAll(db, state, { ...options, batchSize: csv.batchSize })
  let next: IteratorResult<Row[], void> | null = await batches.next()

  const encoder = new TextEncoder()
  const signal = args.request.signal
  const line = (row: Row) => csvLine(csv.columns.map((column) => columnText(column, row)))
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // the byte order mark tells spreadsheets the file is UTF-8 (accented names)
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(csv.columns.map((c) => c.label))}`))
    },
    async pull(controller) {
      const batch = next ?? (signal.aborted ? null : await batches.next())
      next = null
      if (!batch || batch.done) {
        await batches.return() // ends the cursor's transaction now if the client went away
        controller.close()
        return
      }
      controller.enqueue(encoder.encode(batch.value.map(line).join('')))
    },
    async cancel() {
      await batches.return()
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFileName(csv.name)}"`,
      'Cache-Control': 'no-store',
    },
  })
}
