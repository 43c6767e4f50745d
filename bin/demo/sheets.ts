// Demo service sheets at every stage of their review chain, made through the workflow itself
// (the createServiceSheet command, as the sheet form saves, then approveServiceReview), so the demo shows what real
// use leaves behind: open reviews at each level, approved ones with changes for the next reviewer
// to see, and finished sheets in the tracker. Idempotent: a sheet's submission id derives from a
// fixed key.
import { runCommand, type Actor } from '#commands/command.ts'
import { approveServiceReview } from '#commands/service-reviews.ts'
import { createServiceSheet } from '#commands/service-sheets.ts'
import { existingSheet, reserveSheetNumber } from '#db/queries/service-sheets.ts'
import { daysAgo, demoUuid } from './helpers.ts'
import type { ServiceType } from '#core/enums.ts'
import type { Executor } from '#db/client.server.ts'

interface DemoSheet {
  key: string
  ageDays: number
  /** how many levels are approved: 0 (level 1 open) to 3 (complete) */
  approved: 0 | 1 | 2 | 3
  service: ServiceType[]
  travel: number
  labor: number
  notes: string
}

const SHEETS: readonly DemoSheet[] = [
  { key: 'a', ageDays: 1, approved: 0, service: ['Fan'], travel: 1.5, labor: 2, notes: 'Replaced the V-belt on fan 2 and re-tensioned fan 3.' },
  { key: 'b', ageDays: 2, approved: 0, service: ['Humidifier'], travel: 1, labor: 3.25, notes: 'Cleaned the humidifier nozzles and replaced the pump seal.' },
  { key: 'c', ageDays: 3, approved: 0, service: ['Doors', 'Other'], travel: 0.75, labor: 1.5, notes: 'Adjusted the louvre actuator; door seal needs replacing next visit.' },
  { key: 'd', ageDays: 5, approved: 1, service: ['Panel'], travel: 2, labor: 4, notes: 'Traced the tripping breaker to a failed contactor and replaced it.' },
  { key: 'e', ageDays: 6, approved: 1, service: ['Refer'], travel: 1.25, labor: 2.5, notes: 'Topped up refrigerant; condenser fan motor bearings noisy.' },
  { key: 'f', ageDays: 8, approved: 2, service: ['Cell'], travel: 1, labor: 1, notes: 'Replaced the cell temperature probe in bay 4.' },
  { key: 'g', ageDays: 10, approved: 3, service: ['Pre-Season'], travel: 2.5, labor: 6, notes: 'Pre-season check: all fans, doors, panel and humidifier tested.' },
  { key: 'h', ageDays: 14, approved: 3, service: ['Communications'], travel: 1, labor: 2, notes: 'Replaced the LTE antenna; remote monitoring back online.' },
]

export async function seedDemoSheets(db: Executor, today: Date): Promise<number> {
  const users = await db.selectFrom('users').select(['id', 'username']).where('username', 'in', ['tech', 'reviewer1', 'reviewer2', 'reviewer3']).execute()
  const userId = (name: string) => users.find((u) => u.username === name)?.id
  const tech = users.find((u) => u.username === 'tech')
  const reviewers: Actor[] = ([1, 2, 3] as const).map((level) => ({ id: userId(`reviewer${level}`) ?? 0, username: `reviewer${level}`, is_superuser: false, permissions: [`api.can_review_${level}`] }))
  const storages = await db.selectFrom('storages').select(['id', 'company_id']).where('active', '=', true).orderBy('id').limit(SHEETS.length).execute()
  const parts = await db.selectFrom('parts').select('id').where('active', '=', true).where('is_special', '=', false).orderBy('part_number').limit(2).execute()
  if (!tech || reviewers.some((r) => !r.id) || storages.length === 0 || parts.length < 2) return 0

  let made = 0
  for (const [i, demo] of SHEETS.entries()) {
    const submissionId = demoUuid(`service-sheet:${demo.key}`)
    if (await existingSheet(db, submissionId)) continue
    const storage = storages[i % storages.length]!
    const sheet = await runCommand(db, createServiceSheet, {
      actor: { ...tech, is_superuser: false, permissions: [] },
      key: submissionId,
      input: {
        submission_id: submissionId,
        sheet_number: await reserveSheetNumber(db, tech.id),
        company_id: storage.company_id,
        storage_id: storage.id,
        service_date: daysAgo(today, demo.ageDays),
        po_number: '',
        requested_by: 'Storage manager',
        service_rendered: demo.service,
        other_service: demo.service.includes('Other') ? 'Door seal inspection' : '',
        description: 'Called in by the storage manager.',
        notes: demo.notes,
        travel_hours: demo.travel,
        labor_hours: demo.labor,
        parts: parts.map((p, n) => ({ part_id: p.id, quantity: n + 1, description: '' })),
        images: [],
      },
    })
    made++
    // Each approval changes something, so the next reviewer has something in 'What level N changed'.
    let travel = demo.travel
    let ncLabor = 0
    for (let level = 1 as 1 | 2 | 3; level <= demo.approved; level = (level + 1) as 1 | 2 | 3) {
      const review = await db.selectFrom('service_reviews').select(['id', 'version']).where('service_sheet_id', '=', sheet.id).where('review_level', '=', level).executeTakeFirstOrThrow()
      const lines = await db.selectFrom('service_sheet_parts').select(['id', 'nc1', 'nc2', 'nc3']).where('service_sheet_id', '=', sheet.id).orderBy('id').execute()
      if (level === 1) travel += 0.5
      if (level === 2) ncLabor = 0.5
      await runCommand(db, approveServiceReview, {
        actor: reviewers[level - 1]!,
        key: demoUuid(`service-review:${demo.key}:${level}`),
        input: {
          review_id: review.id,
          intent: 'approve',
          version: review.version,
          travel_hours: travel,
          labor_hours: demo.labor,
          nc_travel: 0,
          nc_labor: ncLabor,
          comments: level === 1 ? 'Travel was longer than written: the county road was closed.' : level === 2 ? 'Half an hour of labor was warranty work.' : '',
          parts: lines.map((l, n) => ({ id: l.id, nc1: l.nc1 || (level === 1 && n === 1), nc2: l.nc2, nc3: l.nc3, removed: false })),
          new_parts: [],
          new_part: '',
          new_description: '',
        },
      })
    }
  }
  return made
}
