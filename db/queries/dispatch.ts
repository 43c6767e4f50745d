// The dispatch board's reads (issue 24, decision 0066): the week's pre-treats whose day — the
// application date, else the planned day — falls in it (not void): the scheduled and staged ones
// (pending or assigned) the board moves, and the started and submitted ones it shows read-only, so
// a lane's bookings are true (issue 38); the oldest planned for no day (NO_DAY_CARDS); the lanes
// (every licensed applicator, and any other applicator a card is assigned to); and the bookings
// that warn: an applicator or a truck at another storage on the same day. A fixed number of
// statements whatever the week holds (the season check's included).
import { sql } from 'kysely'
import { addDays, applicatorBookedWarning, dayOfCard, licenceWarning, movableOnBoard, truckBookedWarning, type DispatchWarning } from '#core/dispatch.ts'
import { NotFoundError } from '#core/errors.ts'
import { licenceHoldsOn } from '#core/licence.ts'
import { PRETREAT_STATE_SETS } from '#core/pretreat-states.ts'
import type { PretreatState } from '#core/workflow-states.ts'
import type { Executor } from '../client.server.ts'
import { applicatorChoices } from './pretreat-form.ts'
import { seasonChecksOf } from './season.ts'
import { chemicalNames, firstChemicalCwt } from './pretreat-lists.ts'
import { inStates } from './states.ts'
import { userDisplayName } from './users.ts'

/** A pre-treat with a day books its applicator and truck that day, whatever its status (void ones do not). */
const BOOKED = sql<boolean>`not p.void`
const DAY = sql<string | null>`coalesce(p.application_date, p.planned_on)`
export interface DispatchLane {
  /** the applicator's id; 0 for Unassigned */
  id: number
  name: string
  license: string
  expiration: string | null
  /** an applicator without a valid licence on the list of choices (a card is still assigned to them) */
  unlisted: boolean
}

export interface DispatchCard {
  id: number
  pre_treat_number: string
  status: PretreatState
  upcoming: boolean
  storage_id: number
  storage_name: string
  grower: string
  products: string
  cwt: string | null
  application_date: string | null
  planned_on: string | null
  assigned_to: number | null
  truck_id: number | null
  truck: string | null
  version: number
  warnings: DispatchWarning[]
}

/** How many cards with no day the board shows at most (the oldest first; the rest wait on the lists). */
export const NO_DAY_CARDS = 50

/** The cards the board reads, aliased `p`: not void. */
function boardCards(db: Executor) {
  return db
    .selectFrom('pretreats as p')
    .innerJoin('companies as co', 'co.id', 'p.company_id')
    .innerJoin('storages as st', 'st.id', 'p.storage_id')
    .leftJoin('companies as g', 'g.id', 'st.company_id')
    .leftJoin('trucks as t', 't.id', 'p.truck_id')
    .select([
      'p.id',
      'p.pre_treat_number',
      'p.status',
      'p.upcoming',
      'p.storage_id',
      'st.name as storage_name',
      sql<string>`coalesce(g.company_name, co.company_name)`.as('grower'),
      sql<string>`coalesce(${chemicalNames}, '')`.as('products'),
      // the application's cwt, as the lists show it: every chemical line carries it
      sql<string | null>`${firstChemicalCwt}::text`.as('cwt'),
      sql<string | null>`p.application_date::text`.as('application_date'),
      sql<string | null>`p.planned_on::text`.as('planned_on'),
      sql<string>`(p.created_at at time zone current_setting('TimeZone'))::date::text`.as('created_on'),
      'p.assigned_to',
      'p.truck_id',
      sql<string | null>`t.number`.as('truck'),
      'p.version',
    ])
    .where('p.void', '=', false)
}

/** The cards of the week from `monday` (by the day index), and the oldest NO_DAY_CARDS + 1 movable ones with no day. */
async function cardsOfWeek(db: Executor, monday: string) {
  const [week, noDay] = await Promise.all([
    boardCards(db).where(DAY, '>=', monday).where(DAY, '<=', addDays(monday, 6)).orderBy(DAY).orderBy('p.pre_treat_number').execute(),
    boardCards(db)
      .where(inStates('p.status', PRETREAT_STATE_SETS.movableOnBoard))
      .where('p.application_date', 'is', null)
      .where('p.planned_on', 'is', null)
      .orderBy('p.id')
      .limit(NO_DAY_CARDS + 1)
      .execute(),
  ])
  return { rows: [...week, ...noDay.slice(0, NO_DAY_CARDS)], moreWithNoDay: noDay.length > NO_DAY_CARDS }
}

export interface Booking {
  pretreat_id: number
  day: string
  storage_id: number
  storage_name: string
  assigned_to: number | null
  truck_id: number | null
  truck: string | null
}

/** The bookings on `days` of `applicators` or `trucks` (pre-treats with that day, whatever their status, not void). */
export function bookingsOn(db: Executor, days: readonly string[], applicators: readonly number[], trucks: readonly number[]): Promise<Booking[]> {
  if (days.length === 0 || (applicators.length === 0 && trucks.length === 0)) return Promise.resolve([])
  return db
    .selectFrom('pretreats as p')
    .innerJoin('storages as st', 'st.id', 'p.storage_id')
    .leftJoin('trucks as t', 't.id', 'p.truck_id')
    .select(['p.id as pretreat_id', sql<string>`${DAY}::text`.as('day'), 'p.storage_id', 'st.name as storage_name', 'p.assigned_to', 'p.truck_id', sql<string | null>`t.number`.as('truck')])
    .where(BOOKED)
    .where(DAY, 'in', [...days])
    .where((eb) => eb.or([eb('p.assigned_to', 'in', applicators.length ? [...applicators] : [0]), eb('p.truck_id', 'in', trucks.length ? [...trucks] : [0])]))
    .execute()
}

/** What a card at `storageId` on `day` (by `applicatorId`, 0: none; with `truckId`) clashes with among `bookings`. */
export function bookingWarnings(
  card: { id: number; storage_id: number; truck_id: number | null; truck: string | null },
  applicator: { id: number; name: string } | null,
  day: string | null,
  bookings: readonly Booking[],
): DispatchWarning[] {
  if (day === null) return []
  const other = bookings.filter((b) => b.pretreat_id !== card.id && b.day === day && b.storage_id !== card.storage_id)
  const warnings: DispatchWarning[] = []
  const byApplicator = applicator ? other.find((b) => b.assigned_to === applicator.id) : undefined
  if (applicator && byApplicator) warnings.push(applicatorBookedWarning(applicator.name, byApplicator.storage_name, day))
  const byTruck = card.truck_id !== null ? other.find((b) => b.truck_id === card.truck_id) : undefined
  if (byTruck) warnings.push(truckBookedWarning(card.truck ?? String(card.truck_id), byTruck.storage_name, day))
  return warnings
}

/** The warnings pre-treat `id` meets when booked for (`applicatorId`, 0: none; its application date, else `plannedOn`) among the other bookings that day. */
export async function bookingClashes(db: Executor, id: number, applicatorId: number, plannedOn: string | null): Promise<DispatchWarning[]> {
  const card = await db
    .selectFrom('pretreats as p')
    .leftJoin('trucks as t', 't.id', 'p.truck_id')
    .select(['p.id', 'p.storage_id', 'p.truck_id', 't.number as truck', 'p.application_date'])
    .where('p.id', '=', id)
    .executeTakeFirst()
  if (!card) throw new NotFoundError('No such pre-treat.')
  const day = card.application_date ?? plannedOn
  if (day === null) return []
  const applicator =
    applicatorId === 0
      ? null
      : ((await db
          .selectFrom('applicators as a')
          .innerJoin('users as u', 'u.id', 'a.user_id')
          .select(['a.id', userDisplayName('u').as('name')])
          .where('a.id', '=', applicatorId)
          .executeTakeFirst()) ?? null)
  const bookings = await bookingsOn(db, [day], applicator ? [applicator.id] : [], card.truck_id !== null ? [card.truck_id] : [])
  return bookingWarnings(card, applicator, day, bookings)
}

/** The names and licences of applicators `ids` (the lanes of cards assigned to one not listed). */
function applicatorsById(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('applicators as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', userDisplayName('u').as('name'), 'a.license', sql<string | null>`a.expiration::text`.as('expiration')])
    .where('a.id', 'in', ids)
    .execute()
}

export interface DispatchBoard {
  monday: string
  /** more cards have no day than the board shows (NO_DAY_CARDS) */
  moreWithNoDay: boolean
  lanes: DispatchLane[]
  cards: DispatchCard[]
}

/**
 * The board of the week from `monday`: each card with its warnings — its applicator's licence not
 * valid on its day (today when it has none), its applicator or truck booked at another storage that
 * day, and the season check (as the assign step reads it).
 */
export async function dispatchBoard(db: Executor, monday: string, today: string): Promise<DispatchBoard> {
  const [choices, { rows, moreWithNoDay }] = await Promise.all([applicatorChoices(db), cardsOfWeek(db, monday)])
  const listed = new Set(choices.map((c) => c.id))
  const missing = [...new Set(rows.map((r) => r.assigned_to).filter((id): id is number => id !== null && !listed.has(id)))]
  const days = [...new Set(rows.map(dayOfCard).filter((d): d is string => d !== null))]
  const [others, bookings, seasons] = await Promise.all([
    applicatorsById(db, missing),
    bookingsOn(db, days, [...new Set(rows.map((r) => r.assigned_to).filter((id): id is number => id !== null))], [...new Set(rows.map((r) => r.truck_id).filter((id): id is number => id !== null))]),
    seasonChecksOf(
      db,
      rows.filter((r) => movableOnBoard(r.status)),
      today,
    ),
  ])
  const lanes: DispatchLane[] = [...choices.map((c) => ({ id: c.id, name: c.name, license: c.license, expiration: c.expiration, unlisted: false })), ...others.map((o) => ({ ...o, unlisted: true }))]
  const laneOf = new Map(lanes.map((l) => [l.id, l]))
  const cards = rows.map(({ created_on: _, ...row }) => {
    const lane = row.assigned_to === null ? undefined : laneOf.get(row.assigned_to)
    const day = dayOfCard(row)
    const warnings: DispatchWarning[] = []
    // a started or submitted card is a booking the others warn of, with nothing left to plan itself
    if (movableOnBoard(row.status)) {
      if (lane && !licenceHoldsOn(lane, day ?? today)) warnings.push(licenceWarning(lane.name, day ?? today))
      warnings.push(...bookingWarnings(row, lane ?? null, day, bookings))
      for (const w of seasons.get(row.id) ?? []) warnings.push({ kind: 'season', message: w.message })
    }
    return { ...row, warnings }
  })
  return { monday, moreWithNoDay, lanes, cards }
}

/** Where pre-treat `id` stands now (its number, day and applicator's name), for the word after a move to another week (issue 38). */
export function cardPlace(db: Executor, id: number): Promise<{ pre_treat_number: string; day: string | null; applicator: string | null } | undefined> {
  return db
    .selectFrom('pretreats as p')
    .leftJoin('applicators as a', 'a.id', 'p.assigned_to')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['p.pre_treat_number', sql<string | null>`${DAY}::text`.as('day'), sql<string | null>`case when u.id is null then null else ${userDisplayName('u')} end`.as('applicator')])
    .where('p.id', '=', id)
    .executeTakeFirst()
}
