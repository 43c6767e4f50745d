// What was changed on the sheet after its first save (issue 12: reviewers see what the applicator
// changed, old → new, as the service review editor shows what a level changed): every step that
// changed fields, who and when, one line per field. Read from the history's details.changes
// (db/queries/pretreat-review.ts sheetEdits). Until the sheet is first submitted, a field filled
// where it was empty is its first filling, not a change; a value replaced or cleared is one, at a
// save or at the submit; after the first submit (a Send Back and the fix, a reviewer's correction)
// every change is (issue 38, item 29: the first step with changes was dropped whole, so a demo
// sheet's resubmit, or a sheet filled and submitted at once, showed none).
import { formatDate } from '#core/formats.ts'
import { REQUIRED_FIELDS } from '#core/pretreat-sheet.ts'

export interface SheetEditView {
  at: string
  by: string
  /** the history's event: 'SAVE', 'SUBMIT', a review's step */
  event: string
  changes: Record<string, [string, string]>
}

/** The edits a reviewer is shown (see the top of this file): first fillings before the first submit left out. */
export function changesShown(edits: readonly SheetEditView[]): SheetEditView[] {
  let submitted = false
  const shown: SheetEditView[] = []
  for (const edit of edits) {
    const changes = submitted ? edit.changes : Object.fromEntries(Object.entries(edit.changes).filter(([, [from]]) => from !== ''))
    if (Object.keys(changes).length > 0) shown.push({ ...edit, changes })
    if (edit.event === 'SUBMIT') submitted = true
  }
  return shown
}

const TRIOS: Record<string, string> = { temps1: 'Pile Temp 1', temps2: 'Pile Temp 2', storage_temp: 'Storage Temp' }
const SINGLE = Object.fromEntries(REQUIRED_FIELDS.filter((f) => f.names.length === 1).map((f) => [f.names[0]!, f.label]))

/** 'weather' → 'Weather', 'temps1_front' → 'Pile Temp 1 Front', 'chemicals[0].quantity_used' → 'Quantity Used (line 1)'. */
export function fieldLabel(name: string): string {
  const line = /^chemicals\[(\d+)\]\.quantity_used$/.exec(name)
  if (line) return `Quantity Used (line ${Number(line[1]) + 1})`
  const trio = /^(temps1|temps2|storage_temp)_(front|middle|back)$/.exec(name)
  if (trio) return `${TRIOS[trio[1]!]} ${trio[2]![0]!.toUpperCase()}${trio[2]!.slice(1)}`
  if (name === 'ducts_open_other') return 'Ducts Open (Other)'
  return SINGLE[name] ?? name.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())
}

const shown = (value: string) => (value === '' ? '(empty)' : value)

export function SheetEdits({ edits }: { edits: readonly SheetEditView[] }) {
  const later = changesShown(edits)
  return (
    <section className="sheet-section sheet-edits" aria-labelledby="pt-what-changed">
      <h2 id="pt-what-changed">What changed after the first save</h2>
      {later.length === 0 ? (
        <p>Nothing was changed after the first save.</p>
      ) : (
        later.map((edit, i) => (
          <div key={i}>
            <p>
              <strong>{edit.by}</strong>, {formatDate(edit.at)} {edit.at.slice(11, 16)} UTC
            </p>
            <ul>
              {Object.entries(edit.changes).map(([name, [from, to]]) => (
                <li key={name}>
                  {fieldLabel(name)}: {shown(from)} → {shown(to)}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  )
}
