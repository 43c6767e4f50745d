import { describe, expect, it } from 'vitest'
import { clampPage, pageCount, pageWindow } from './pagination.ts'

describe('pageWindow', () => {
  it('shows every page up to seven', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it('shows nothing when there are no pages', () => {
    expect(pageWindow(1, 0)).toEqual([])
  })

  it('shows the first three, the last three and the pages around the current one', () => {
    expect(pageWindow(10, 20)).toEqual([1, 2, 3, 'gap', 9, 10, 11, 'gap', 18, 19, 20])
  })

  it('merges the window into an edge when they touch', () => {
    expect(pageWindow(1, 8)).toEqual([1, 2, 3, 'gap', 6, 7, 8])
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 18, 19, 20])
    expect(pageWindow(17, 20)).toEqual([1, 2, 3, 'gap', 16, 17, 18, 19, 20])
    expect(pageWindow(20, 20)).toEqual([1, 2, 3, 'gap', 18, 19, 20])
  })

  it('marks a gap even when only one page is skipped', () => {
    // page 4 alone is skipped: a gap, not a number outside the rule
    expect(pageWindow(6, 20)).toEqual([1, 2, 3, 'gap', 5, 6, 7, 'gap', 18, 19, 20])
  })

  it('clamps a current page outside the range', () => {
    expect(pageWindow(99, 20)).toEqual(pageWindow(20, 20))
    expect(pageWindow(-3, 20)).toEqual(pageWindow(1, 20))
  })

  it('stays short at a million pages', () => {
    expect(pageWindow(500_000, 1_000_000)).toEqual([1, 2, 3, 'gap', 499_999, 500_000, 500_001, 'gap', 999_998, 999_999, 1_000_000])
  })
})

describe('clampPage', () => {
  it('keeps a page inside 1..last', () => {
    expect(clampPage(5, 3)).toBe(3)
    expect(clampPage(0, 3)).toBe(1)
    expect(clampPage(2, 3)).toBe(2)
  })
  it('answers 1 when there are no pages or no number', () => {
    expect(clampPage(4, 0)).toBe(1)
    expect(clampPage(Number.NaN, 10)).toBe(1)
  })
})

describe('pageCount', () => {
  it('rounds up and is 0 for no rows', () => {
    expect(pageCount(0, 10)).toBe(0)
    expect(pageCount(1, 10)).toBe(1)
    expect(pageCount(10, 10)).toBe(1)
    expect(pageCount(11, 10)).toBe(2)
    expect(pageCount(1_000_000, 10)).toBe(100_000)
  })
})
