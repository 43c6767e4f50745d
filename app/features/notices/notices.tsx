// What a record's page shows its author about reviewers' steps (decision 0069), and the reviewer's
// Send Back. Plain forms: they work without JavaScript; Mark as seen posts to /notices/seen and
// comes back to the page.
import { Form, useLocation } from '@remix-run/react'
import type { NoticeEntity } from '#core/enums.ts'
import { formatDate } from '#core/formats.ts'
import { CsrfInput } from '#app/components/csrf.tsx'

export interface ShownNotice {
  kind: 'sent_back' | 'changed'
  reason: string
  raised_by_name: string | null
  raised_at: string | Date
  unseen: boolean
}

export interface RecordNoticesData {
  unseen: ShownNotice[]
  lastSendBack: ShownNotice | null
}

const by = (n: ShownNotice) => `${n.raised_by_name ?? 'A reviewer'} on ${formatDate(n.raised_at)}`

/**
 * The reason a sheet was sent back (while it is back with its author: `sentBack`), the user's
 * unseen notices, and Mark as seen.
 */
export function RecordNotices({ notices, entity, recordId, sentBack }: { notices: RecordNoticesData | null; entity: NoticeEntity; recordId: number; sentBack: boolean }) {
  const { pathname, search } = useLocation()
  if (!notices) return null
  const back = sentBack ? notices.lastSendBack : null
  const changed = notices.unseen.find((n) => n.kind === 'changed')
  const latest = notices.unseen[0]
  if (!back && !latest) return null
  return (
    <section className="record-notices notice notice-warning" aria-label="Notices">
      {back ? (
        <p>
          <strong>Sent back to you</strong> by {by(back)}: {back.reason}
        </p>
      ) : null}
      {changed ? <p>A reviewer changed your values: {by(changed)}.</p> : null}
      {latest ? (
        <Form method="post" action="/notices/seen">
          <CsrfInput />
          <input type="hidden" name="entity" value={entity} />
          <input type="hidden" name="record_id" value={recordId} />
          <input type="hidden" name="shown" value={new Date(latest.raised_at).toISOString()} />
          <input type="hidden" name="back" value={`${pathname}${search.replace(/([?&])flash=[^&]*&?/, '$1').replace(/[?&]$/, '')}`} />
          <button type="submit" className="button button-secondary">
            Mark as seen
          </button>
        </Form>
      ) : null}
    </section>
  )
}

/** Send Back: a disclosure (opens without JavaScript) with the required reason. */
export function SendBackForm({ submissionId, version, error, hiddenFields = {} }: { submissionId: string; version: number; error?: string | null; hiddenFields?: Record<string, string> }) {
  return (
    <details className="send-back" open={Boolean(error)}>
      <summary className="button button-secondary">Send Back</summary>
      <Form method="post" className="form">
        <CsrfInput />
        <input type="hidden" name="intent" value="send-back" />
        <input type="hidden" name="submission_id" value={submissionId} />
        <input type="hidden" name="version" value={version} />
        {Object.entries(hiddenFields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor="send-back-reason">Reason (the author reads it on the sheet)</label>
        <textarea id="send-back-reason" name="reason" required maxLength={2000} aria-invalid={error ? true : undefined} aria-describedby={error ? 'send-back-error' : undefined} />
        {error ? (
          <p id="send-back-error" className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button">
          Send Back to the author
        </button>
      </Form>
    </details>
  )
}

/** The message a failed Send Back answered with (conform's reply: the reason's, or the form's). */
export function sendBackError(result: unknown): string | null {
  if (!result || typeof result !== 'object' || !('error' in result)) return null
  const error = (result as { error?: Record<string, string[] | null> | null }).error
  return error?.reason?.[0] ?? null
}
