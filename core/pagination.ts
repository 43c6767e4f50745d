// The page numbers a pager shows. Spec, 'Shared list behaviour': all pages up to 7, otherwise the
// first three, the last three and a window around the current page, with a gap where pages are skipped.

export type PageItem = number | 'gap'

/** Pages up to this count are all shown. */
export const ALL_PAGES_UP_TO = 7
/** Pages always shown at each end. */
const EDGE = 3
/** Pages shown either side of the current page. */
const AROUND = 1

/** How many pages `total` rows make at `pageSize` rows a page (0 when there are no rows). */
export function pageCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(pageSize) || pageSize <= 0) return 0
  return Math.ceil(total / pageSize)
}

/** A page number inside 1..totalPages (1 when there are no pages or the input is not a number). */
export function clampPage(page: number, totalPages: number): number {
  const last = Number.isFinite(totalPages) ? Math.max(1, Math.floor(totalPages)) : 1
  if (!Number.isFinite(page)) return 1
  return Math.min(Math.max(1, Math.floor(page)), last)
}

/**
 * The pager's items in order, e.g. pageWindow(10, 20) → [1, 2, 3, 'gap', 9, 10, 11, 'gap', 18, 19, 20].
 * Returns [] when there are no pages; `current` is clamped into range first.
 */
export function pageWindow(current: number, totalPages: number): PageItem[] {
  const last = Number.isFinite(totalPages) ? Math.floor(totalPages) : 0
  if (last <= 0) return []
  if (last <= ALL_PAGES_UP_TO) return Array.from({ length: last }, (_, i) => i + 1)
  const page = clampPage(current, last)
  const shown = new Set<number>()
  for (let p = 1; p <= EDGE; p++) shown.add(p)
  for (let p = last - EDGE + 1; p <= last; p++) shown.add(p)
  for (let p = page - AROUND; p <= page + AROUND; p++) if (p >= 1 && p <= last) shown.add(p)
  const items: PageItem[] = []
  let previous = 0
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (p > previous + 1) items.push('gap')
    items.push(p)
    previous = p
  }
  return items
}
