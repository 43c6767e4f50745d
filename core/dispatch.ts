// The dispatch board (issue 24, decision 0066): its week, its days and the words of its warnings.
// Pure: the board's query (db/queries/dispatch.ts), the move command (commands/dispatch.ts) and the
// page with its drag and keyboard moves (app/routes/dispatch/) share them.
import { inPretreatSet } from './pretreat-states.ts'
import { formatDate, isIsoDate } from './formats.ts'

/** yyyy-mm-dd + n days */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The Monday of the week `iso` falls in. */
export function mondayOf(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`)
  return addDays(iso, -((d.getUTCDay() + 6) % 7))
}

/** The seven days of the week starting `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i))
}

/** `?week=` (any day of it; absent or not a date in 2000–2099: this week) → its Monday. */
export function weekOf(param: string | null, today: string): string {
  const day = param && isIsoDate(param) && param >= '2000-01-03' && param <= '2099-12-28' ? param : today
  return mondayOf(day)
}

/** 'Mon 23 Nov' */
export function dayLabel(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`)
  return d.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
}

/** The lane of cards without an applicator. */
export const UNASSIGNED_LANE = 'Unassigned'
/** The column of cards planned for no day. */
export const NO_DAY = 'No day'

/** Whether the board moves a card at `status` (the PLAN step's states); the started and submitted ones it shows read-only (issue 38). */
export const movableOnBoard = (status: string) => inPretreatSet('movableOnBoard', status)

/** A card's day: its application date when set, else its planned day (null: none). */
export const dayOfCard = (card: { application_date: string | null; planned_on: string | null }) => card.application_date ?? card.planned_on

export type DispatchWarningKind = 'licence' | 'applicator-booked' | 'truck-booked' | 'season'

export interface DispatchWarning {
  kind: DispatchWarningKind
  message: string
}

/** A warning's short name, on a card's summary of its warnings (issue 38: the sentences open below it). */
export const WARNING_LABELS: Record<DispatchWarningKind, string> = {
  licence: 'Licence',
  'applicator-booked': 'Applicator booked',
  'truck-booked': 'Truck booked',
  season: 'Season',
}

export const DISPATCH_MESSAGES = {
  confirm: 'Check the warnings, then confirm the move to save it.',
  /** the Assign window's (and a list row's) Assign that meets a booking */
  confirmAssign: 'Check the warnings, then tick “Assign anyway” and assign again to save it.',
  assignAnyway: 'Assign anyway',
  plannedOn: 'Planned date',
} as const

/** Why the board cannot move a card to another day: its sheet's application date decides where it stands (issue 38). */
export const applicationDateSet = (number: string, day: string) => `${number} has its application date, ${formatDate(day)}, set on its sheet: the board cannot move it to another day.`

/** The field of a step refused for want of a confirmation (a booking warns): the board's move, the Assign window's Assign. */
export const CONFIRM_FIELD = 'confirm'

/** The refusal of an unconfirmed step that meets `warnings`: each named, then what to do (`then`). */
export const unconfirmedMessage = (warnings: readonly DispatchWarning[], then: string) => `${warnings.map((w) => w.message).join(' ')} ${then}`

export const licenceWarning = (name: string, day: string): DispatchWarning => ({ kind: 'licence', message: `${name}'s licence is not valid on ${formatDate(day)}.` })
export const applicatorBookedWarning = (name: string, storage: string, day: string): DispatchWarning => ({
  kind: 'applicator-booked',
  message: `${name} is also booked at ${storage} on ${formatDate(day)}.`,
})
export const truckBookedWarning = (truck: string, storage: string, day: string): DispatchWarning => ({
  kind: 'truck-booked',
  message: `Truck ${truck} is also booked at ${storage} on ${formatDate(day)}.`,
})
