// The search box's reads (issue 24, decision 0068): one statement per kind, each matching part of a
// name or number through its trigram index (search_fold, migration 0044: case, accents and
// punctuation ignored, on both sides). A statement takes at most `cap + 1` matches in the order the index gives them, counts
// those (so a common word costs the same as a rare one: '100+'), and returns the best `limit` of
// them: the whole name first, then names that start with the text, then by name.
// Who may see which kind is the caller's (app/search.server.ts): these read no permission.
import { sql, type RawBuilder } from 'kysely'
import { searchWords, type SearchKind } from '#core/search.ts'
import type { Executor } from '#db/client.server.ts'

export interface SearchRow {
  /** the record's id (a drive file's is its uuid) */
  id: number | string
  label: string
  detail: string
  /** what the link needs beside the id: a contact's company id, a pre-treat's status, a file's folder */
  ref: string | null
  /** a file's type (whether the viewer opens it); a pre-treat's void mark ('void') */
  tag: string | null
}

export interface SearchResult {
  rows: SearchRow[]
  /** matches counted, at most cap + 1 */
  total: number
}

interface Match {
  /** the query's words, without punctuation (core/search.ts searchWords): each must be in the name, in any order */
  words: string[]
  q: string
  /** candidates taken (cap + 1) */
  take: number
  limit: number
  /** the company's own name: not a grower */
  ownCompany: string
}

/**
 * where search_fold(column) holds every word of the query, in any order (the trigram index's
 * expression; a folded word holds no % or _, which are punctuation). A word with 3 letters or
 * digits in a row is a LIKE the index answers; another has no trigram to look up, and is only
 * checked on the rows the others found (core/search.ts asks for one such word at least).
 */
const folded = (column: RawBuilder<unknown>, m: Match) =>
  sql.join(
    m.words.map((w) => (/[\p{L}\p{N}]{3}/u.test(w) ? sql<boolean>`search_fold(${column}) like '%' || search_fold(${w}) || '%'` : sql<boolean>`strpos(search_fold(${column}), search_fold(${w})) > 0`)),
    sql` and `,
  )
/** the whole name first, then a name that starts with the text */
const rank = (m: Match, label = sql`h.label`) => sql`case when search_fold(${label}) = search_fold(${m.q}) then 0 when search_fold(${label}) like search_fold(${m.q}) || '%' then 1 else 2 end`

const STATEMENTS: Record<SearchKind, (m: Match) => RawBuilder<SearchRow & { total: number }> | null> = {
  growers: (m) => sql`
    with h as (select c.id, c.company_name as label, c.active from companies c where ${folded(sql.ref('c.company_name'), m)} and c.company_name <> ${m.ownCompany} limit ${m.take})
    select h.id, h.label, case when h.active then '' else 'Inactive' end as detail, null as ref, null as tag, (select count(*) from h)::int as total
    from h order by ${rank(m)}, h.label, h.id limit ${m.limit}`,
  storages: (m) => sql`
    with h as (select s.id, s.name as label, s.company_id from storages s where ${folded(sql.ref('s.name'), m)} limit ${m.take})
    select h.id, h.label, c.company_name as detail, null as ref, null as tag, (select count(*) from h)::int as total
    from h join companies c on c.id = h.company_id order by ${rank(m)}, h.label, h.id limit ${m.limit}`,
  // the catch-all contact 'Other' is hidden, as Company Contacts hides it
  contacts: (m) => sql`
    with h as (select ct.id, ct.name as label, ct.role, ct.company_id from contacts ct where ${folded(sql.ref('ct.name'), m)} and lower(btrim(ct.name)) <> 'other' limit ${m.take})
    select h.id, h.label, concat_ws(' · ', nullif(h.role, ''), c.company_name) as detail, h.company_id::text as ref, null as tag, (select count(*) from h)::int as total
    from h join companies c on c.id = h.company_id order by ${rank(m)}, h.label, h.id limit ${m.limit}`,
  pretreats: (m) => sql`
    with h as (select p.id, p.pre_treat_number as label, p.company_id, p.storage_id, p.status, p.void from pretreats p where ${folded(sql.ref('p.pre_treat_number'), m)} limit ${m.take})
    select h.id, h.label, concat_ws(' · ', c.company_name, s.name) as detail, h.status as ref, case when h.void then 'void' end as tag, (select count(*) from h)::int as total
    from h join companies c on c.id = h.company_id join storages s on s.id = h.storage_id order by ${rank(m)}, h.label desc, h.id limit ${m.limit}`,
  // a sheet's number holds digits only: '#123' or '123' finds it; other text finds no sheet (no statement)
  sheets: (m) => {
    const digits = m.q.replace(/^#\s*/, '')
    if (!/^\d+$/.test(digits)) return null
    return sql`
      with h as (select ss.id, ss.service_sheet_number::text as number, ss.company_id, ss.storage_id, ss.service_date from service_sheets ss where ss.service_sheet_number::text like ${`%${digits}%`} limit ${
        m.take
      })
      select h.id, '#' || h.number as label, concat_ws(' · ', c.company_name, s.name, to_char(h.service_date, 'YYYY-MM-DD')) as detail, null as ref, null as tag, (select count(*) from h)::int as total
      from h join companies c on c.id = h.company_id join storages s on s.id = h.storage_id
      order by case when h.number = ${digits} then 0 when h.number like ${`${digits}%`} then 1 else 2 end, length(h.number), h.number, h.id limit ${m.limit}`
  },
  receipts: (m) => sql`
    with h as (select r.id, r.location as label, r.type, r.date, r.total_amount from receipts r where r.deleted_at is null and ${folded(sql.ref('r.location'), m)} limit ${m.take})
    select h.id, h.label, concat_ws(' · ', h.type, to_char(h.date, 'YYYY-MM-DD'), '$' || h.total_amount::text) as detail, null as ref, null as tag, (select count(*) from h)::int as total
    from h order by ${rank(m)}, h.label, h.date desc, h.id limit ${m.limit}`,
  files: (m) => sql`
    with h as (select d.id, d.name as label, d.parent, d.file_type from drive_entries d where not d.is_folder and ${folded(sql.ref('d.name'), m)} limit ${m.take})
    select h.id, h.label, h.parent as detail, h.parent as ref, h.file_type as tag, (select count(*) from h)::int as total
    from h order by ${rank(m)}, h.label, h.parent limit ${m.limit}`,
}

/** The statement that reads one kind's matches for `q` (null: that kind cannot match it); its plan is tested (search.test.ts). */
export function searchStatement(kind: SearchKind, q: string, options: { limit: number; cap: number; ownCompany: string }) {
  return STATEMENTS[kind]({ words: searchWords(q), q, take: options.cap + 1, limit: options.limit, ownCompany: options.ownCompany })
}

/**
 * The matches of one kind for `q` (already parsed: core/search.ts parseSearchQuery): the best
 * `limit`, and how many matched, counting at most `cap + 1`.
 */
export async function searchKind(db: Executor, kind: SearchKind, q: string, options: { limit: number; cap: number; ownCompany: string }): Promise<SearchResult> {
  const statement = searchStatement(kind, q, options)
  if (!statement) return { rows: [], total: 0 }
  const { rows } = await statement.execute(db)
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 }
}
