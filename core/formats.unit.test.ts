import { describe, expect, it } from 'vitest'
import { NO_DATE, formatDate, formatFileSize, formatGps, isIsoDate, mdyToIso, parseDateInput, parseGps } from './formats.ts'

describe('dates', () => {
  it('shows a date as yyyy-mm-dd', () => {
    expect(formatDate('2025-03-07')).toBe('2025-03-07')
    expect(formatDate('03/07/2025')).toBe('2025-03-07')
  })

  it("shows 'No Date Available' when the date is missing or unreadable", () => {
    expect(NO_DATE).toBe('No Date Available')
    expect(formatDate(null)).toBe(NO_DATE)
    expect(formatDate(undefined)).toBe(NO_DATE)
    expect(formatDate('')).toBe(NO_DATE)
    expect(formatDate('soon')).toBe(NO_DATE)
    expect(formatDate('2025-02-30')).toBe(NO_DATE)
    expect(formatDate(new Date(Number.NaN))).toBe(NO_DATE)
  })

  it('shows a timestamp as its calendar date in the given time zone', () => {
    const lateEvening = new Date('2025-03-08T05:30:00Z') // 22:30 on the 7th in Boise
    expect(formatDate(lateEvening)).toBe('2025-03-08')
    expect(formatDate(lateEvening, 'America/Boise')).toBe('2025-03-07')
    expect(formatDate('2025-03-08T05:30:00Z', 'America/Boise')).toBe('2025-03-07')
  })

  it('converts month/day/year to yyyy-mm-dd', () => {
    expect(mdyToIso('3/7/2025')).toBe('2025-03-07')
    expect(mdyToIso('03-07-2025')).toBe('2025-03-07')
    expect(mdyToIso('02/29/2024')).toBe('2024-02-29')
    expect(mdyToIso('02/29/2025')).toBeNull()
    expect(mdyToIso('13/01/2025')).toBeNull()
    expect(mdyToIso('2025-03-07')).toBeNull()
  })

  it('accepts either spelling from a person and refuses impossible dates', () => {
    expect(parseDateInput(' 2025-12-31 ')).toBe('2025-12-31')
    expect(parseDateInput('12/31/2025')).toBe('2025-12-31')
    expect(parseDateInput('2025-04-31')).toBeNull()
    expect(parseDateInput('1900-02-29')).toBeNull()
    expect(parseDateInput('2000-02-29')).toBe('2000-02-29')
    expect(isIsoDate('2025-1-5')).toBe(false)
  })
})

describe('GPS', () => {
  it('shows two numbers with six decimals', () => {
    expect(formatGps(43.6, -116.2)).toBe('43.600000, -116.200000')
    expect(formatGps('43.6150001', '-116.2023')).toBe('43.615000, -116.202300')
  })
  it('shows nothing when a coordinate is missing', () => {
    expect(formatGps(null, -116.2)).toBeNull()
    expect(formatGps('', '1')).toBeNull()
    expect(formatGps('x', '1')).toBeNull()
  })
  it('reads typed coordinates in range', () => {
    expect(parseGps('43.6, -116.2')).toEqual({ lat: 43.6, lng: -116.2 })
    expect(parseGps('43.6 -116.2')).toEqual({ lat: 43.6, lng: -116.2 })
    expect(parseGps('91, 0')).toBeNull()
    expect(parseGps('1, 2, 3')).toBeNull()
    expect(parseGps('1e2, 3')).toBeNull()
  })
})

describe('formatFileSize', () => {
  it('uses binary units', () => {
    expect(formatFileSize(0)).toBe('0 B')
    expect(formatFileSize(1023)).toBe('1023 B')
    expect(formatFileSize(1024)).toBe('1.0 KiB')
    expect(formatFileSize(1536)).toBe('1.5 KiB')
    expect(formatFileSize(5 * 2 ** 20)).toBe('5.0 MiB')
    expect(formatFileSize(3.25 * 2 ** 30)).toBe('3.3 GiB')
    expect(formatFileSize(2 ** 40)).toBe('1.0 TiB')
    expect(formatFileSize(2048 * 2 ** 40)).toBe('2048.0 TiB')
  })
  it('never shows 1024 of a unit', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1.0 MiB')
  })
  it('shows nothing for an impossible size', () => {
    expect(formatFileSize(-1)).toBe('')
    expect(formatFileSize(Number.NaN)).toBe('')
    expect(formatFileSize(null)).toBe('')
  })
})
