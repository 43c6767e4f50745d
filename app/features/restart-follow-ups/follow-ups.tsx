// Restart follow-ups (issue 24, decision 0070) as the list, the record and the storage's page show
// them: the reasons a restart gave, who answered it and when, and how it was resolved (a later
// restart answered running and cleaned up, or an assigner's note, with who and when).
import { Link } from '@remix-run/react'
import type { CardLayout } from '#app/components/list/list-screen.tsx'
import type { Column } from '#app/lists/columns.ts'
import { formatDate, formatDateTime } from '#core/formats.ts'

/** A follow-up as the loaders send it (dates as text). */
export interface FollowUpView {
  id: number
  storage_id: number
  not_running: boolean
  not_cleaned_up: boolean
  raised_at: string | Date
  closed_at: string | Date | null
  closing_note: string | null
  closed_by_restart_id: number | null
  storage_name: string
  company_name: string
  pre_treat_number: string
  restart_comments: string
  raised_by_name: string | null
  closed_by_name: string | null
  closed_by_pre_treat_number: string | null
}

/** The restart's answers that raised it. */
export function reasonText(f: Pick<FollowUpView, 'not_running' | 'not_cleaned_up'>): string {
  return f.not_running && f.not_cleaned_up ? 'Not running; not cleaned up' : f.not_running ? 'Not running' : 'Not cleaned up'
}

/** How it was resolved ('' while open). */
export function resolutionText(f: Pick<FollowUpView, 'closed_at' | 'closing_note' | 'closed_by_restart_id' | 'closed_by_pre_treat_number'>): string {
  if (!f.closed_at) return ''
  if (f.closed_by_restart_id !== null) return `A later restart (${f.closed_by_pre_treat_number ?? 'pre-treat removed'}) answered running and cleaned up.`
  return f.closing_note ?? ''
}

const SHARED: Column<FollowUpView>[] = [
  { key: 'storage', label: 'Storage', text: (r) => r.storage_name },
  { key: 'owner', label: 'Owner', text: (r) => r.company_name, sortable: false },
  { key: 'reason', label: 'Reason', text: reasonText, sortable: false },
  { key: 'restart', label: 'Restart of', text: (r) => r.pre_treat_number, sortable: false, className: 'cell-nowrap' },
]

export const OPEN_FOLLOW_UP_COLUMNS: Column<FollowUpView>[] = [{ key: 'date', label: 'Raised', text: (r) => formatDate(r.raised_at), firstOrder: 'desc', className: 'cell-nowrap' }, ...SHARED]

export const CLOSED_FOLLOW_UP_COLUMNS: Column<FollowUpView>[] = [
  { key: 'date', label: 'Closed', text: (r) => formatDate(r.closed_at), firstOrder: 'desc', className: 'cell-nowrap' },
  ...SHARED,
  { key: 'closed_by', label: 'Closed By', text: (r) => r.closed_by_name ?? '—', sortable: false },
  { key: 'resolution', label: 'How Resolved', text: resolutionText, sortable: false },
]

export function followUpCard(closed: boolean): CardLayout<FollowUpView> {
  return {
    title: (r) => r.storage_name,
    fields: [
      { label: 'Reason', value: reasonText },
      { label: 'Raised', value: (r) => formatDate(r.raised_at) },
      { label: 'Restart of', value: (r) => r.pre_treat_number },
      ...(closed
        ? [
            { label: 'Closed', value: (r: FollowUpView) => `${formatDate(r.closed_at)} by ${r.closed_by_name ?? '—'}` },
            { label: 'How Resolved', value: resolutionText },
          ]
        : [{ label: 'Owner', value: (r: FollowUpView) => r.company_name }]),
    ],
  }
}

/** What the follow-up's record says, item by item. */
export function followUpFacts(f: FollowUpView): [string, string][] {
  return [
    ['Storage', f.storage_name],
    ['Owner', f.company_name],
    ['Reason', reasonText(f)],
    ['Restart of', f.pre_treat_number],
    ['Answered by', f.raised_by_name ?? '—'],
    ['Raised', formatDateTime(f.raised_at)],
    ['Restart comments', f.restart_comments.trim() || 'None'],
    ...(f.closed_at
      ? ([
          ['Closed', `${formatDateTime(f.closed_at)} by ${f.closed_by_name ?? '—'}`],
          ['How resolved', resolutionText(f)],
        ] as [string, string][])
      : ([['Status', 'Open']] as [string, string][])),
  ]
}

/** The storage page's panel: its open follow-ups, each a link to its record (where an assigner closes it). */
export function StorageFollowUps({ followUps, more }: { followUps: readonly FollowUpView[]; more: boolean }) {
  if (followUps.length === 0) return null
  return (
    <section className="follow-up-panel" aria-labelledby="follow-ups-title">
      <h2 id="follow-ups-title">Open Restart Follow-Ups</h2>
      <ul>
        {followUps.map((f) => (
          <li key={f.id}>
            <Link to={`/follow-ups/${f.id}`}>
              {reasonText(f)} — restart of {f.pre_treat_number}, {formatDate(f.raised_at)}
            </Link>
          </li>
        ))}
      </ul>
      {more ? (
        <p>
          <Link to={`/follow-ups?filter_by=storage&filter_value=${encodeURIComponent(followUps[0]!.storage_name)}`}>All open follow-ups of this storage</Link>
        </p>
      ) : null}
    </section>
  )
}
