// Which page shows each kind the search box finds (issue 24, decision 0068), in the order tried: a
// user sees a kind when one of its pages lets them in (app/access.ts), and its results link there.
// Shared by the top bar (the box shows for a user who may search something) and app/search.server.ts.
import { ACCESS, mayOpen } from './access.ts'
import type { SessionUser } from '#core/permissions.ts'
import { SEARCH_KINDS, type SearchKind } from '#core/search.ts'

export const SEARCH_PAGES = {
  // a grower's storages (the storage browser), else its contacts
  growers: ['/storage', '/view-contact'],
  storages: ['/view-storage/:id'],
  contacts: ['/view-contact'],
  pretreats: ['/pretreats/:id'],
  sheets: ['/view-service'],
  receipts: ['/view-receipt'],
  files: ['/auditing'],
} as const satisfies Record<SearchKind, readonly (keyof typeof ACCESS)[]>

export type SearchPage = { [K in SearchKind]: `${K}:${(typeof SEARCH_PAGES)[K][number]}` }[SearchKind]

type Viewer = Pick<SessionUser, 'is_staff' | 'is_superuser' | 'permissions'> | null | undefined

/** The page this user's results of `kind` open, or null when no page of the kind lets them in. */
export function searchPageOf(user: Viewer, kind: SearchKind): SearchPage | null {
  const path = SEARCH_PAGES[kind].find((p) => mayOpen(user, ACCESS[p]))
  return path ? (`${kind}:${path}` as SearchPage) : null
}

/** The kinds this user's search covers (none: no search box). */
export function searchableKinds(user: Viewer): SearchKind[] {
  return SEARCH_KINDS.filter((k) => searchPageOf(user, k) !== null)
}

export interface SearchLink {
  href: string
  label: string
  detail: string
}

export interface SearchGroup {
  kind: SearchKind
  title: string
  /** matches counted (at most SEARCH_CAP + 1) and as shown ('100+') */
  count: number
  countText: string
  links: SearchLink[]
  /** this kind's own results page, when more matched than are shown */
  more: string | null
}

/** What /search answers (its page, and the top bar's suggestions). */
export interface SearchData {
  q: string
  kind: SearchKind | null
  /** why nothing was searched, or that nothing was found */
  message: string | null
  groups: SearchGroup[]
  /** the kinds searched, for 'Nothing found' */
  searched: string[]
}
