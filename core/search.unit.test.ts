// What the search box accepts (issue 24): a query is searched only with 3 letters or digits in a
// row (fewer would read every row), bounded, and without control characters; each refusal says why.
import { describe, expect, it } from 'vitest'
import { countText, MAX_QUERY_LENGTH, parseSearchKind, parseSearchQuery, SEARCH_TEXTS } from './search.ts'

describe('parseSearchQuery', () => {
  it('trims and collapses spaces', () => {
    expect(parseSearchQuery('  Snake   River ')).toEqual({ ok: true, q: 'Snake River' })
    expect(parseSearchQuery('Zoë')).toEqual({ ok: true, q: 'Zoë' })
    expect(parseSearchQuery('#481')).toEqual({ ok: true, q: '#481' })
  })

  it('says why it does not search', () => {
    expect(parseSearchQuery(null)).toMatchObject({ ok: false, message: SEARCH_TEXTS.empty })
    expect(parseSearchQuery('   ')).toMatchObject({ ok: false, message: SEARCH_TEXTS.empty })
    expect(parseSearchQuery('ab')).toMatchObject({ ok: false, message: SEARCH_TEXTS.short })
    expect(parseSearchQuery('a b c d')).toMatchObject({ ok: false, message: SEARCH_TEXTS.short })
    expect(parseSearchQuery('%%%_')).toMatchObject({ ok: false, message: SEARCH_TEXTS.short })
    expect(parseSearchQuery('x'.repeat(MAX_QUERY_LENGTH + 1))).toMatchObject({ ok: false, message: SEARCH_TEXTS.long })
    expect(parseSearchQuery('abc\u0000')).toMatchObject({ ok: false, q: '', message: SEARCH_TEXTS.control })
    expect(parseSearchQuery('abc\ndef')).toMatchObject({ ok: false, message: SEARCH_TEXTS.control })
  })

  it('reads a kind and a count', () => {
    expect(parseSearchKind('sheets')).toBe('sheets')
    expect(parseSearchKind('toString')).toBeNull()
    expect(countText(3)).toBe('3')
    expect(countText(101)).toBe('100+')
  })
})
