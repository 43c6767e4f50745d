// The dispatch board's server half (issue 24, decision 0066): the week's board, and a move posted by
// a card's small form, a drop or a key (one action for all three). The move is the command
// commands/dispatch.ts (the lists' assign step, the PLAN step, once per key); a move that meets a
// warning needing a confirm (bookings) or a reason (the season check) answers 400 with what to
// confirm, which the page shows as its confirm step; a refusal (a licence not valid, a staged card)
// answers 409 with the reason (shown on its card); success goes back to the same week, naming a card
// moved out of it (issue 38).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { readForm, readWithAccess, requireAccess } from '#app/auth/guard.server.ts'
import { rowRefusal } from '#app/command-answer.server.ts'
import { runCommand } from '#commands/command.ts'
import { moveOnBoard } from '#commands/dispatch.ts'
import { stepKey } from '#commands/step-key.ts'
import { addDays, CONFIRM_FIELD, mondayOf, weekDays, weekOf } from '#core/dispatch.ts'
import { localToday } from '#core/licence.ts'
import { SEASON_REASON_FIELD, unansweredWarnings } from '#core/season-reasons.ts'
import { getDb } from '#db/client.server.ts'
import { bookingClashes, cardPlace, dispatchBoard } from '#db/queries/dispatch.ts'
import { pretreatSeasonCheck } from '#db/queries/season.ts'
import { seasonReasonsOf } from '#db/queries/season-reasons.ts'

export const access = ACCESS['/dispatch']

export const INVALID_MOVE = 'That move could not be read. Reload the page and try again.'

export async function loader({ request }: LoaderFunctionArgs) {
  const today = localToday()
  const params = new URL(request.url).searchParams
  const monday = weekOf(params.get('week'), today)
  const moved = /^\d{1,15}$/.test(params.get('moved') ?? '') ? Number(params.get('moved')) : null
  const {
    data: [board, place],
  } = await readWithAccess(request, access, () => Promise.all([dispatchBoard(getDb(), monday, today), moved === null ? undefined : cardPlace(getDb(), moved)]))
  // a card moved to another week (its Move form): said here, where it no longer stands (issue 38)
  const movedAway = place?.day && mondayOf(place.day) !== monday ? { ...place, day: place.day, monday: mondayOf(place.day) } : null
  return { board, days: weekDays(monday), previous: addDays(monday, -7), next: addDays(monday, 7), today, movedAway, submissionId: crypto.randomUUID() }
}

export type BoardData = SerializeFrom<typeof loader>

/** What the confirm step shows and sends again. */
export interface MoveConfirm {
  id: number
  applicator: number
  planned_on: string
  /** the bookings' warnings */
  warnings: string[]
  /** the season's warnings no reason answers yet (a reason is asked) */
  season: string[]
  reasonError?: string
}

export interface MoveResult {
  error?: string
  confirm?: MoveConfirm
  /** the card the refusal is about */
  id?: number
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const form = await readForm(request)
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')) as Record<string, string>
  const week = weekOf(fields.week ?? null, localToday())
  const parsed = moveOnBoard.schema.safeParse(fields)
  if (!parsed.success) return data<MoveResult>({ error: parsed.error.issues.find((i) => i.path[0] === 'planned_on')?.message ?? INVALID_MOVE }, { status: 400 })
  const move = parsed.data
  const page = fields.submission_id
  const key =
    typeof page === 'string' && /^[0-9a-f-]{36}$/i.test(page) ? stepKey(page, 'move', move.id, move.applicator, move.planned_on ?? '', move.confirm ?? '', move.season_reason) : crypto.randomUUID()
  try {
    await runCommand(getDb(), moveOnBoard, { actor: user, key, input: move })
  } catch (error) {
    const refused = rowRefusal(error)
    const { fieldErrors } = refused
    if (CONFIRM_FIELD in fieldErrors || SEASON_REASON_FIELD in fieldErrors) {
      const db = getDb()
      const today = localToday()
      const [bookings, season, { answered }] = await Promise.all([bookingClashes(db, move.id, move.applicator, move.planned_on), pretreatSeasonCheck(db, move.id, today), seasonReasonsOf(db, move.id)])
      const open = move.applicator === 0 ? [] : unansweredWarnings(season, answered)
      const confirm: MoveConfirm = {
        id: move.id,
        applicator: move.applicator,
        planned_on: move.planned_on ?? '',
        warnings: bookings.map((w) => w.message),
        season: open.map((w) => w.message),
        ...(SEASON_REASON_FIELD in fieldErrors && move.season_reason === '' && move.confirm === 'yes' ? { reasonError: fieldErrors[SEASON_REASON_FIELD] } : {}),
      }
      return data<MoveResult>({ confirm }, { status: 400 })
    }
    return data<MoveResult>({ error: refused.error || INVALID_MOVE, id: move.id }, { status: refused.status })
  }
  // the week it was moved from; a card moved out of it is named there (the loader's movedAway)
  throw redirect(`/dispatch?week=${week}${move.planned_on !== null && mondayOf(move.planned_on) !== week ? `&moved=${move.id}` : ''}`)
}
