import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { season } from '#core/season.ts'
import { TIMELINE_KINDS } from '#core/storage-timeline.ts'
import { seedStorageHistory } from '../../bin/demo/storage-history.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { checkSeasons, seasonConditions, storageDetail } from './storage-detail.ts'
import { storageTimeline, timelineSeasons } from './storage-timeline.ts'

let t: TestDatabase
let storageId: number
let otherStorage: number

beforeAll(async () => {
  t = await createTestDatabase()
  const userId = (await t.db.insertInto('users').values({ username: 'tech', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id
  const applicatorId = (await t.db.insertInto('applicators').values({ user_id: userId }).returning('id').executeTakeFirstOrThrow()).id
  const owner = (await t.db.insertInto('companies').values({ company_name: 'Acme Farms' }).returning('id').executeTakeFirstOrThrow()).id
  const grower = (await t.db.insertInto('companies').values({ company_name: 'Grower Co' }).returning('id').executeTakeFirstOrThrow()).id
  storageId = (
    await t.db.insertInto('storages').values({ company_id: owner, grower_id: grower, name: 'North Cellar', gps_lat: '43.1234567', gps_lng: '-112.5' }).returning('id').executeTakeFirstOrThrow()
  ).id
  otherStorage = (await t.db.insertInto('storages').values({ company_id: owner, name: 'South Cellar' }).returning('id').executeTakeFirstOrThrow()).id
  // two seasons (2024–25, 2025–26) for North; one season for South, which must never show
  await seedStorageHistory(t.db, storageId, { userId, applicatorId }, { seasons: 2, lastSeason: 2025, checks: 20, calls: 4, sheets: 6, pretreats: 4, photoEvery: 5 })
  await seedStorageHistory(t.db, otherStorage, { userId, applicatorId }, { seasons: 1, lastSeason: 2025, checks: 3, calls: 1, sheets: 1, pretreats: 1 })
})

afterAll(async () => {
  await t?.drop()
})

describe('storage detail reads', () => {
  it('reads the storage with its owner and grower', async () => {
    const s = await storageDetail(t.db, storageId)
    expect(s).toMatchObject({ name: 'North Cellar', owner_name: 'Acme Farms', grower_name: 'Grower Co', active: true })
    expect(await storageDetail(t.db, 999_999)).toBeUndefined()
  })

  it('lists the seasons with checks, newest first, and one season’s readings in date order with its pre-treats', async () => {
    expect(await checkSeasons(t.db, storageId)).toEqual([2025, 2024])
    const { readings, applications } = await seasonConditions(t.db, storageId, season(2025))
    expect(readings.length).toBe(10)
    expect(readings.every((r) => r.date >= '2025-07-01' && r.date < '2026-07-01')).toBe(true)
    expect(readings.map((r) => r.date)).toEqual([...readings.map((r) => r.date)].sort())
    expect(typeof readings[0]!.pile1).toBe('number')
    expect(applications.length).toBe(2)
    expect(applications[0]!.number).toMatch(/^PT-\d\d-\d{6}$/)
  })
})

describe('storage timeline', () => {
  const all = { kinds: TIMELINE_KINDS, photosOf: ['sheet', 'check', 'storage'] as const, season: null, limit: 500 }

  it('holds every kind of this storage only, newest first', async () => {
    const { entries, more } = await storageTimeline(t.db, storageId, all)
    expect(more).toBe(false)
    // 20 checks, 4 photos, 4 calls, 6 sheets, 4 pre-treats, restarts of completed pre-treats with id % 3 = 0
    const counts = Object.fromEntries(TIMELINE_KINDS.map((k) => [k, entries.filter((e) => e.kind === k).length]))
    expect(counts).toMatchObject({ call: 4, sheet: 6, check: 20, pretreat: 4, photo: 4 })
    expect(entries.map((e) => e.date)).toEqual([...entries.map((e) => e.date)].sort().reverse())
    const sheetStates = new Set(entries.filter((e) => e.kind === 'sheet').map((e) => e.state))
    expect(sheetStates).toEqual(new Set(['complete', 'level_1_review', 'level_2_review', 'level_3_review']))
    expect(entries.filter((e) => e.kind === 'photo').every((e) => e.photoOf === 'check' && e.blobId)).toBe(true)
  })

  it('keeps to the season and kinds asked for, and to the limit', async () => {
    const { entries } = await storageTimeline(t.db, storageId, { ...all, kinds: ['check', 'sheet'], season: season(2024) })
    expect(entries.length).toBe(13)
    expect(entries.every((e) => (e.kind === 'check' || e.kind === 'sheet') && e.date >= '2024-07-01' && e.date < '2025-07-01')).toBe(true)
    const limited = await storageTimeline(t.db, storageId, { ...all, limit: 5 })
    expect(limited.entries.length).toBe(5)
    expect(limited.more).toBe(true)
    // pages follow on from each other, and the last says there is no more
    const whole = (await storageTimeline(t.db, storageId, all)).entries
    const second = await storageTimeline(t.db, storageId, { ...all, limit: 5, offset: 5 })
    expect(second.entries).toEqual(whole.slice(5, 10))
    const last = await storageTimeline(t.db, storageId, { ...all, limit: 5, offset: whole.length - 3 })
    expect(last).toEqual({ entries: whole.slice(-3), more: false })
  })

  it('leaves out photos of records the user may not open', async () => {
    const { entries } = await storageTimeline(t.db, storageId, { ...all, kinds: ['photo'], photosOf: ['sheet', 'storage'] })
    expect(entries).toEqual([])
    expect(await storageTimeline(t.db, storageId, { ...all, kinds: [] })).toEqual({ entries: [], more: false })
  })

  it('lists the seasons anything happened in', async () => {
    expect(await timelineSeasons(t.db, storageId, all)).toEqual([2025, 2024])
    expect(await timelineSeasons(t.db, otherStorage, all)).toEqual([2025])
  })
})
