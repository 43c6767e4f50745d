// A corrected record's part of its detail modal (decision 0067): the delete mark (when, by whom,
// why), Correct and Delete for those who may (the link leads to the record's own form, prefilled),
// and its history: each correction's fields, old → new, who and when.
import { Link } from '@remix-run/react'
import type { RecordCorrections } from '#app/corrections.server.ts'
import type { FieldChange } from '#core/corrections.ts'

export function DeletedNotice({ corrections, noun }: { corrections: Pick<RecordCorrections, 'deleted'>; noun: string }) {
  const { deleted } = corrections
  if (!deleted) return null
  return (
    <div className="notice notice-error" role="status">
      <p>
        <strong>
          This {noun} was deleted by {deleted.by} on {deleted.at}.
        </strong>
      </p>
      <p style={{ whiteSpace: 'pre-wrap' }}>Reason: {deleted.reason}</p>
    </div>
  )
}

export function CorrectionHistory({ corrections, correctTo, noun }: { corrections: RecordCorrections; correctTo: string; noun: string }) {
  return (
    <>
      {corrections.mayCorrect ? (
        <div className="record-actions">
          <Link to={correctTo} className="button button-secondary" aria-label={`Correct this ${noun}`}>
            Correct
          </Link>
          <Link to={`${correctTo}#delete`} className="button button-secondary" aria-label={`Delete this ${noun}`}>
            Delete
          </Link>
        </div>
      ) : null}
      <h3>History</h3>
      {corrections.history.length === 0 ? (
        <p className="muted">Not corrected since it was submitted.</p>
      ) : (
        <ol className="record-history" aria-label="Corrections">
          {corrections.history.map((h) => (
            <li key={h.id}>
              <strong>{h.action === 'delete' ? 'Deleted' : 'Corrected'}</strong> by {h.by}, {h.at}
              {h.action === 'delete' ? (
                <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>Reason: {h.reason}</p>
              ) : (
                <ul>
                  {h.changes.map((c) => (
                    <li key={c.field}>
                      <ChangeLine change={c} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  )
}

/** History written before empty values were kept as '' holds 'None' for them (decision 0067). */
const isEmpty = (value: string) => value === '' || value === 'None'

/** One field's change: old → new; a value where there was none is added, one taken away removed. */
function ChangeLine({ change }: { change: FieldChange }) {
  if (isEmpty(change.old))
    return (
      <>
        {change.field}: added <ins>{change.new}</ins>
      </>
    )
  if (isEmpty(change.new))
    return (
      <>
        {change.field}: removed <del>{change.old}</del>
      </>
    )
  return (
    <>
      {change.field}: <del>{change.old}</del> → <ins>{change.new}</ins>
    </>
  )
}

/** A list row's mark for a deleted record (the list shows them only when asked: Show deleted). */
export function DeletedTag({ deleted }: { deleted?: boolean }) {
  return deleted ? <span className="tag-deleted">Deleted</span> : null
}
