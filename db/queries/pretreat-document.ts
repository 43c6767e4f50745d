// What the pre-treat sheet's PDF prints (app/features/pretreat-pdf/pretreat-document.tsx; docs/decisions/0040):
// the sheet as every view reads it (sheetById: the form's facts, the sheet's fields, the chemical
// lines with product name, EPA registration and units, billables, the final checklist), and beside it
// what only the document shows: the price lines with company names, the restart, the truck, and the
// applicator's licence. Read in one go, inside the completing transaction when the review part asks.
import { sql } from 'kysely'
import type { Executor } from '../client.server.ts'
import { sheetById } from './pretreat-sheet.ts'
import { userDisplayName } from './users.ts'

export interface PriceLine {
  company_name: string
  price: string
  cwt_share: string
}

export interface RestartInfo {
  remote: boolean | null
  running: boolean | null
  cleaned_up: boolean | null
  comments: string
  completed_at: Date | null
  completed_by_name: string | null
}

function priceLines(db: Executor, pretreatId: number): Promise<PriceLine[]> {
  return (
    db
      .selectFrom('pretreat_prices as pp')
      .innerJoin('companies as c', 'c.id', 'pp.company_id')
      .select(['c.company_name', 'pp.price', 'pp.cwt_share'])
      .where('pp.pretreat_id', '=', pretreatId)
      // the owner first, then the billables by name (the pricing table's order)
      .orderBy(sql`c.id = (select company_id from pretreats where id = ${pretreatId})`, 'desc')
      .orderBy('c.company_name')
      .execute() as Promise<PriceLine[]>
  )
}

function restartOf(db: Executor, pretreatId: number): Promise<RestartInfo | undefined> {
  return db
    .selectFrom('restarts as r')
    .leftJoin('users as u', 'u.id', 'r.completed_by')
    .select(['r.remote', 'r.running', 'r.cleaned_up', 'r.comments', 'r.completed_at', sql<string | null>`case when u.id is null then null else ${userDisplayName('u')} end`.as('completed_by_name')])
    .where('r.pretreat_id', '=', pretreatId)
    .executeTakeFirst()
}

/** The assigned applicator's licence and the sheet's truck. */
function extrasOf(db: Executor, pretreatId: number) {
  return db
    .selectFrom('pretreats as p')
    .leftJoin('applicators as a', 'a.id', 'p.assigned_to')
    .leftJoin('trucks as t', 't.id', 'p.truck_id')
    .select(['a.license', 't.id as truck_id', 't.number as truck_number', 't.make as truck_make', 't.model as truck_model'])
    .where('p.id', '=', pretreatId)
    .executeTakeFirst()
}

/** Everything the pre-treat's PDF prints; undefined when there is no such pre-treat. */
export async function pretreatDocument(db: Executor, pretreatId: number) {
  const [sheet, prices, restart, extras] = await Promise.all([sheetById(db, pretreatId), priceLines(db, pretreatId), restartOf(db, pretreatId), extrasOf(db, pretreatId)])
  if (!sheet || !extras) return undefined
  // the sheet's Truck field reads its label from the trucks it may name: here only its own
  const trucks = extras.truck_id === null ? [] : [{ id: extras.truck_id, number: extras.truck_number!, make: extras.truck_make ?? '', model: extras.truck_model ?? '' }]
  return { sheet, prices, restart: restart ?? null, licence: extras.license ?? null, trucks }
}

export type PretreatDocument = NonNullable<Awaited<ReturnType<typeof pretreatDocument>>>

/** What the print summary adds to a scheduled-list row: the storage's GPS, the notes, each chemical with its quantity. */
export async function summaryDetails(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, SummaryDetails>()
  const [rows, lines] = await Promise.all([
    db.selectFrom('pretreats as p').innerJoin('storages as s', 's.id', 'p.storage_id').select(['p.id', 's.gps_lat', 's.gps_lng', 'p.application_notes']).where('p.id', 'in', ids).execute(),
    db
      .selectFrom('pretreat_chemicals as c')
      .innerJoin('products as pr', 'pr.id', 'c.product_id')
      .select(['c.pretreat_id', 'pr.product_name', 'pr.units', 'c.quantity_requested'])
      .where('c.pretreat_id', 'in', ids)
      .orderBy('c.id')
      .execute(),
  ])
  const details = new Map<number, SummaryDetails>(rows.map((r) => [r.id, { gps_lat: r.gps_lat, gps_lng: r.gps_lng, notes: r.application_notes, chemicals: [] }]))
  for (const line of lines) details.get(line.pretreat_id)?.chemicals.push({ product_name: line.product_name, units: line.units, quantity_requested: line.quantity_requested })
  return details
}

export interface SummaryDetails {
  gps_lat: string | number | null
  gps_lng: string | number | null
  notes: string
  chemicals: { product_name: string; units: 'oz' | 'gal' | 'other'; quantity_requested: string | null }[]
}
