// The service lists through their route loaders, against a real database: Completed Service
// Sheets (and one storage's part of it), its detail modal, Available and Completed Reviews (who sees
// which level), the Service Sheet Tracker under both paths; permissions; the lists' own texts.
import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import { createElement, type ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { makeServiceSheet, type MadeSheet } from '#tests/support/service-sheets.ts'
import { parseListParams } from './list-params.ts'

process.env.SESSION_SECRET ??= 'service-lists-test-secret-0123456789'
const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'service-lists-blobs-'))
process.env.STORAGE_DIR = blobDir

let t: TestDatabase
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route's loader, called as Remix calls it
type RouteModule = { loader: (args: any) => Promise<any> }
const routes: Record<string, RouteModule> = {}
const cookies: Record<string, string> = {}
let lists: typeof import('./service-sheet-list.server.ts')
const ids: Record<string, number> = {}
const sheets: Record<'s1' | 's2' | 's3' | 's4' | 's5', MadeSheet> = {} as never

beforeAll(async () => {
  t = await createTestDatabase()
  process.env.DATABASE_URL = t.url
  const db = t.db
  for (const name of ['view-service', 'view-service.$id', 'review-sheets', 'completed-reviews', 'sheet-status', 'sheet-status.$id', 'service-status', 'service-status.$id']) {
    routes[name] = (await import(`../routes/${name}.tsx`)) as RouteModule
  }
  for (const name of ['view-service', 'review-sheets', 'completed-reviews', 'sheet-status', 'service-status']) {
    routes[`${name}.csv`] = (await import(`../routes/${name}[.]csv.ts`)) as RouteModule
  }
  lists = await import('./service-sheet-list.server.ts')
  const { createUser } = await import('#db/queries/users.ts')
  const { startSession } = await import('#app/auth/session.server.ts')
  const users = {
    viewer: ['api.view_servicesheet'],
    r1: ['api.can_review_1'],
    r13: ['api.can_review_1', 'api.can_review_3'],
    r3: ['api.can_review_3'],
    caller: ['api.view_callin'],
    boss: [],
  } as const
  for (const [username, permissions] of Object.entries(users)) {
    const user = await createUser(db, {
      username,
      password: 'long-enough-pw',
      permissions,
      isSuperuser: username === 'boss',
      firstName: username === 'boss' ? 'Carol' : '',
      lastName: username === 'boss' ? 'Jensen' : '',
    })
    ids[username] = user.id
    cookies[username] = (await startSession(db, new Request('http://localhost/'), user.id)).split(';')[0]!
  }

  const [alpha, bravo] = await db
    .insertInto('companies')
    .values([{ company_name: 'Alpha Farms' }, { company_name: 'Bravo Ag' }])
    .returning('id')
    .execute()
  const [alphaMain, alphaNorth, bravoMain] = await db
    .insertInto('storages')
    .values([
      { company_id: alpha!.id, name: 'Main' },
      { company_id: alpha!.id, name: 'North' },
      { company_id: bravo!.id, name: 'Main' }, // a storage name at two growers
    ])
    .returning('id')
    .execute()
  ids.alphaMain = alphaMain!.id
  const job = await db.insertInto('jobs').values({ name: 'J-100', company_id: alpha!.id, storage_id: alphaMain!.id }).returning('id').executeTakeFirstOrThrow()
  const [fanBelt, bearing] = await db
    .insertInto('parts')
    .values([
      { part_number: 'FAN-BLT-B75', description: 'V-belt B75' },
      { part_number: 'FAN-BRG-1716', description: 'Bearing' },
    ])
    .returning('id')
    .execute()
  const tech = (await createUser(db, { username: 'tara', password: 'long-enough-pw', firstName: 'Tara', lastName: 'Tech' })).id
  const at = (company: { id: number }, storage: { id: number }) => ({ company_id: company.id, storage_id: storage.id, created_by: tech, reviewerId: ids.boss })

  sheets.s1 = await makeServiceSheet(db, { ...at(alpha!, alphaMain!), service_date: '2025-01-10', approvedLevels: 3, parts: [{ part_id: fanBelt!.id, quantity: 2 }, { part_id: bearing!.id }] })
  sheets.s2 = await makeServiceSheet(db, { ...at(alpha!, alphaNorth!), service_date: '2025-02-10', approvedLevels: 1, parts: [{ part_id: fanBelt!.id }] })
  sheets.s3 = await makeServiceSheet(db, { ...at(bravo!, bravoMain!), service_date: '2025-03-10', approvedLevels: 2 })
  sheets.s4 = await makeServiceSheet(db, { ...at(alpha!, alphaMain!), job_id: job.id, service_date: '2025-04-10' })
  sheets.s5 = await makeServiceSheet(db, { ...at(bravo!, bravoMain!), service_date: '2025-05-10', service_rendered: ['Other', 'Fan'], other_service: 'Conveyor', calledInAt: '2025-05-01' })

  // s1 as level 3 left it: its own hours, one part non-chargeable, one taken off; an image
  await db.updateTable('service_sheets').set({ travel_hours3: 1.5, nc3_travel: 0.25, nc3_labor: 0.5 }).where('id', '=', sheets.s1.id).execute()
  await db.updateTable('service_sheet_parts').set({ nc3: true }).where('service_sheet_id', '=', sheets.s1.id).where('part_id', '=', fanBelt!.id).execute()
  await db.updateTable('service_sheet_parts').set({ marked_for_deletion3: true }).where('service_sheet_id', '=', sheets.s1.id).where('part_id', '=', bearing!.id).execute()
  const blob = await db
    .insertInto('blobs')
    .values({ id: crypto.randomUUID(), area: 'service', key: 'service/t/fan.png', filename: 'fan.png', content_type: 'image/png', size_bytes: 10 })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.insertInto('service_sheet_images').values({ service_sheet_id: sheets.s1.id, blob_id: blob.id }).execute()
  // s2 is past level 1 only: level 1's NC flag counts, not level 2's work in progress
  await db.updateTable('service_sheet_parts').set({ nc1: true, nc2: false }).where('service_sheet_id', '=', sheets.s2.id).execute()
})

afterAll(async () => {
  const { closeDb } = await import('#db/client.server.ts')
  await closeDb()
  await t.drop()
  fs.rmSync(blobDir, { recursive: true, force: true })
})

interface Answer {
  status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the loader's answer, read as the page reads it
  data?: any
  location?: string | null
}

async function open(route: string, url: string, user?: string, params: Record<string, string> = {}): Promise<Answer> {
  const request = new Request(`http://localhost${url}`, { headers: user ? { cookie: cookies[user]! } : {} })
  try {
    return { status: 200, data: await routes[route]!.loader({ request, params, context: { cspNonce: '', csrfToken: '' } }) }
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location') }
    throw thrown
  }
}

const idsOf = (answer: Answer) => answer.data.list.rows.map((r: { id: number }) => r.id)
const sheetIds = (...names: (keyof typeof sheets)[]) => names.map((n) => sheets[n].id)

describe('Completed Service Sheets', () => {
  it('lists every sheet, whatever its review stage, newest first, with what the table shows', async () => {
    const answer = await open('view-service', '/view-service', 'viewer')
    expect(answer.data.list).toMatchObject({ total: 5, totalPages: 1, sort: 'service_date', order: 'desc' })
    expect(idsOf(answer)).toEqual(sheetIds('s5', 's4', 's3', 's2', 's1'))
    const [s5, s4] = answer.data.list.rows
    expect(s5).toMatchObject({ company_name: 'Bravo Ag', storage_name: 'Main', job_name: null, created_by_name: 'Tara Tech', service_rendered: ['Other', 'Fan'], other_service: 'Conveyor' })
    expect(s4).toMatchObject({ job_name: 'J-100', service_rendered: [] })
    const { serviceText } = await import('#app/components/service-sheet-detail.tsx')
    expect(serviceText(s5)).toBe('Other: Conveyor, Fan')
    expect(serviceText(s4)).toBe('N/A')
    expect(answer.data.storage).toBeNull()
    expect(answer.data.choices.company).toEqual(['Alpha Farms', 'Bravo Ag'])
  })

  it('sorts by sheet number and filters by exact names, an exact number and dates', async () => {
    expect(idsOf(await open('view-service', '/view-service?sort_by=service_sheet_number&order=asc', 'viewer'))).toEqual(sheetIds('s1', 's2', 's3', 's4', 's5'))
    expect(idsOf(await open('view-service', '/view-service?sort_by=company&order=asc', 'viewer'))).toEqual(sheetIds('s1', 's2', 's4', 's3', 's5'))
    expect(idsOf(await open('view-service', '/view-service?filter_by=company&filter_value=alpha+farms', 'viewer'))).toEqual(sheetIds('s4', 's2', 's1'))
    expect(idsOf(await open('view-service', '/view-service?filter_by=storage&filter_value=Main', 'viewer'))).toEqual(sheetIds('s5', 's4', 's3', 's1'))
    expect(idsOf(await open('view-service', '/view-service?filter_by=job&filter_value=J-100', 'viewer'))).toEqual(sheetIds('s4'))
    const number = sheets.s3.service_sheet_number
    expect(idsOf(await open('view-service', `/view-service?filter_by=service_sheet_number&filter_value=${number}`, 'viewer'))).toEqual(sheetIds('s3'))
    expect((await open('view-service', '/view-service?filter_by=service_sheet_number&filter_value=12a', 'viewer')).data.list.total).toBe(0)
    expect(idsOf(await open('view-service', '/view-service?start_date=2025-02-01&end_date=2025-03-10', 'viewer'))).toEqual(sheetIds('s3', 's2'))
  })

  it('is one storage’s list with ?i= (plain or base64): named in the heading, counted on its own', async () => {
    const answer = await open('view-service', `/view-service?i=${ids.alphaMain}`, 'viewer')
    expect(answer.data.storage).toMatchObject({ name: 'Main', company_name: 'Alpha Farms' })
    expect(idsOf(answer)).toEqual(sheetIds('s4', 's1'))
    expect(answer.data.list.total).toBe(2)
    const encoded = Buffer.from(String(ids.alphaMain)).toString('base64')
    expect(idsOf(await open('view-service', `/view-service?i=${encodeURIComponent(encoded)}&sort_by=service_date&order=asc`, 'viewer'))).toEqual(sheetIds('s1', 's4'))
    expect((await open('view-service', '/view-service?i=999999', 'viewer')).status).toBe(404)
    expect((await open('view-service', '/view-service?i=nonsense!', 'viewer')).status).toBe(404)
  })

  it('scopes through the engine: the scoped total is counted, the whole list’s comes from row_counts', async () => {
    const state = parseListParams('', lists.serviceSheetList.spec).state
    const whole = await lists.serviceSheetList.compile(t.db, state)
    expect(whole.count.sql).toContain('row_counts')
    const scoped = await lists.serviceSheetList.compile(t.db, state, { scope: sql<boolean>`ss.storage_id = ${ids.alphaMain}` })
    expect(scoped.count.sql).not.toContain('row_counts')
    expect(scoped.total).toBe(2)
    const page = await lists.loadServiceSheetList(t.db, 'filter_by=job&filter_value=J-100', { storageId: ids.alphaMain })
    expect(page.rows.map((r) => r.id)).toEqual(sheetIds('s4'))
  })

  it('refuses without api.view_servicesheet, and sends the signed-out to /login', async () => {
    expect((await open('view-service', '/view-service', 'caller')).status).toBe(403)
    const signedOut = await open('view-service', '/view-service?i=1', undefined)
    expect(signedOut.status).toBe(302)
    expect(signedOut.location).toBe('/login?redirectTo=%2Fview-service%3Fi%3D1')
  })
})

describe('the service sheet detail', () => {
  it('shows the displayed hours, the parts as the last approved level left them, and image links to the route that checks the viewer', async () => {
    const answer = await open('view-service.$id', `/view-service/${sheets.s1.id}`, 'viewer', { id: String(sheets.s1.id) })
    const sheet = answer.data.sheet
    expect(sheet).toMatchObject({
      company_name: 'Alpha Farms',
      storage_name: 'Main',
      job_name: null,
      requested_by: 'Dale Jensen',
      created_by_name: 'Tara Tech',
      service_sheet_number: sheets.s1.service_sheet_number,
    })
    // level 3's travel, level 3 (= the initial) labor; NC hours are level 3's
    expect(sheet.hours).toEqual({ travel: 1.5, labor: 2, ncTravel: 0.25, ncLabor: 0.5 })
    expect(sheet.parts).toEqual([
      { id: expect.any(Number), part_number: 'FAN-BLT-B75', description: 'V-belt B75', quantity: 2, nc: true, removed: false },
      { id: expect.any(Number), part_number: 'FAN-BRG-1716', description: 'Bearing', quantity: 1, nc: false, removed: true },
    ])
    expect(sheet.images).toEqual([{ id: expect.any(String), filename: 'fan.png', url: `/images/${sheet.images[0]?.id}`, taken_at: null, latitude: null, longitude: null }])
    expect(sheet.levels.map((l: { status: string; reviewed_by_name: string }) => [l.status, l.reviewed_by_name])).toEqual([
      ['approved', 'Carol Jensen'],
      ['approved', 'Carol Jensen'],
      ['approved', 'Carol Jensen'],
    ])
  })

  it('takes the NC flags of the last approved level of a sheet still in review', async () => {
    const sheet = (await open('view-service.$id', `/view-service/${sheets.s2.id}`, 'viewer', { id: String(sheets.s2.id) })).data.sheet
    expect(sheet.parts.map((p: { nc: boolean }) => p.nc)).toEqual([true])
    expect(sheet.levels.map((l: { status: string | null }) => l.status)).toEqual(['approved', 'open', null])
  })

  it('answers 404 for a sheet that does not exist and 403 without the permission', async () => {
    expect((await open('view-service.$id', '/view-service/999999', 'viewer', { id: '999999' })).status).toBe(404)
    expect((await open('view-service.$id', '/view-service/abc', 'viewer', { id: 'abc' })).status).toBe(404)
    expect((await open('view-service.$id', `/view-service/${sheets.s1.id}`, 'r1', { id: String(sheets.s1.id) })).status).toBe(403)
  })
})

describe('Available Reviews', () => {
  const levelsSeen = async (user: string) =>
    (await open('review-sheets', '/review-sheets', user)).data.list.rows.map((r: { service_sheet_id: number; review_level: number }) => [r.service_sheet_id, r.review_level])

  it('shows each reviewer the open reviews of the levels they hold, superusers all', async () => {
    expect(await levelsSeen('r1')).toEqual([
      [sheets.s5.id, 1],
      [sheets.s4.id, 1],
    ])
    expect(await levelsSeen('r13')).toEqual([
      [sheets.s5.id, 1],
      [sheets.s4.id, 1],
      [sheets.s3.id, 3],
    ])
    expect(await levelsSeen('boss')).toEqual([
      [sheets.s5.id, 1],
      [sheets.s4.id, 1],
      [sheets.s3.id, 3],
      [sheets.s2.id, 2],
    ])
    expect((await open('review-sheets', '/review-sheets', 'r1')).data.list.total).toBe(2)
  })

  it('sorts and filters on the review’s copies of its sheet', async () => {
    const byLevel = await open('review-sheets', '/review-sheets?sort_by=review_level&order=desc', 'boss')
    expect(byLevel.data.list.rows.map((r: { review_level: number }) => r.review_level)).toEqual([3, 2, 1, 1])
    const bravo = await open('review-sheets', '/review-sheets?filter_by=company&filter_value=Bravo+Ag', 'boss')
    expect(bravo.data.list.rows.map((r: { company_name: string; storage_name: string }) => [r.company_name, r.storage_name])).toEqual([
      ['Bravo Ag', 'Main'],
      ['Bravo Ag', 'Main'],
    ])
    expect((await open('review-sheets', '/review-sheets?filter_by=job&filter_value=J-100', 'boss')).data.list.rows[0]).toMatchObject({ job_name: 'J-100', service_date: '2025-04-10' })
  })

  it('refuses users who review no level', async () => {
    expect((await open('review-sheets', '/review-sheets', 'viewer')).status).toBe(403)
  })
})

describe('Completed Reviews', () => {
  it('lists the approved reviews of every level, for level-3 reviewers only', async () => {
    const answer = await open('completed-reviews', '/completed-reviews?sort_by=service_date&order=asc', 'r3')
    expect(answer.data.list.total).toBe(6) // the row_counts total less the open reviews
    expect(answer.data.list.rows.map((r: { service_sheet_id: number; review_level: number }) => [r.service_sheet_id, r.review_level])).toEqual([
      [sheets.s1.id, 1],
      [sheets.s1.id, 2],
      [sheets.s1.id, 3],
      [sheets.s2.id, 1],
      [sheets.s3.id, 1],
      [sheets.s3.id, 2],
    ])
    expect((await open('completed-reviews', '/completed-reviews?filter_by=storage&filter_value=North', 'r3')).data.list.total).toBe(1)
    expect((await open('completed-reviews', '/completed-reviews', 'r1')).status).toBe(403)
  })
})

describe('Service Sheet Tracker', () => {
  it('shows each sheet’s levels and submission, newest call-in first, under both paths', async () => {
    const answer = await open('sheet-status', '/sheet-status', 'r1')
    const rows = answer.data.list.rows as {
      service_sheet_id: number
      called_in_at: Date
      review_1_completed: boolean
      review_2_completed: boolean
      review_3_completed: boolean
      submitted_completed: boolean
      submitted_at: Date | null
    }[]
    expect(rows.map((r) => r.service_sheet_id)).toEqual(sheetIds('s4', 's3', 's2', 's1', 's5'))
    const flags = (id: number) => {
      const r = rows.find((row) => row.service_sheet_id === id)!
      return [r.review_1_completed, r.review_2_completed, r.review_3_completed, r.submitted_completed, r.submitted_at !== null]
    }
    expect(flags(sheets.s1.id)).toEqual([true, true, true, true, true])
    expect(flags(sheets.s3.id)).toEqual([true, true, false, false, false])
    expect(flags(sheets.s5.id)).toEqual([false, false, false, false, false])
    expect(rows.at(-1)!.called_in_at.toISOString().slice(0, 10)).toBe('2025-05-01')
    expect(idsOf(await open('service-status', '/service-status', 'r3'))).toEqual(idsOf(answer))
    const number = sheets.s2.service_sheet_number
    expect(
      (await open('sheet-status', `/sheet-status?filter_by=service_sheet_number&filter_value=${number}`, 'r1')).data.list.rows.map((r: { service_sheet_id: number }) => r.service_sheet_id),
    ).toEqual(sheetIds('s2'))
    expect((await open('sheet-status', '/sheet-status?sort_by=service_sheet_number&order=asc', 'r1')).data.list.rows.map((r: { service_sheet_id: number }) => r.service_sheet_id)).toEqual(
      sheetIds('s1', 's2', 's3', 's4', 's5'),
    )
    expect((await open('sheet-status', '/sheet-status', 'viewer')).status).toBe(403)
  })

  it('opens a sheet with who approved each level and when', async () => {
    for (const route of ['sheet-status.$id', 'service-status.$id']) {
      const sheet = (await open(route, `/x/${sheets.s3.id}`, 'r1', { id: String(sheets.s3.id) })).data.sheet
      expect(
        sheet.levels.map((l: { level: number; status: string | null; reviewed_by_name: string | null; reviewed_at: Date | null }) => [l.level, l.status, l.reviewed_by_name, l.reviewed_at !== null]),
      ).toEqual([
        [1, 'approved', 'Carol Jensen', true],
        [2, 'approved', 'Carol Jensen', true],
        [3, 'open', null, false],
      ])
      expect(sheet.submitted_completed).toBe(false)
    }
    expect((await open('sheet-status.$id', `/sheet-status/${sheets.s3.id}`, 'viewer', { id: String(sheets.s3.id) })).status).toBe(403)
  })
})

describe('the lists’ CSV exports', () => {
  /** The CSV's records (none of these fields needs quoting), header first. */
  async function csv(route: string, url: string, user: string): Promise<string[][] | number> {
    const answer = await open(route, url, user)
    if (answer.status !== 200) return answer.status
    return (await (answer.data as Response).text())
      .trim()
      .split('\r\n')
      .map((line) => line.split(','))
  }
  const numbers = (...names: (keyof typeof sheets)[]) => names.map((n) => String(sheets[n].service_sheet_number))

  it('export what each user’s list shows: Available Reviews by the levels they hold', async () => {
    const r1 = (await csv('review-sheets.csv', '/review-sheets.csv', 'r1')) as string[][]
    expect(r1[0]).toEqual(['Date', 'Level', 'Company', 'Storage', 'Job'])
    expect(r1.slice(1)).toEqual([
      ['2025-05-10', '1', 'Bravo Ag', 'Main', ''],
      ['2025-04-10', '1', 'Alpha Farms', 'Main', 'J-100'],
    ])
    expect(((await csv('review-sheets.csv', '/review-sheets.csv?sort_by=review_level&order=desc', 'r13')) as string[][]).slice(1).map((r) => r[1])).toEqual(['3', '1', '1'])
    expect(await csv('review-sheets.csv', '/review-sheets.csv', 'viewer')).toBe(403)
    expect(((await csv('completed-reviews.csv', '/completed-reviews.csv?filter_by=storage&filter_value=nor', 'r3')) as string[][]).slice(1)).toEqual([['2025-02-10', '1', 'Alpha Farms', 'North', '']])
    expect(await csv('completed-reviews.csv', '/completed-reviews.csv', 'r1')).toBe(403)
  })

  it('export one storage’s sheets with ?i=, and refuse a storage that does not exist', async () => {
    const rows = (await csv('view-service.csv', `/view-service.csv?i=${ids.alphaMain}&sort_by=service_date&order=asc`, 'viewer')) as string[][]
    expect(rows[0]).toEqual(['Date', 'Sheet #', 'Company', 'Storage', 'Job', 'Tech', 'Service'])
    expect(rows.slice(1).map((r) => r[1])).toEqual(numbers('s1', 's4'))
    expect(await csv('view-service.csv', '/view-service.csv?i=999999', 'viewer')).toBe(404)
    expect(await csv('view-service.csv', `/view-service.csv?i=${ids.alphaMain}`, 'caller')).toBe(403)
  })

  it('write the tracker’s marks as words, under both paths', async () => {
    for (const route of ['sheet-status.csv', 'service-status.csv']) {
      const rows = (await csv(route, '/sheet-status.csv?sort_by=service_sheet_number&order=asc', 'r1')) as string[][]
      expect(rows[0]).toEqual(['Sheet #', 'Call-in Date', 'R1', 'R2', 'R3', 'Submitted', 'Date'])
      expect(rows.slice(1).map((r) => [r[0], ...r.slice(2, 6)])).toEqual([
        [...numbers('s1'), 'Done', 'Done', 'Done', 'Done'],
        [...numbers('s2'), 'Done', 'Not done', 'Not done', 'Not done'],
        [...numbers('s3'), 'Done', 'Done', 'Not done', 'Not done'],
        [...numbers('s4'), 'Not done', 'Not done', 'Not done', 'Not done'],
        [...numbers('s5'), 'Not done', 'Not done', 'Not done', 'Not done'],
      ])
      expect(rows[5]![6]).toBe('No Date Available')
    }
  })
})

describe('the lists’ texts', () => {
  async function render(element: ReactElement, loader?: () => object): Promise<string> {
    const handler = createStaticHandler([{ path: '/', element, errorElement: element, loader }])
    const context = await handler.query(new Request('http://app.test/'))
    if (context instanceof Response) throw new Error('unexpected redirect')
    return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }))
  }
  const empty = { rows: [], state: parseListParams('', { sortable: ['service_date'], filterable: [], defaultSort: 'service_date' }).state, errors: {}, total: 0, totalPages: 0 }

  it('say there is nothing to show in the spec’s words', async () => {
    const { ReviewList } = await import('#app/components/service-lists.tsx')
    const { default: CompletedServiceSheets } = await import('#app/routes/view-service.tsx')
    const { default: ServiceSheetTracker } = await import('#app/routes/sheet-status.tsx')
    for (const [screen, text] of [
      [CompletedServiceSheets, 'No service sheets available.'],
      [ServiceSheetTracker, 'No service sheets available.'],
    ] as const) {
      expect(await render(createElement(screen), () => ({ list: empty, choices: {}, storage: null }))).toContain(text)
    }
    expect(await render(createElement(ReviewList, { title: 'Available Reviews', list: empty }))).toContain('No reviews available.')
  })

  it('tell a failed review list load as ‘Error fetching reviews’, a refusal as not allowed', async () => {
    const { ListErrorBoundary } = await import('#app/components/list/list-screen.tsx')
    const boundary = createElement(ListErrorBoundary, { message: 'Error fetching reviews' })
    const quiet = console.error
    console.error = () => undefined
    try {
      expect(
        await render(boundary, () => {
          throw new Error('connection refused')
        }),
      ).toContain('Error fetching reviews')
      const refused = await render(boundary, () => {
        throw new Response('Forbidden', { status: 403 })
      })
      expect(refused).toContain('You do not have permission to view this page.')
      expect(refused).not.toContain('Error fetching reviews')
    } finally {
      console.error = quiet
    }
  })
})
