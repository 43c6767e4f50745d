import { describe, expect, it } from 'vitest'
import {
  afterChecklistSave,
  afterRefusal,
  afterSave,
  differingFields,
  isUnsynced,
  isWaiting,
  keepMine,
  sameValues,
  sheetIdOf,
  shortTime,
  shouldRestore,
  statusText,
  takeServers,
  valuesOf,
  waitingText,
  withChecklistEdit,
  withEdit,
  withQueuedChecklist,
  withQueuedSubmit,
  waitsWhenClosed,
  type FormValues,
} from './draft-record.ts'

const base = { userId: 7, draftKey: 'pretreat:12', baseVersion: 3 }
const t = (minute: number) => new Date(2026, 10, 23, 10, minute)
const edited = (values: FormValues = { pile_front: 'Dry' }, at = t(0)) => withEdit(undefined, base, values, at)

describe('a draft on this device', () => {
  it('keeps the user’s values, not the form’s own hidden fields', () => {
    expect(
      valuesOf([
        ['csrf', 'x'],
        ['version', '3'],
        ['submission_id', 'u'],
        ['intent', 'save'],
        ['pile_front', 'Dry'],
        ['batch_numbers', ''],
      ]),
    ).toEqual({ pile_front: 'Dry', batch_numbers: '' })
  })

  it('a new edit is not on the server yet, and is restored over the page’s copy', () => {
    const draft = edited()
    expect(draft.key).toBe('7:pretreat:12')
    expect(isUnsynced(draft)).toBe(true)
    expect(shouldRestore(draft, 3)).toBe(true)
  })

  it('once the server took it, the page’s copy is as new: no restore; a page older than the last sync restores', () => {
    const draft = edited()
    const saved = afterSave(draft, { values: draft.values, savedLocallyAt: draft.savedLocallyAt }, { version: 4, savedAt: t(1).toISOString() })
    expect(isUnsynced(saved)).toBe(false)
    expect(saved.baseVersion).toBe(4)
    expect(shouldRestore(saved, 4)).toBe(false)
    expect(shouldRestore(saved, 3)).toBe(true)
    expect(shouldRestore(undefined, 3)).toBe(false)
  })

  it('an edit typed while a save was on its way stays unsynced', () => {
    const draft = edited()
    const sent = { values: draft.values, savedLocallyAt: draft.savedLocallyAt }
    const later = withEdit(draft, base, { pile_front: 'Wet' }, t(1))
    const saved = afterSave(later, sent, { version: 4, savedAt: t(2).toISOString() })
    expect(isUnsynced(saved)).toBe(true)
    expect(saved.values).toEqual({ pile_front: 'Wet' })
    expect(saved.baseVersion).toBe(4)
  })

  it('a queued submit is unsynced until sent, and survives further edits', () => {
    const draft = edited()
    const synced = afterSave(draft, { values: draft.values, savedLocallyAt: draft.savedLocallyAt }, { version: 4, savedAt: t(1).toISOString() })
    const queued = withQueuedSubmit(synced, 'uuid-1')
    expect(isUnsynced(queued)).toBe(true)
    expect(withEdit(queued, base, { pile_front: 'Damp' }, t(2)).pendingSubmit).toEqual({ submissionId: 'uuid-1' })
  })
})

describe('what waits to be sent (issue 19, items 12 and 32)', () => {
  it('a queued submit or a checklist saved with no signal waits; the top bar counts them', () => {
    const draft = edited()
    expect(isWaiting(draft)).toBe(false)
    expect(isWaiting(withQueuedSubmit(draft, 'uuid-1'))).toBe(true)
    expect(waitingText(1)).toBe('1 waiting to send')
    expect(sheetIdOf('pretreat:12')).toBe(12)
    expect(sheetIdOf('pretreat:12:checklist')).toBeNull()
  })

  it('a checklist typed on a sheet with no draft keeps the sheet as the page shows it, taken as the server’s', () => {
    const typed = withChecklistEdit(undefined, base, { pile_front: 'Dry' }, { inverter: 'yes' }, t(1))
    expect(typed.values).toEqual({ pile_front: 'Dry' })
    expect(typed.checklist).toEqual({ values: { inverter: 'yes' }, savedLocallyAt: t(1).toISOString() })
    // typed, not saved: kept for the page, nothing waits
    expect(isUnsynced(typed)).toBe(false)
    const kept = withQueuedChecklist(typed)
    expect(isWaiting(kept)).toBe(true)
    expect(isUnsynced(kept)).toBe(true)
    // a later sheet edit keeps the checklist
    expect(withEdit(kept, base, { pile_front: 'Wet' }, t(2)).checklist?.queued).toBe(true)
  })

  it('saved by the server: the copy here goes, unless changed meanwhile (then typed, no longer queued)', () => {
    const kept = withQueuedChecklist(withChecklistEdit(undefined, base, {}, { inverter: 'yes' }, t(1)))
    expect(afterChecklistSave(kept, t(1).toISOString()).checklist).toBeUndefined()
    const changed = withChecklistEdit(kept, base, {}, { inverter: 'no' }, t(2))
    expect(afterChecklistSave(changed, t(1).toISOString()).checklist).toEqual({ values: { inverter: 'no' }, savedLocallyAt: t(2).toISOString() })
  })

  it('refused: nothing waits any more (the submit neither, when the checklist was refused) and the message is kept for the sheet', () => {
    const both = withQueuedSubmit(withQueuedChecklist(withChecklistEdit(undefined, base, {}, { inverter: 'yes' }, t(1))), 'uuid-1')
    const checklistRefused = afterRefusal(both, 'checklist', 'Final checklist is incomplete.')
    expect(isWaiting(checklistRefused)).toBe(false)
    expect(checklistRefused.refusal).toBe('Final checklist is incomplete.')
    expect(checklistRefused.checklist?.values).toEqual({ inverter: 'yes' })
    const sheetRefused = afterRefusal(withQueuedSubmit(edited(), 'uuid-2'), 'sheet', 'Missing required fields: Truck')
    expect(sheetRefused.pendingSubmit).toBeUndefined()
    expect(sheetRefused.refusal).toBe('Missing required fields: Truck')
  })

  it('with the sheet closed, its edits the server has not taken go too (decision 0060), unless refused as they stand', () => {
    const draft = edited()
    expect(waitsWhenClosed(draft)).toBe(true)
    const saved = afterSave(draft, { values: draft.values, savedLocallyAt: draft.savedLocallyAt }, { version: 4, savedAt: t(1).toISOString() })
    expect(waitsWhenClosed(saved)).toBe(false)
    expect(waitsWhenClosed(withEdit(saved, base, { pile_front: 'Wet' }, t(2)))).toBe(true)
    expect(waitsWhenClosed(afterRefusal(draft, 'sheet', 'You do not have permission to do that.'))).toBe(false)
    // a queued submit waits whatever the refusal before it
    expect(waitsWhenClosed(withQueuedSubmit(afterRefusal(draft, 'sheet', 'No.'), 'uuid-3'))).toBe(true)
  })
})

describe('a conflict with the server', () => {
  it('lists only the sheet’s fields that differ (the server copy names them), an absent field read as empty', () => {
    expect(differingFields({ a: '1', b: '2', c: '', _enhanced: '1' }, { a: '1', b: '3', d: 'x', version: '9' })).toEqual([
      { name: 'b', mine: '2', server: '3' },
      { name: 'd', mine: '', server: 'x' },
    ])
  })

  it('"Keep mine" sends the device’s values on the server’s version', () => {
    const mine = keepMine(edited({ a: '1' }), 5)
    expect(mine.values).toEqual({ a: '1' })
    expect(mine.baseVersion).toBe(5)
    expect(isUnsynced(mine)).toBe(true)
  })

  it('"Use the server’s" takes the server copy and keeps the device’s values aside until a save succeeds', () => {
    const theirs = takeServers(edited({ a: '1' }), { values: { a: '2' }, version: 5 }, t(3))
    expect(theirs.values).toEqual({ a: '2' })
    expect(theirs.aside).toEqual({ a: '1' })
    expect(theirs.baseVersion).toBe(5)
    expect(isUnsynced(theirs)).toBe(false)
    const saved = afterSave(theirs, { values: theirs.values, savedLocallyAt: theirs.savedLocallyAt }, { version: 6, savedAt: t(4).toISOString() })
    expect(saved.aside).toBeUndefined()
  })
})

describe('the status line', () => {
  it('reads the issue’s texts', () => {
    expect(statusText('online', new Date(2026, 10, 23, 9, 5))).toBe('Online — saved at 09:05')
    expect(statusText('offline', new Date())).toBe('Offline — saved on this device')
    expect(statusText('failed', new Date())).toBe('Sync failed — will retry')
    expect(statusText('online', null)).toBe('Online')
  })
})

describe('comparing values', () => {
  it('ignores the order of the names', () => {
    expect(sameValues({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true)
    expect(sameValues({ a: '1' }, { a: '1', b: '' })).toBe(false)
    expect(sameValues({ a: '1' }, { a: '2' })).toBe(false)
  })
})

describe('shortTime', () => {
  it('gives the time alone for today, and the day before it for another day', () => {
    const now = new Date(2026, 10, 26, 15, 0)
    const today = shortTime(new Date(2026, 10, 26, 14, 5).toISOString(), now)
    const earlier = shortTime(new Date(2026, 10, 25, 14, 5).toISOString(), now)
    expect(today).toMatch(/14:05|2:05/)
    expect(earlier).toContain(today)
    expect(earlier).toMatch(/25/)
    expect(earlier).not.toBe(today)
  })
})
