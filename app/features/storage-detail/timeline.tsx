// The Timeline tab: everything that happened at the storage, newest first, under one heading per
// season (July–June). Each entry links to its record when the user may open it (restarts have no
// screen yet: their entries are text). The filter is a GET form (season, kinds),
// so it works without JavaScript and every view has its own URL; 100 entries a page, with links
// to older and newer ones.
import { Form, Link } from '@remix-run/react'
import { seasonOf, season as seasonOfYear } from '#core/season.ts'
import { KIND_LABELS, SHEET_STATE_LABELS, type TimelineKind } from '#core/storage-timeline.ts'
import { PRETREAT_STATUS_LABELS, type PretreatState, type ServiceSheetState } from '#core/workflow-states.ts'
import type { TimelineEntry } from '#db/queries/storage-timeline.ts'

export interface TimelineView {
  seasons: readonly number[]
  season: number | null
  kinds: readonly TimelineKind[]
  allKinds: readonly TimelineKind[]
  entries: readonly TimelineEntry[]
  more: boolean
  /** 1 for the newest entries */
  page: number
  links: { call: boolean; sheet: boolean; check: boolean; pretreat: boolean }
}

/** the word before an entry */
const KIND_NAMES: Record<TimelineKind, string> = { call: 'Call-in', sheet: 'Service sheet', check: 'Storage check', pretreat: 'Pre-treat', restart: 'Restart', photo: 'Photo' }

function describe(e: TimelineEntry): { title: string; detail: string } {
  switch (e.kind) {
    case 'call':
      return { title: 'Call-in', detail: e.text }
    case 'sheet':
      return { title: `Service sheet #${e.number}`, detail: `${SHEET_STATE_LABELS[e.state as ServiceSheetState] ?? e.state} · ${e.text}` }
    case 'check':
      return { title: 'Storage check', detail: e.text }
    case 'pretreat':
      return { title: `Pre-treat ${e.number}`, detail: `${PRETREAT_STATUS_LABELS[e.state as PretreatState] ?? e.state} · ${e.text}` }
    case 'restart':
      return { title: `Restart after ${e.number}`, detail: `${e.state === 'completed' ? 'Completed' : 'Pending'}${e.text ? ` · ${e.text}` : ''}` }
    case 'photo':
      return { title: 'Photo', detail: `${e.text} · ${e.photoOf === 'sheet' ? `on service sheet #${e.number}` : e.photoOf === 'check' ? 'on a storage check' : 'of the storage'}` }
  }
}

/** Where an entry leads, when the user may open it. */
function hrefOf(e: TimelineEntry, links: TimelineView['links']): string | null {
  const kind = e.kind === 'photo' ? e.photoOf : e.kind
  if (kind === 'call' && links.call) return `/view-calls/${e.id}`
  if (kind === 'sheet' && links.sheet) return `/view-service/${e.id}`
  if (kind === 'check' && links.check) return `/view-storage-check/${e.id}`
  if (kind === 'pretreat' && links.pretreat) return `/pretreats/${e.id}`
  if (kind === 'storage' && e.blobId) return `/images/${e.blobId}`
  return null
}

/** The same filter, another page. */
function pageHref(view: TimelineView, page: number): string {
  const params = new URLSearchParams({ tab: 'timeline' })
  if (view.season !== null) params.set('season', String(view.season))
  if (view.kinds.length < view.allKinds.length) for (const k of view.kinds) params.append('kind', k)
  if (page > 1) params.set('page', String(page))
  return `?${params}`
}

export function Timeline({ view }: { view: TimelineView }) {
  const groups: { label: string; entries: TimelineEntry[] }[] = []
  for (const e of view.entries) {
    const label = seasonOf(e.date).label
    const last = groups.at(-1)
    if (last?.label === label) last.entries.push(e)
    else groups.push({ label, entries: [e] })
  }
  const chosen = new Set(view.kinds)
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      <Form method="get" className="timeline-filter" aria-label="Timeline filter">
        <input type="hidden" name="tab" value="timeline" />
        <label className="field">
          <span>Season</span>
          <select name="season" defaultValue={view.season ?? ''}>
            <option value="">All seasons</option>
            {view.seasons.map((y) => (
              <option key={y} value={y}>
                {seasonOfYear(y).label}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="timeline-kinds">
          <legend>Show</legend>
          {view.allKinds.map((k) => (
            <label key={k} className="checkbox">
              <input type="checkbox" name="kind" value={k} defaultChecked={chosen.has(k)} />
              {KIND_LABELS[k]}
            </label>
          ))}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button">
            Filter
          </button>
          <Link to="?tab=timeline" className="button button-secondary">
            Clear Filters
          </Link>
        </div>
      </Form>
      {groups.length === 0 ? <p className="list-empty">Nothing has happened at this storage yet.</p> : null}
      {groups.map((g) => (
        <section key={g.label} className="timeline-season" aria-label={`Season ${g.label}`}>
          <h3>Season {g.label}</h3>
          <ol className="timeline">
            {g.entries.map((e) => {
              const { title, detail } = describe(e)
              const href = hrefOf(e, view.links)
              return (
                <li key={`${e.kind}-${e.id}-${e.blobId ?? ''}`} className={`timeline-entry timeline-${e.kind}`}>
                  <time dateTime={e.date}>{e.date}</time>
                  <span className="timeline-kind">{KIND_NAMES[e.kind]}</span>
                  <span className="timeline-text">
                    {href ? <Link to={href}>{title}</Link> : <strong>{title}</strong>}
                    {detail ? <span className="muted"> {detail}</span> : null}
                  </span>
                </li>
              )
            })}
          </ol>
        </section>
      ))}
      {view.page > 1 || view.more ? (
        <nav className="timeline-pages" aria-label="Timeline pages">
          {view.page > 1 ? (
            <Link to={pageHref(view, view.page - 1)} className="button button-secondary" rel="prev">
              Newer entries
            </Link>
          ) : null}
          {view.more ? (
            <Link to={pageHref(view, view.page + 1)} className="button button-secondary" rel="next">
              Older entries
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}
