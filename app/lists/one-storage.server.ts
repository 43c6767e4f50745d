// A list that can show one storage's part of itself (Completed Service Sheets, Storage Checks):
// `?i={storage id}` (spec §7: plain or base64) scopes it, keeps `i` in every link, and names the
// storage in the heading; a storage detail page asks for the same part by id.
import { sql, type Expression, type SqlBool } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { notFound } from '#app/http-errors.server.ts'
import type { ListOptions } from './list-engine.server.ts'
import type { RouteArgs } from './list-screen.server.ts'
import { parseId } from '#core/ids.ts'

/** The storage a scoped list is for, with its company, for the heading; undefined when there is none. */
export function storageHeading(db: Executor, storageId: number) {
  return db.selectFrom('storages as st').innerJoin('companies as co', 'co.id', 'st.company_id').select(['st.id', 'st.name', 'co.company_name']).where('st.id', '=', storageId).executeTakeFirst()
}

/**
 * The storage id in `?i=`: the spec's API sends it encoded (base64 of the number); a plain number
 * is taken too. Null when absent, undefined when present but not an id.
 */
export function storageIdParam(searchParams: URLSearchParams): number | null | undefined {
  const raw = searchParams.get('i')?.trim()
  if (!raw) return null
  const text = /^\d+$/.test(raw) ? raw : Buffer.from(raw, 'base64').toString('utf8')
  return parseId(text) ?? undefined
}

/** For a list whose rows name their storage in `storageColumn` (e.g. 'ss.storage_id'). */
export function oneStorage(storageColumn: string) {
  /** The list options of one storage's part: its rows only (which then count their own total), `i` kept in links. */
  const options = (storageId: number): { scope: Expression<SqlBool>; keep: Record<string, string> } => ({
    scope: sql<boolean>`${sql.ref(storageColumn)} = ${storageId}`,
    keep: { i: String(storageId) },
  })
  return {
    options,
    /** listScreen's `scope`: the whole list, or `?i=`'s storage (404 when it names none) */
    async scope({ url, db }: RouteArgs & { url: URL; db: Executor }): Promise<{ options: ListOptions; about: Awaited<ReturnType<typeof storageHeading>> | null }> {
      const storageId = storageIdParam(url.searchParams)
      if (storageId === null) return { options: {}, about: null }
      const storage = storageId === undefined ? undefined : await storageHeading(db, storageId)
      if (!storage) throw notFound()
      return { options: options(storage.id), about: storage }
    },
  }
}
