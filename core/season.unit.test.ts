import { describe, expect, it } from 'vitest'
import { parseSeason, season, seasonOf } from './season.ts'

describe('storage seasons (July–June)', () => {
  it('puts July 1 in the season it starts and June 30 in the one before', () => {
    expect(seasonOf('2025-07-01')).toEqual({ year: 2025, label: '2025–26', start: '2025-07-01', end: '2026-07-01' })
    expect(seasonOf('2025-06-30').year).toBe(2024)
    expect(seasonOf('2026-01-15').label).toBe('2025–26')
    expect(seasonOf(new Date('2025-12-31T23:00:00Z')).year).toBe(2025)
  })

  it('names the turn of the century with two digits', () => {
    expect(season(2099).label).toBe('2099–00')
    expect(season(2009).label).toBe('2009–10')
  })

  it('reads a season from the URL only as a four-digit year in the date window', () => {
    expect(parseSeason('2025')?.start).toBe('2025-07-01')
    for (const bad of [null, '', '2025–26', '1e3', '0x10', '-2025', '20255', '0000', '9999', ' 2025']) expect(parseSeason(bad)).toBeNull()
  })
})

describe('timeline kinds from the URL', async () => {
  const { parseKinds } = await import('./storage-timeline.ts')
  it('keeps the asked kinds the user may see, in order; none or only unknown ones mean all allowed', () => {
    expect(parseKinds(['photo', 'call', 'sheet'], ['call', 'check', 'photo'])).toEqual(['call', 'photo'])
    expect(parseKinds([], ['call', 'check'])).toEqual(['call', 'check'])
    expect(parseKinds(['<script>', 'sheet'], ['call', 'check'])).toEqual(['call', 'check'])
  })
})
