import { Link, useMatches } from '@remix-run/react'

export interface Crumb {
  label: string
  to: string
}

/** Routes declare their trail: `export const handle = { crumbs: [{ label, to }] }` (or a function of the match data). */
export interface CrumbHandle {
  crumbs?: Crumb[] | ((data: unknown, params: Record<string, string | undefined>) => Crumb[])
}

/**
 * The matched routes' trails, outermost first, as one trail: each place once, where the innermost
 * route that names it puts it (/edit-storage/{id} names Admin, Manage Storages, Edit Storage under
 * /edit-storage's Admin, Edit Storage: its order wins).
 */
export function mergeTrails(trails: readonly (readonly Crumb[])[]): Crumb[] {
  const trail: Crumb[] = []
  for (const crumbs of trails) {
    for (const crumb of crumbs) {
      const at = trail.findIndex((c) => c.to === crumb.to)
      if (at >= 0) trail.splice(at, 1)
      trail.push(crumb)
    }
  }
  return trail
}

export function useCrumbs(): Crumb[] {
  const trails: Crumb[][] = []
  for (const match of useMatches()) {
    const handle = match.handle as CrumbHandle | undefined
    if (!handle?.crumbs) continue
    trails.push(typeof handle.crumbs === 'function' ? handle.crumbs(match.data, match.params) : handle.crumbs)
  }
  return mergeTrails(trails)
}

/** Home first; on narrow screens (under 600 px) the middle crumbs fold into '...'. */
export function Breadcrumbs() {
  const crumbs = useCrumbs()
  if (crumbs.length === 0) return null
  const [home, ...rest] = [{ label: 'Home', to: '/' }, ...crumbs]
  const last = rest.pop()
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li className="crumb">
          <Link to={home!.to}>{home!.label}</Link>
        </li>
        {rest.length > 0 ? (
          <li className="crumb crumb-ellipsis" aria-hidden="true">
            ...
          </li>
        ) : null}
        {rest.map((crumb) => (
          <li key={crumb.to} className="crumb crumb-middle">
            <Link to={crumb.to}>{crumb.label}</Link>
          </li>
        ))}
        {last ? (
          <li className="crumb">
            <span aria-current="page">{last.label}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  )
}
