// The search box's server half (issue 24, decision 0068): which kinds a user may see, and each
// result as a link to the page that shows it. A kind is searched only for a user the page it links
// to lets in (the same rule as that page's loader, from app/access.ts), so nobody is shown a name
// they may not open, nor a link that answers 403. The pages have no per-record rule for reading
// (a receipt, a sheet, a pre-treat opens for whoever opens its list; the drive for whoever browses
// it, every folder), so neither has the search.
import { isOpenable } from '#app/drive-viewer.ts'
import { config } from '#core/config.server.ts'
import type { SessionUser } from '#core/permissions.ts'
import { countText, PER_KIND, SEARCH_CAP, SEARCH_KIND_LABELS, type SearchKind } from '#core/search.ts'
import { PRETREAT_STATUS_LABELS, type PretreatState } from '#core/workflow-states.ts'
import type { Executor } from '#db/client.server.ts'
import { searchKind, type SearchRow } from '#db/queries/search.ts'
import { searchableKinds, searchPageOf, type SearchGroup, type SearchPage } from './search.ts'

export { searchableKinds, type SearchGroup }

type Viewer = Pick<SessionUser, 'is_staff' | 'is_superuser' | 'permissions'>

const q = (params: Record<string, string>) => new URLSearchParams(params).toString()

/** The link to a row for each page that shows its kind. */
const LINKS: Record<SearchPage, (row: SearchRow) => string> = {
  'growers:/storage': (r) => `/storage?${q({ company: r.label })}`,
  'growers:/view-contact': (r) => `/view-contact/${r.id}`,
  'storages:/view-storage/:id': (r) => `/view-storage/${r.id}`,
  // the grower's contacts, filtered to this one
  'contacts:/view-contact': (r) => `/view-contact/${r.ref}?${q({ filter_by: 'name', filter_value: r.label })}`,
  'pretreats:/pretreats/:id': (r) => `/pretreats/${r.id}`,
  'sheets:/view-service': (r) => `/view-service/${r.id}`,
  'receipts:/view-receipt': (r) => `/view-receipt/${r.id}`,
  // the file's folder, with the file open in the viewer when the viewer shows its type
  'files:/auditing': (r) => {
    const params = new URLSearchParams(r.ref ? { p: r.ref } : {})
    // the viewer for what it shows; else the drive's own search, which lists the file
    if (isOpenable(r.tag ?? '')) params.set('open', `${r.ref ?? ''}${r.label}`)
    else params.set('q', r.label)
    return `/auditing?${params}`
  },
}

function detailOf(kind: SearchKind, row: SearchRow): string {
  if (kind === 'pretreats') return [row.detail, PRETREAT_STATUS_LABELS[row.ref as PretreatState] ?? row.ref, row.tag === 'void' ? 'Void' : ''].filter(Boolean).join(' · ')
  if (kind === 'files') return row.detail ? `in ${row.detail.slice(0, -1)}` : 'in the drive’s top folder'
  return row.detail
}

/**
 * What `q` (parsed: core/search.ts) finds for this user: a group per kind they may see, in the
 * kinds' order, each with its best PER_KIND links (or, for one `kind`, up to SEARCH_CAP of its).
 */
export async function searchFor(db: Executor, user: Viewer, query: string, kind: SearchKind | null = null): Promise<SearchGroup[]> {
  const kinds = searchableKinds(user).filter((k) => kind === null || k === kind)
  const limit = kind === null ? PER_KIND : SEARCH_CAP
  const ownCompany = config().COMPANY_NAME
  const results = await Promise.all(kinds.map((k) => searchKind(db, k, query, { limit, cap: SEARCH_CAP, ownCompany })))
  return kinds.map((k, i) => {
    const { rows, total } = results[i]!
    const href = LINKS[searchPageOf(user, k)!]
    return {
      kind: k,
      title: SEARCH_KIND_LABELS[k],
      count: total,
      countText: countText(total),
      links: rows.map((row) => ({ href: href(row), label: row.label, detail: detailOf(k, row) })),
      more: total > rows.length && kind === null ? `/search?${q({ q: query, kind: k })}` : null,
    }
  })
}
