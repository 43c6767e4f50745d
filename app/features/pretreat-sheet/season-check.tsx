// What a pre-treat does to its storage's season, read again where it is assigned and reviewed
// (decision 0063): the label limits it passes now, beside the reason given on the form. Read-only:
// the form is where a reason is given.
import type { DoseWarning } from '#core/dose-check.ts'

export function SeasonCheck({ warnings, reason }: { warnings: readonly DoseWarning[]; reason: string }) {
  if (warnings.length === 0) return null
  return (
    <div className="notice notice-warning" role="note" aria-label="Season check">
      <strong>Season check</strong>
      <ul>
        {warnings.map((w) => (
          <li key={`${w.kind}-${w.message}`}>{w.message}</li>
        ))}
      </ul>
      <p>{reason ? `Reason given on the form: ${reason}` : 'No reason was given on the form.'}</p>
    </div>
  )
}
