// The review sheet's reads and writes (/review-pre-treat/{id}, the read-only completed modal): the
// companies a pre-treat is priced for (owner first, then its billables), its price lines, the cwt
// and base price the default split starts from, and what was changed on the sheet (the history's
// details.changes). Steps go through commands/pretreat-review.ts.
import { sql } from 'kysely'
import type { Executor } from '../client.server.ts'
import { userDisplayName } from './users.ts'

/** The companies priced: the owner, then each billable company by name. */
export async function pricedCompanies(db: Executor, pretreatId: number): Promise<{ id: number; name: string }[]> {
  const owner = db
    .selectFrom('pretreats as p')
    .innerJoin('companies as c', 'c.id', 'p.company_id')
    .select(['c.id', 'c.company_name as name', sql<number>`0`.as('rank')])
    .where('p.id', '=', pretreatId)
  const billables = db
    .selectFrom('pretreat_bill_to as b')
    .innerJoin('companies as c', 'c.id', 'b.company_id')
    .innerJoin('pretreats as p', 'p.id', 'b.pretreat_id')
    .select(['c.id', 'c.company_name as name', sql<number>`1`.as('rank')])
    .where('b.pretreat_id', '=', pretreatId)
    .whereRef('b.company_id', '<>', 'p.company_id')
  const rows = await owner.unionAll(billables).orderBy('rank').orderBy('name').orderBy('id').execute()
  return rows.map((r) => ({ id: Number(r.id), name: r.name }))
}

/** The price lines saved, owner first (the order of pricedCompanies). */
export async function priceLinesOf(db: Executor, pretreatId: number) {
  const rows = await db
    .selectFrom('pretreat_prices as pp')
    .innerJoin('companies as c', 'c.id', 'pp.company_id')
    .innerJoin('pretreats as p', 'p.id', 'pp.pretreat_id')
    .select(['pp.company_id', 'c.company_name', 'pp.cwt_share', 'pp.price', sql<number>`case when pp.company_id = p.company_id then 0 else 1 end`.as('rank')])
    .where('pp.pretreat_id', '=', pretreatId)
    .orderBy('rank')
    .orderBy('c.company_name')
    .execute()
  return rows.map((r) => ({ company_id: Number(r.company_id), company_name: r.company_name, cwt_share: Number(r.cwt_share), price: Number(r.price) }))
}

/** What pricing starts from: the first chemical line's cwt (what the shares must add up to) and the application's base price. */
export async function pricingBasis(db: Executor, pretreatId: number): Promise<{ cwt: number | null; basePrice: number }> {
  const [line, application] = await Promise.all([
    db.selectFrom('pretreat_chemicals').select('cwt').where('pretreat_id', '=', pretreatId).orderBy('id').executeTakeFirst(),
    db.selectFrom('pretreats as p').leftJoin('applications as a', 'a.id', 'p.application_id').select('a.base_price').where('p.id', '=', pretreatId).executeTakeFirst(),
  ])
  return { cwt: line ? Number(line.cwt) : null, basePrice: Number(application?.base_price ?? 0) }
}

/** Replaces the pre-treat's price lines. */
export async function replacePriceLines(trx: Executor, pretreatId: number, lines: readonly { company_id: number; cwt_share: number; price: number }[]): Promise<void> {
  await trx.deleteFrom('pretreat_prices').where('pretreat_id', '=', pretreatId).execute()
  if (lines.length === 0) return
  await trx
    .insertInto('pretreat_prices')
    .values(lines.map((l) => ({ pretreat_id: pretreatId, company_id: l.company_id, cwt_share: l.cwt_share.toFixed(2), price: l.price.toFixed(4) })))
    .execute()
}

export interface SheetEdit {
  at: Date
  by: string
  event: string
  changes: Record<string, [string, string]>
}

/** Every step of this pre-treat that changed sheet fields (history details.changes), and every submit (what came after it is a correction), oldest first, with who. */
export async function sheetEdits(db: Executor, pretreatId: number): Promise<SheetEdit[]> {
  const rows = await db
    .selectFrom('workflow_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.at', 'e.event', sql<unknown>`e.details -> 'changes'`.as('changes'), sql<string>`case when u.id is null then 'Someone' else ${userDisplayName('u')} end`.as('by')])
    .where('e.entity', '=', 'pretreat')
    .where('e.entity_id', '=', pretreatId)
    .where(sql<boolean>`(e.event = 'SUBMIT' or (jsonb_typeof(e.details -> 'changes') = 'object' and e.details -> 'changes' <> '{}'::jsonb))`)
    .orderBy('e.id')
    .execute()
  return rows.map((r) => ({ at: r.at, by: r.by, event: r.event, changes: (r.changes ?? {}) as Record<string, [string, string]> }))
}
