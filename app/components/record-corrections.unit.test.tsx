// A record's correction history as the server draws it: a value that was empty before (or after) a
// correction reads as added (or removed), not as 'None' → the new value.
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { RecordCorrections } from '#app/corrections.server.ts'
import { CorrectionHistory } from './record-corrections.tsx'

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")

function history(changes: RecordCorrections['history'][number]['changes']): string {
  const corrections: RecordCorrections = { version: 2, deleted: null, mayCorrect: false, history: [{ id: 1, action: 'correct', at: '2026-12-07 10:00 UTC', by: 'Jill Baird', changes, reason: '' }] }
  return text(renderToString(<CorrectionHistory corrections={corrections} correctTo="/receipt-form?correct=1" noun="receipt" />))
}

describe('a correction history', () => {
  it('tells a value given where there was none as added, one taken away as removed, and a change as old → new', () => {
    const shown = history([
      { field: 'Job', old: '', new: 'Fan repair' },
      { field: 'Event', old: 'Harvest meeting', new: '' },
      { field: 'Total', old: '$14.00', new: '$41.00' },
    ])
    expect(shown).toContain('Job: added Fan repair')
    expect(shown).toContain('Event: removed Harvest meeting')
    expect(shown).toContain('Total: $14.00 → $41.00')
    expect(shown).not.toContain('None')
  })

  it("reads an empty value written by earlier versions ('None') the same way", () => {
    expect(history([{ field: 'Service Sheet', old: 'None', new: '#1042' }])).toContain('Service Sheet: added #1042')
  })
})
