import { describe, expect, it } from 'vitest'
import type { DoseWarning } from './season-check.ts'
import { seasonReasonDetail, seasonReasonHeading, seasonReasonRequired, storedSeasonReasons, unansweredWarnings } from './season-reasons.ts'

const seed: DoseWarning = { kind: 'seed', message: 'CIPC is not for seed potatoes, and this storage holds seed.' }
const rate16: DoseWarning = { kind: 'rate', message: "CIPC is over the label's limit: 16 ppm planned, the label allows at most 12 ppm per application." }
const rate25: DoseWarning = { kind: 'rate', message: "CIPC is over the label's limit: 25 ppm planned, the label allows at most 12 ppm per application." }

describe('unansweredWarnings', () => {
  it('leaves out the warnings answered word for word, and keeps one whose figures moved', () => {
    expect(unansweredWarnings([seed, rate16], [seed, rate16])).toEqual([])
    expect(unansweredWarnings([seed, rate25], [seed, rate16])).toEqual([rate25])
    expect(unansweredWarnings([seed], [])).toEqual([seed])
    expect(unansweredWarnings([], [seed])).toEqual([])
    // the same words under another kind are another warning
    expect(unansweredWarnings([{ kind: 'total', message: seed.message }], [seed])).toHaveLength(1)
  })
  it('names every warning in the refusal', () => {
    expect(seasonReasonRequired([seed, rate25])).toBe(`The season check found what no reason answers yet: ${seed.message} ${rate25.message} Give a reason to go on anyway.`)
  })
})

describe('reading stored reasons', () => {
  it('reads a history row’s detail, and nothing that is not one', () => {
    expect(seasonReasonDetail({ reason: 'Sold for chips.', warnings: [seed, 'junk'] })).toEqual({ reason: 'Sold for chips.', warnings: [seed] })
    expect(seasonReasonDetail({ reason: '', warnings: [seed] })).toBeNull()
    expect(seasonReasonDetail('text')).toBeNull()
    expect(seasonReasonDetail(null)).toBeNull()
  })
  it('keeps the record’s reasons that are whole, and drops the rest', () => {
    const good = { step: 'ASSIGN', by: 'Asa Test', at: '2026-11-23T15:04:05.000Z', reason: 'Sold for chips.', warnings: [seed.message] }
    expect(storedSeasonReasons([good, { ...good, step: 'LAUNCH' }, { ...good, warnings: [1] }, 'x'])).toEqual([good])
    expect(storedSeasonReasons({})).toEqual([])
  })
  it('heads each reason with where, who and when', () => {
    expect(seasonReasonHeading({ step: 'ASSIGN', by: 'Asa Test', at: '2026-11-23T15:04:05.000Z' })).toBe('When assigned, Asa Test, 2026-11-23 15:04 UTC')
    expect(seasonReasonHeading({ step: 'form', by: null, at: null })).toBe('On the pre-treat form')
  })
})
