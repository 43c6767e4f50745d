// One search box (issue 24, decision 0068): the results page of the top bar's box, a plain GET
// form (/search?q=…) that works without JavaScript. Growers, storages, contacts, pre-treat and
// service sheet numbers, receipts and drive files by part of a name or number, ignoring case and
// accents; a heading per kind with its count, each result a link to the page that shows it, for
// the kinds this user may open (app/search.ts). ?kind= shows one kind's matches (up to 100).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { ACCESS, anyOf } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { SEARCH_PAGES, type SearchData } from '#app/search.ts'
import { searchableKinds, searchFor, type SearchGroup } from '#app/search.server.ts'
import { MAX_QUERY_LENGTH, parseSearchKind, parseSearchQuery, SEARCH_CAP, SEARCH_KIND_LABELS, SEARCH_TEXTS } from '#core/search.ts'
import { getDb } from '#db/client.server.ts'

/** Whoever may open a page of any kind the search finds. */
export const access = anyOf(Object.values(SEARCH_PAGES).flatMap((paths) => paths.map((p) => ACCESS[p])))
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.q ? `Search: ${data.q}` : 'Search' }]
export const handle = { crumbs: [{ label: 'Search', to: '/search' }] }

export async function loader({ request }: LoaderFunctionArgs): Promise<SearchData> {
  const user = await requireAccess(request, access)
  const url = new URL(request.url)
  const kinds = searchableKinds(user)
  const asked = parseSearchKind(url.searchParams.get('kind'))
  // a kind this user may not see is no kind: all of theirs
  const kind = asked && kinds.includes(asked) ? asked : null
  const searched = (kind ? [kind] : kinds).map((k) => SEARCH_KIND_LABELS[k])
  const parsed = parseSearchQuery(url.searchParams.get('q'))
  if (!parsed.ok) return { q: parsed.q, kind, message: parsed.message, groups: [], searched }
  const groups = (await searchFor(getDb(), user, parsed.q, kind)).filter((g) => g.count > 0)
  return { q: parsed.q, kind, message: groups.length === 0 ? SEARCH_TEXTS.none : null, groups, searched }
}

function Group({ group, q, one }: { group: SearchGroup; q: string; one: boolean }) {
  const id = `results-${group.kind}`
  const shown = group.links.length
  return (
    <section className="search-group" aria-labelledby={id}>
      <h2 id={id}>
        {group.title} <span className="search-count">({group.countText})</span>
      </h2>
      <ul className="search-results">
        {group.links.map((link) => (
          <li key={link.href}>
            <Link to={link.href}>{link.label}</Link>
            {link.detail ? <span className="muted"> {link.detail}</span> : null}
          </li>
        ))}
      </ul>
      {group.more ? (
        <p>
          <Link to={group.more}>
            More {group.title.toLowerCase()} matching “{q}” ({group.countText})
          </Link>
        </p>
      ) : null}
      {one && group.count > shown ? (
        <p className="muted">
          The first {shown} of more than {SEARCH_CAP}: type more of the name or number to narrow the search.
        </p>
      ) : null}
    </section>
  )
}

export default function SearchPage() {
  const data = useLoaderData<typeof loader>()
  return (
    <section className="search-page" aria-labelledby="search-title">
      <h1 id="search-title">{data.kind ? `Search ${SEARCH_KIND_LABELS[data.kind]}` : 'Search'}</h1>
      <Form method="get" action="/search" role="search" className="search-form">
        <label htmlFor="search-q">Name or number</label>
        <input id="search-q" type="search" name="q" defaultValue={data.q} maxLength={MAX_QUERY_LENGTH} autoComplete="off" />
        {data.kind ? <input type="hidden" name="kind" value={data.kind} /> : null}
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      {data.kind ? (
        <p>
          <Link to={`/search?${new URLSearchParams({ q: data.q })}`}>All kinds matching “{data.q}”</Link>
        </p>
      ) : null}
      {data.message ? (
        <p role="status" className="search-message">
          {data.message}
          {data.message === SEARCH_TEXTS.none ? ` Searched: ${data.searched.join(', ')}.` : null}
        </p>
      ) : null}
      {data.groups.map((group) => (
        <Group key={group.kind} group={group} q={data.q} one={data.kind !== null} />
      ))}
    </section>
  )
}
