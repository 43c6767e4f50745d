// What a pre-treat does to its storage's season, read again where it is assigned and reviewed
// (decision 0063): the label limits it passes now, each marked when no reason answers it yet, and
// every reason given so far (the form's, then those given at the assign step and in the review:
// who, where, when, what it answered). A warning no reason answers needs one to go on: the page
// puts SeasonReasonField in its form (a plain textarea, so it works without JavaScript too).
import type { DoseWarning } from '#core/season-check.ts'
import { SEASON_REASON_FIELD, SEASON_REASON_LABEL, seasonReasonHeading, type SeasonReason } from '#core/season-reasons.ts'

const key = (w: DoseWarning) => `${w.kind}-${w.message}`

/** `checked`: false where the check is not read now (a completed pre-treat's page): only the reasons show. */
export function SeasonCheck({
  warnings,
  reasons,
  unanswered = [],
  checked = true,
}: {
  warnings: readonly DoseWarning[]
  reasons: readonly SeasonReason[]
  unanswered?: readonly DoseWarning[]
  checked?: boolean
}) {
  if (warnings.length === 0 && reasons.length === 0) return null
  const open = new Set(unanswered.map(key))
  return (
    <div className="notice notice-warning season-check" role="note" aria-label="Season check">
      <strong>Season check</strong>
      {warnings.length > 0 ? (
        <ul>
          {warnings.map((w) => (
            <li key={key(w)}>
              {w.message}
              {open.has(key(w)) ? <strong> No reason answers this yet.</strong> : null}
            </li>
          ))}
        </ul>
      ) : checked ? (
        <p>Nothing passes a label limit now.</p>
      ) : null}
      {reasons.length === 0 ? (
        <p>No reason was given on the form.</p>
      ) : (
        <section aria-label="Reasons given">
          <p>
            <strong>Reasons given</strong>
          </p>
          <ul className="season-reasons">
            {reasons.map((r, i) => (
              <li key={i}>
                {seasonReasonHeading(r)}: “{r.reason}”{r.warnings.length > 0 ? <span className="season-reasons__answered"> (for: {r.warnings.join(' ')})</span> : null}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

/**
 * The reason field a step's form holds while a season warning has no reason: `error`, the server's
 * refusal (it names the warnings); `id` tells the field apart where a page has two forms.
 */
export function SeasonReasonField({ id, error, defaultValue = '' }: { id: string; error?: string; defaultValue?: string }) {
  const hint = `${id}-hint`
  const message = `${id}-error`
  return (
    <div className="field season-reason-field">
      <label htmlFor={id}>{SEASON_REASON_LABEL}</label>
      <textarea
        id={id}
        name={SEASON_REASON_FIELD}
        rows={2}
        maxLength={4000}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint, error ? message : ''].filter(Boolean).join(' ')}
      />
      <span className="hint" id={hint}>
        Asked for a season warning no reason answers yet. Shown to the reviewers and printed on the application record.
      </span>
      {error ? (
        <p className="field-error" id={message}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
