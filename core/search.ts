// The search box (issue 24, decision 0068): what a query may be and the kinds of records it finds.
// Plain code, no zod: the top bar's box (in every page's bundle) reads the same rule as the server.

/** The kinds, in the order the results show them. */
export const SEARCH_KINDS = ['growers', 'storages', 'contacts', 'pretreats', 'sheets', 'receipts', 'files'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  growers: 'Growers',
  storages: 'Storages',
  contacts: 'Contacts',
  pretreats: 'Pre-Treats',
  sheets: 'Service Sheets',
  receipts: 'Receipts',
  files: 'Drive Files',
}

/** Longest query accepted (a name or a number is far shorter). */
export const MAX_QUERY_LENGTH = 100
/** Results shown per kind on the results page and in the suggestions; the kind's own page shows up to SEARCH_CAP. */
export const PER_KIND = 5
/** At most this many matches of one kind are counted or listed ('100+'): type more to narrow. */
export const SEARCH_CAP = 100

export const SEARCH_TEXTS = {
  empty: 'Type part of a name or number: a grower, storage, contact, pre-treat, service sheet, receipt or drive file.',
  short: 'Type at least 3 letters or digits in a row to search.',
  long: `Type at most ${MAX_QUERY_LENGTH} characters.`,
  control: 'The search cannot hold line breaks or other control characters.',
  none: 'Nothing found.',
} as const

export type ParsedQuery = { ok: true; q: string } | { ok: false; q: string; message: string }

/** Punctuation the search ignores on both sides (ASCII's and typographic quotes), as the database's search_fold (migration 0044). */
const PUNCTUATION = /[!-/:-@[-`{-~\u2018\u2019\u201c\u201d]/g

/** 'Henry's' → 'Henrys', 'PT-26' → 'PT26': "henrys fork" finds Henry's Fork (issue 38, item 31). */
export function withoutPunctuation(text: string): string {
  return text.replace(PUNCTUATION, '')
}

/** The query's words as searched: punctuation left out, each once, none empty. */
export function searchWords(q: string): string[] {
  return [
    ...new Set(
      q
        .split(' ')
        .map(withoutPunctuation)
        .filter((w) => w !== ''),
    ),
  ]
}

/**
 * The query as searched: trimmed, inner spaces collapsed; refused (with the message to show) when
 * empty, too long, holding control characters, or without 3 letters or digits in a row, punctuation
 * left out (trigram indexes need three characters to narrow a search; fewer would read every row).
 */
export function parseSearchQuery(raw: string | null | undefined): ParsedQuery {
  const text = (raw ?? '').trim()
  if (/[\u0000-\u001f\u007f]/.test(text)) return { ok: false, q: '', message: SEARCH_TEXTS.control }
  const q = text.replace(/\s+/g, ' ')
  if (q === '') return { ok: false, q, message: SEARCH_TEXTS.empty }
  if (q.length > MAX_QUERY_LENGTH) return { ok: false, q: q.slice(0, MAX_QUERY_LENGTH), message: SEARCH_TEXTS.long }
  if (!/[\p{L}\p{N}]{3}/u.test(withoutPunctuation(q))) return { ok: false, q, message: SEARCH_TEXTS.short }
  return { ok: true, q }
}

/** The kind a URL's ?kind= names, or null for all kinds. */
export function parseSearchKind(raw: string | null | undefined): SearchKind | null {
  return (SEARCH_KINDS as readonly string[]).includes(raw ?? '') ? (raw as SearchKind) : null
}

/** '3', or '100+' when the count reached the cap. */
export function countText(count: number): string {
  return count > SEARCH_CAP ? `${SEARCH_CAP}+` : String(count)
}
