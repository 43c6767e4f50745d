// What a restart shows (docs/decisions/0041): the pre-treat's facts at the top of the restart form
// (RestartFacts), and the restart's answers once completed (RestartInfo), as the completed-restart
// modal shows them; the pre-treat PDF and the completed pre-treat modal show RestartInfo too.
import type { ReactNode } from 'react'
import { GpsLink } from '#app/components/gps-link.tsx'
import { formatDate, formatGps } from '#core/formats.ts'

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children || '—'}</dd>
    </>
  )
}

/** The pre-treat a restart belongs to, as restartById reads it (dates as text once sent). */
export interface RestartFactsView {
  pre_treat_number: string
  void: boolean
  company_name: string
  storage_name: string
  gps_lat: string | number | null
  gps_lng: string | number | null
  application_date: string | null
  applicator_name: string | null
  /** the pre-treat's notes, where its pre-written restart instructions are */
  application_notes: string
}

export function RestartFacts({ restart }: { restart: RestartFactsView }) {
  const gps = formatGps(restart.gps_lat, restart.gps_lng)
  return (
    <section className="sheet-section" aria-labelledby="restart-pretreat">
      <h2 id="restart-pretreat">Pre-Treat</h2>
      <dl className="detail-list">
        <Item label="Pre-Treat #">{restart.void ? `${restart.pre_treat_number} (VOID)` : restart.pre_treat_number}</Item>
        <Item label="Owner">{restart.company_name}</Item>
        <Item label="Storage">{restart.storage_name}</Item>
        <Item label="GPS">{gps ? <GpsLink gps={gps} /> : null}</Item>
        <Item label="Application Date">{restart.application_date ? formatDate(restart.application_date) : ''}</Item>
        <Item label="Applicator">{restart.applicator_name}</Item>
        <Item label="Restart Instructions">
          <span className="pre-wrap">{restart.application_notes}</span>
        </Item>
      </dl>
    </section>
  )
}

/** A completed restart's answers: what RestartInfo shows. */
export interface RestartInfoView {
  remote: boolean | null
  running: boolean | null
  cleaned_up: boolean | null
  comments: string
  completed_at: string | Date | null
  completed_by_name: string | null
}

const yesNo = (value: boolean | null) => (value === null ? '' : value ? 'Yes' : 'No')

export function RestartInfo({ restart }: { restart: RestartInfoView }) {
  return (
    <section className="sheet-section" aria-labelledby="restart-info">
      <h2 id="restart-info">Restart Info</h2>
      {restart.completed_at ? (
        <dl className="detail-list">
          <Item label="Remote">{yesNo(restart.remote)}</Item>
          <Item label="Running">{yesNo(restart.running)}</Item>
          <Item label="Cleaned Up">{yesNo(restart.cleaned_up)}</Item>
          <Item label="Comments">{restart.comments}</Item>
          <Item label="Completed">{formatDate(restart.completed_at)}</Item>
          <Item label="Completed By">{restart.completed_by_name}</Item>
        </dl>
      ) : (
        <p>The restart is pending: nobody has confirmed the storage runs again yet.</p>
      )}
    </section>
  )
}
