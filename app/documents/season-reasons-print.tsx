// The reasons given past the season check as the application record prints them (decision 0063):
// where, who and when, the reason, and the label limits it answered. One component for the record's
// PDF (app/documents/application-record-pdf.server.tsx) and its detail page, so the two agree.
import { seasonReasonHeading, storedSeasonReasons } from '#core/season-reasons.ts'

/** `value`: application_records.season_reasons as kept (nothing shows for none). */
export function SeasonReasonsPrint({ value }: { value: unknown }) {
  const reasons = storedSeasonReasons(value)
  if (reasons.length === 0) return null
  return (
    <section className="season-reasons" aria-labelledby="record-season-reasons">
      <h2 id="record-season-reasons">Reasons given past the label’s limits</h2>
      <ul>
        {reasons.map((r, i) => (
          <li key={i}>
            <strong>{seasonReasonHeading(r)}:</strong> “{r.reason}”
            {r.warnings.length > 0 ? (
              <ul>
                {r.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
