// Demo pre-treats (issues 11 and 12): a handful on every list, so each demo user who may see the
// pre-treat screens sees something: two staged, two scheduled without an applicator, one assigned to
// the demo applicator (Cody Hansen) and one to the technician (Luis Ortega, licence expiring soon),
// one in progress, one to review (for ptreview1), one reviewed once (to-review1, for ptreview2),
// four completed (different growers and products, one with a billable company) and one void with
// its notes. Each is made and walked through the workflow (createPretreat, runPretreatStep) in its
// own transaction, as the screens do, so every step has its history row. A submitted sheet has its
// fields, its final checklist and its restart (pending while in review; a completed pre-treat's
// restart completed by its applicator); a completed one has its price lines (one per company) and
// its application record. Safe to run again: a pre-treat is found by its submission id, and one made
// by an older demo gets what it lacks (checklist, restart, prices) without being made again.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { savePretreatFlags } from '#db/queries/pretreat-workflow.ts'
import { openRestart } from '#db/queries/restarts.ts'
import { FINAL_CHECKLIST_ITEMS } from '#core/enums.ts'
import { quantityFor } from '#core/pretreat-quantities.ts'
import { keepApplicationRecord } from '#workflows/application-record.server.ts'
import type { PretreatStepEvent } from '#workflows/pretreat.machine.ts'
import { createPretreat, runPretreatStep } from '#workflows/pretreat.server.ts'
import { daysAgo, demoUuid } from './helpers.ts'

type Stage = 'staged' | 'scheduled' | 'assigned' | 'in-progress' | 'to-review' | 'to-review1' | 'completed'
const ORDER: Stage[] = ['staged', 'scheduled', 'assigned', 'in-progress', 'to-review', 'to-review1', 'completed']

interface DemoPretreat {
  key: string
  stage: Stage
  storage: string
  cwt: number
  /** days before today it was made */
  age: number
  /** 'applicator' or 'tech' (their applicator row) */
  assignTo?: 'applicator' | 'tech'
  /** days from today the treatment is planned (negative: done) */
  applicationIn?: number
  voidNotes?: string
  destination: string
  notes: string
  /** the application's name (default: the first one with an active product) */
  application?: string
  /** billable companies besides the owner */
  billTo?: string[]
}

const DEMO: readonly DemoPretreat[] = [
  { key: 'staged-1', stage: 'staged', storage: 'Home Place Cellar', cwt: 120000, age: 2, destination: 'Lamb Weston', notes: 'Wait for the pile to cure; grower will call when ready.' },
  { key: 'staged-2', stage: 'staged', storage: 'North Cellar', cwt: 85000, age: 1, destination: 'Simplot', notes: 'Fresh pack: check the label limits before scheduling.' },
  {
    key: 'scheduled-1',
    stage: 'scheduled',
    storage: 'Riverton Road #1',
    cwt: 96000,
    age: 6,
    applicationIn: 5,
    destination: 'Lamb Weston',
    notes: 'Fog through the main plenum; fans off 24 hours after.',
  },
  { key: 'scheduled-2', stage: 'scheduled', storage: 'Baseline Road Storage', cwt: 150000, age: 4, destination: 'McCain Foods', notes: 'Gate code at the shop. Two plenums.' },
  {
    key: 'assigned-applicator',
    stage: 'assigned',
    storage: 'Ridge Cellar A',
    cwt: 110000,
    age: 8,
    assignTo: 'applicator',
    applicationIn: 2,
    destination: 'Simplot',
    notes: 'Second application of the season.',
  },
  {
    key: 'assigned-tech',
    stage: 'assigned',
    storage: 'Kimberly Road Cellar',
    cwt: 64000,
    age: 7,
    assignTo: 'tech',
    applicationIn: 3,
    destination: 'Idahoan Foods',
    notes: 'Reds: keep the doors closed during the application.',
  },
  {
    key: 'in-progress',
    stage: 'in-progress',
    storage: 'Shelley Cellar 1',
    cwt: 132000,
    age: 10,
    assignTo: 'applicator',
    applicationIn: 0,
    destination: 'Lamb Weston',
    notes: 'Start at the east plenum.',
  },
  {
    key: 'to-review',
    stage: 'to-review',
    storage: 'Parker Cellar',
    cwt: 78000,
    age: 16,
    assignTo: 'applicator',
    applicationIn: -3,
    destination: 'Basic American Foods',
    notes: 'Seed storage: sanitize boots on entry.',
  },
  {
    key: 'to-review1',
    stage: 'to-review1',
    storage: 'Acequia Cellar',
    cwt: 88000,
    age: 20,
    assignTo: 'applicator',
    applicationIn: -6,
    destination: 'Lamb Weston',
    notes: 'Restart the fans 24 hours after the application.',
  },
  {
    key: 'completed',
    stage: 'completed',
    storage: 'Sugar City Storage',
    cwt: 101000,
    age: 40,
    assignTo: 'applicator',
    applicationIn: -30,
    destination: 'Simplot',
    notes: 'First application of the season.',
  },
  {
    key: 'completed-2',
    stage: 'completed',
    storage: 'Hansen Storage',
    cwt: 72500,
    age: 55,
    assignTo: 'tech',
    applicationIn: -48,
    destination: 'Idahoan Foods',
    application: 'SmartBlock Hot Fog',
    billTo: ['Minidoka Growers'],
    notes: 'Shared crop: Minidoka Growers pays its share. Restart the fans after 24 hours.',
  },
  {
    key: 'completed-3',
    stage: 'completed',
    storage: 'Aberdeen Cellar',
    cwt: 64000,
    age: 70,
    assignTo: 'applicator',
    applicationIn: -62,
    destination: 'McCain Foods',
    application: 'Jet-Ag Bacteria Fog',
    notes: 'Bacteria treatment after soft rot in the back bay.',
  },
  {
    key: 'completed-4',
    stage: 'completed',
    storage: 'Firth Storage',
    cwt: 118000,
    age: 95,
    assignTo: 'applicator',
    applicationIn: -88,
    destination: 'Lamb Weston',
    application: '1,4SIGHT Thermal',
    notes: 'Restart on remote; the grower checks the panel.',
  },
  {
    key: 'void',
    stage: 'scheduled',
    storage: 'Declo Storage',
    cwt: 90000,
    age: 12,
    destination: 'McCain Foods',
    notes: 'Planned before the crop was sold.',
    voidNotes: 'Grower sold the crop before treatment; called off.',
  },
]

/** The sheet's fields an applicator fills in: plausible values for a started or submitted sheet. */
function sheetFields(truckId: number | null, i: number) {
  return {
    batch_numbers: `B-${4410 + i}, B-${4411 + i}`,
    sampled_by: 'Cody Hansen',
    truck_id: truckId,
    start_time: '08:30',
    stop_time: '13:45',
    pile_front: 'Dry' as const,
    pile_middle: 'Dry' as const,
    pile_back: 'Damp' as const,
    sprouting: 'Eyes Open' as const,
    pile_comments: 'Pile settled; a little condensation at the back wall.',
    temps1_front: 46.5,
    temps1_middle: 47,
    temps1_back: 47.5,
    set_point: 46,
    ducts_open: 'All Open' as const,
    ducts_condition: 'Dry' as const,
    storage_temp_front: 46,
    storage_temp_middle: 46.5,
    storage_temp_back: 47,
    bypass_door: 'Closed' as const,
    coils_covered: true,
    cell_covered: true,
    env_temp: 38,
    weather: 'Clear' as const,
    wind_speed: 6,
    wind_direction: 'NW' as const,
    env_comments: 'Calm morning.',
  }
}

/** The final checklist of a submitted demo sheet: every item checked, a 15-minute purge. */
async function writeChecklist(trx: Executor, pretreatId: number, userId: number): Promise<void> {
  const yes = Object.fromEntries(FINAL_CHECKLIST_ITEMS.map((item) => [item, true])) as Record<(typeof FINAL_CHECKLIST_ITEMS)[number], boolean>
  await trx
    .insertInto('final_checklists')
    .values({ pretreat_id: pretreatId, ...yes, purge_time: 15, barrel_temp: 180, completed_by: userId })
    .onConflict((oc) => oc.column('pretreat_id').doNothing())
    .execute()
}

/** One price line per company (the owner first, then the billable ones): the cwt split evenly, the remainder to the owner, at the application's base price. */
async function writePrices(trx: Executor, pretreatId: number): Promise<void> {
  if (await trx.selectFrom('pretreat_prices').select('company_id').where('pretreat_id', '=', pretreatId).executeTakeFirst()) return
  const pt = await trx
    .selectFrom('pretreats as p')
    .innerJoin('applications as ap', 'ap.id', 'p.application_id')
    .select(['p.company_id', 'ap.base_price'])
    .where('p.id', '=', pretreatId)
    .executeTakeFirstOrThrow()
  const line = await trx.selectFrom('pretreat_chemicals').select('cwt').where('pretreat_id', '=', pretreatId).orderBy('id').executeTakeFirstOrThrow()
  const billables = await trx.selectFrom('pretreat_bill_to').select('company_id').where('pretreat_id', '=', pretreatId).orderBy('company_id').execute()
  const companies = [pt.company_id, ...billables.map((b) => b.company_id).filter((id) => id !== pt.company_id)]
  const cwt = Math.round(Number(line.cwt))
  const share = Math.floor(cwt / companies.length)
  await trx
    .insertInto('pretreat_prices')
    .values(companies.map((company_id, i) => ({ pretreat_id: pretreatId, company_id, price: pt.base_price, cwt_share: i === 0 ? cwt - share * (companies.length - 1) : share })))
    .execute()
}

/** The demo restart answered "not cleaned up", which raises the demo's one restart follow-up (issue 24). */
const NOT_CLEANED_UP = 'completed-4'

/** A completed pre-treat's restart, completed by its applicator the morning after the application. */
async function completeDemoRestart(trx: Executor, pretreatId: number, key: string, userId: number, applicationDate: string | null): Promise<void> {
  const completedAt = applicationDate ? sql<Date>`${applicationDate}::date + interval '1 day 9 hours'` : sql<Date>`now()`
  const cleanedUp = key !== NOT_CLEANED_UP
  await trx
    .updateTable('restarts')
    .set({
      remote: true,
      running: true,
      cleaned_up: cleanedUp,
      comments: cleanedUp ? 'Fans restarted and running on remote; fogger and hoses cleaned up.' : 'Fans restarted and running on remote; the fogger hoses are still in the plenum.',
      completed_by: userId,
      completed_at: completedAt,
      submission_id: demoUuid(`restart:${key}`),
    })
    .where('pretreat_id', '=', pretreatId)
    .where('completed_at', 'is', null)
    .execute()
  // its follow-up for the assigners, raised when it was answered, as the restart form's command raises one
  if (!cleanedUp)
    await sql`
      insert into restart_follow_ups (storage_id, restart_id, not_running, not_cleaned_up, raised_at)
      select p.storage_id, r.id, not r.running, not r.cleaned_up, r.completed_at from restarts r join pretreats p on p.id = r.pretreat_id
      where r.pretreat_id = ${pretreatId} and r.completed_at is not null and not (r.running and r.cleaned_up)
      on conflict (restart_id) do nothing`.execute(trx)
}

/**
 * What issue 12 adds to a submitted demo sheet, each part only where missing: its final checklist
 * and restart; once completed, its prices, application record and completed restart. For the demo
 * pre-treats an older demo made without them.
 */
async function fillIssue12(trx: Executor, pretreatId: number, key: string) {
  const pt = await trx
    .selectFrom('pretreats as p')
    .innerJoin('applicators as a', 'a.id', 'p.assigned_to')
    .select(['p.status', 'p.application_date', 'a.user_id'])
    .where('p.id', '=', pretreatId)
    .executeTakeFirst()
  if (!pt || !['to-review', 'to-review1', 'to-review2', 'completed'].includes(pt.status)) return
  await writeChecklist(trx, pretreatId, pt.user_id)
  await openRestart(trx, pretreatId)
  if (pt.status !== 'completed') return
  await writePrices(trx, pretreatId)
  await keepApplicationRecord(trx, pretreatId)
  await completeDemoRestart(trx, pretreatId, key, pt.user_id, pt.application_date)
}

/** Returns how many pre-treats it made (0 on a second run). */
export async function seedDemoPretreats(db: Executor, today: Date): Promise<number> {
  const user = (username: string) =>
    db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', username)
      .executeTakeFirst()
  const assigner = await user('assigner')
  const admin = await user('admin')
  const creator = assigner ?? admin
  if (!creator) return 0
  // the seed walks each pre-treat to its stage as the history's creator, with every right (it plays
  // the assigner, the applicator and both reviewers in turn)
  const seeder = { id: creator.id, is_superuser: true, permissions: [] }
  const applicatorOf = async (username: string) =>
    (
      await db
        .selectFrom('applicators as a')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .select('a.id')
        .where(sql<string>`lower(u.username)`, '=', username)
        .executeTakeFirst()
    )?.id
  const applicators = { applicator: await applicatorOf('applicator'), tech: await applicatorOf('tech') }
  const recommendedBy = applicators.applicator ?? applicators.tech
  /** The named application (or the first) with its first active product. */
  const applicationOf = (name?: string) => {
    let q = db
      .selectFrom('applications as ap')
      .innerJoin('application_products as app', 'app.application_id', 'ap.id')
      .innerJoin('products as p', 'p.id', 'app.product_id')
      .select(['ap.id', 'p.id as product_id', 'p.units', 'p.ppm', 'p.ppm_constant', 'p.per', 'p.converter', 'p.min_qty'])
      .where('p.active', '=', true)
    if (name) q = q.where('ap.name', '=', name)
    return q.orderBy('ap.id').orderBy('app.position').executeTakeFirst()
  }
  const truck = await db.selectFrom('trucks').select('id').orderBy('id').executeTakeFirst()
  if (!recommendedBy || !(await applicationOf())) return 0

  let made = 0
  for (const [i, demo] of DEMO.entries()) {
    const submissionId = demoUuid(`pretreat:${demo.key}`)
    const existing = await db.selectFrom('pretreats').select('id').where('submission_id', '=', submissionId).executeTakeFirst()
    if (existing) {
      await db.transaction().execute((trx) => fillIssue12(trx, existing.id, demo.key))
      continue
    }
    const storage = await db.selectFrom('storages').select(['id', 'company_id']).where('name', '=', demo.storage).orderBy('id').executeTakeFirst()
    const application = (await applicationOf(demo.application)) ?? (await applicationOf())
    if (!storage || !application) continue
    const billTo = demo.billTo?.length ? await db.selectFrom('companies').select('id').where('company_name', 'in', demo.billTo).execute() : []
    await db.transaction().execute(async (trx) => {
      const number = await trx.insertInto('pretreat_numbers').values({ reserved_by: creator.id }).returning('label').executeTakeFirstOrThrow()
      const { id } = await createPretreat(
        trx,
        {
          submission_id: submissionId,
          pre_treat_number: number.label,
          created_at: `${daysAgo(today, demo.age)}T15:00:00Z`,
          created_by: creator.id,
          recommended_by: recommendedBy,
          other_name: 'Grower (by phone)',
          company_id: storage.company_id,
          storage_id: storage.id,
          application_id: application.id,
          application_notes: demo.notes,
          destination: demo.destination,
          upcoming: true,
          application_date: demo.applicationIn === undefined ? null : daysAgo(today, -demo.applicationIn),
        },
        seeder,
      )
      if (billTo.length)
        await trx
          .insertInto('pretreat_bill_to')
          .values(billTo.map((c) => ({ pretreat_id: id, company_id: c.id })))
          .execute()
      const num = (v: string | number | null) => (v === null ? null : Number(v))
      const quantity = quantityFor(
        {
          units: application.units,
          ppm: num(application.ppm),
          ppm_constant: num(application.ppm_constant),
          per: num(application.per),
          converter: num(application.converter),
          min_qty: Number(application.min_qty),
        },
        demo.cwt,
      )
      const reach = ORDER.indexOf(demo.stage)
      await trx
        .insertInto('pretreat_chemicals')
        .values({ pretreat_id: id, product_id: application.product_id, cwt: demo.cwt, quantity_requested: quantity, quantity_used: reach >= ORDER.indexOf('to-review') ? quantity : null })
        .execute()
      const step = (event: PretreatStepEvent, apply?: (t: Executor) => Promise<void>) => runPretreatStep(trx, id, event, { actor: seeder, apply })
      const set = (values: Record<string, unknown>) => async (t: Executor) => void (await t.updateTable('pretreats').set(values).where('id', '=', id).execute())
      const assignee = applicators[demo.assignTo ?? 'applicator'] ?? recommendedBy
      if (reach >= 1) await step({ type: 'SCHEDULE' }, (t) => savePretreatFlags(t, id, { upcoming: false }))
      if (reach >= 2) await step({ type: 'ASSIGN', licenceValid: true }, set({ assigned_to: assignee }))
      if (reach >= 3) await step({ type: 'SAVE' }, set(sheetFields(truck?.id ?? null, i)))
      if (reach >= 4) await step({ type: 'SUBMIT', complete: true }, set({ sheet_submit_id: demoUuid(`pretreat-submit:${demo.key}`) }))
      // one actor stands for both reviewers of this made-up history (a person may not: decision 0078)
      if (reach >= 5) await step({ type: 'REVIEW', level: 1, reviewedFirst: false })
      // the completing step prices it and keeps its application record
      if (reach >= 6) await step({ type: 'REVIEW', level: 2, reviewedFirst: false }, (t) => writePrices(t, id).then(() => keepApplicationRecord(t, id)))
      // in the submitting transaction, as submitSheet opens it: the checklist and the restart (completed the morning after, once the pre-treat is)
      if (reach >= 4) await fillIssue12(trx, id, demo.key)
      if (demo.voidNotes) await step({ type: 'VOID', notes: demo.voidNotes }, (t) => savePretreatFlags(t, id, { void: true, void_comments: demo.voidNotes }))
    })
    made++
  }
  return made
}
