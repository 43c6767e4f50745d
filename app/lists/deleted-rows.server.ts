// One list engine over two definitions of a list whose records may carry a delete mark (decision
// 0067): `hidden` leaves marked rows out in its base query (its total: the table's row count less
// the few marked rows, counted on their partial index, migration 0039), `shown` has them all.
// Which one answers is the URL's ?deleted=1, kept in the list's links through `keep` (withDeleted's
// scope), so the list screen, its CSV and its loaders stay as they are.
import type { Executor } from '#db/client.server.ts'
import type { ListEngine, ListOptions } from './list-engine.server.ts'
import { showsDeleted, SHOW_DELETED } from './show-deleted.ts'

const shownByOptions = (options?: ListOptions) => options?.keep?.[SHOW_DELETED.name] === '1'

export function hidingDeleted<Row, K extends string>(hidden: ListEngine<Row, K>, shown: ListEngine<Row, K>): ListEngine<Row, K> {
  return {
    spec: hidden.spec,
    parse: (params) => hidden.parse(params),
    compile: (db, state, options) => (shownByOptions(options) ? shown : hidden).compile(db, state, options),
    readAll: (db, state, options) => (shownByOptions(options) ? shown : hidden).readAll(db, state, options),
    load: (db, params, options) => {
      const search = typeof params === 'string' ? new URLSearchParams(params) : params
      return (showsDeleted(search) ? shown : hidden).load(db, params, options)
    },
    choices: (db, key, options) => hidden.choices(db, key, options),
  }
}

/** The list options that keep ?deleted=1 in the list's links and pick the engine's `shown` list, when the URL asks. */
export function deletedOptions(url: URL): ListOptions {
  return showsDeleted(url.searchParams) ? { keep: { [SHOW_DELETED.name]: '1' } } : {}
}

/** The marked rows of `table` (migration 0039's partial index): what the hidden list's total leaves out. */
export const markedRows = (table: 'receipts' | 'storage_checks' | 'interactions') => (db: Executor) => db.selectFrom(table).where('deleted_at', 'is not', null)
