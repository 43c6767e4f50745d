// The dispatch board's page (route.tsx): week picker, lanes, cards, the confirm step, and the drag
// and keyboard moves, which post the card's own Move form with the lane and day chosen. Only a
// scheduled card moves by drag and keys; a staged one plans its day by its form; a started or
// submitted one is read-only, shown so that its lane's bookings are true (issue 38). A refusal
// shows on its card, where the eye is; the confirm step is a true modal once JavaScript runs, and
// the focus comes back to the card after it, with what happened said in the live region.
import { Form, Link, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from 'react'
import { CsrfInput } from '#app/components/csrf.tsx'
import { Modal } from '#app/components/modal.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { SeasonReasonField } from '#app/features/pretreat-sheet/season-check.tsx'
import { dayLabel, dayOfCard, movableOnBoard, NO_DAY, UNASSIGNED_LANE, WARNING_LABELS } from '#core/dispatch.ts'
import { formatCwt } from '#core/pretreat-quantities.ts'
import { SEASON_REASON_MISSING } from '#core/season-reasons.ts'
import { PRETREAT_STATUS_LABELS } from '#core/workflow-states.ts'
import type { BoardData, MoveResult } from './data.server.ts'

/** as db/queries/dispatch.ts shows them at most */
const NO_DAY_CARDS = 50

type Card = BoardData['board']['cards'][number]
type Lane = { id: number; name: string; license: string; expiration: string | null; unlisted: boolean }

const HELP = 'dispatch-help'

function laneText(lane: Lane): string {
  if (lane.id === 0) return 'Pre-treats with no applicator yet.'
  return `Licence ${lane.license || 'none'}${lane.expiration ? `, expires ${lane.expiration}` : ''}${lane.unlisted ? ' (not on the list of licensed applicators)' : ''}`
}

const columnLabel = (day: string) => (day === '' ? NO_DAY : dayLabel(day))
/** A card that moves by drag and keys: scheduled (not staged), not started. */
const pickable = (card: Card) => movableOnBoard(card.status) && !card.upcoming
/** The focus back on a card, scrolled clear of the sticky top bar (its scroll margin). */
function focusCard(id: number) {
  const card = document.getElementById(`card-${id}`)
  card?.focus({ preventScroll: true })
  card?.scrollIntoView({ block: 'nearest' })
}

export function Board({ data, result }: { data: BoardData; result: MoveResult | undefined }) {
  const { board, days, previous, next, submissionId, movedAway } = data
  const hydrated = useHydrated()
  const submit = useSubmit()
  const navigation = useNavigation()
  const lanes: Lane[] = [{ id: 0, name: UNASSIGNED_LANE, license: '', expiration: null, unlisted: false }, ...board.lanes]
  const columns = [...days, '']
  const [announce, setAnnounce] = useState('')
  const [picked, setPicked] = useState<{ id: number; lane: number; column: number } | null>(null)
  const [over, setOver] = useState<string | null>(null)
  /** the move under way: its card and what to say once it is saved */
  const moving = useRef<{ id: number; number: string; text: string } | null>(null)
  /** the method of the navigation under way (POST: a move or its confirm; GET: the confirm cancelled) */
  const method = useRef<string | null>(null)

  const cellOf = (card: Card) => ({
    lane: Math.max(
      0,
      lanes.findIndex((l) => l.id === (card.assigned_to ?? 0)),
    ),
    column: columns.indexOf(dayOfCard(card) ?? ''),
  })
  const whereText = (lane: number, column: number) => `${lanes[lane]!.name}, ${columnLabel(columns[column]!)}`
  const movedText = (card: Card, where: string) => `${card.pre_treat_number} moved to ${where}.`

  // after a move: say how it went and bring the focus back to the card — unless the move waits on
  // its confirm step, whose dialog holds the focus until it is saved or cancelled
  useEffect(() => {
    if (navigation.state !== 'idle') {
      method.current = (navigation.formMethod ?? 'GET').toUpperCase()
      return
    }
    const done = method.current
    method.current = null
    const pending = moving.current
    if (!pending || !done) return
    if (done === 'POST' && result?.confirm) {
      setAnnounce('The move has warnings: confirm it or cancel.')
      return
    }
    moving.current = null
    if (done !== 'POST') setAnnounce(`${pending.number} not moved.`)
    else setAnnounce(result?.error ?? pending.text)
    focusCard(pending.id)
  }, [navigation.state, navigation.formMethod, result])

  function move(card: Card, lane: number, column: number) {
    const from = cellOf(card)
    if (from.lane === lane && from.column === column) {
      setAnnounce(`${card.pre_treat_number} stays at ${whereText(lane, column)}.`)
      return
    }
    const form = document.getElementById(`move-${card.id}`) as HTMLFormElement | null
    if (!form) return
    const fields = new FormData(form)
    fields.set('applicator', String(lanes[lane]!.id))
    fields.set('planned_on', columns[column]!)
    moving.current = { id: card.id, number: card.pre_treat_number, text: movedText(card, whereText(lane, column)) }
    setAnnounce(`Moving ${card.pre_treat_number} to ${whereText(lane, column)}…`)
    submit(fields, { method: 'post', action: form.getAttribute('action') ?? undefined, preventScrollReset: true })
  }

  /** A card's Move form sent as it is: followed like a drop. */
  function onFormMove(card: Card, form: HTMLFormElement) {
    const fields = new FormData(form)
    const lane = lanes.find((l) => String(l.id) === fields.get('applicator'))?.name ?? UNASSIGNED_LANE
    const day = String(fields.get('planned_on') ?? '')
    moving.current = { id: card.id, number: card.pre_treat_number, text: movedText(card, `${lane}, ${columnLabel(day)}`) }
  }

  function onKey(event: KeyboardEvent<HTMLLIElement>, card: Card) {
    if (event.target !== event.currentTarget) return
    const key = event.key
    if (!picked || picked.id !== card.id) {
      if (key === ' ' || key === 'Enter') {
        event.preventDefault()
        const at = cellOf(card)
        setPicked({ id: card.id, ...at })
        setAnnounce(`Picked up ${card.pre_treat_number} at ${whereText(at.lane, at.column)}. Arrow keys choose the lane and day; Space or Enter drops it; Escape cancels.`)
      }
      return
    }
    let { lane, column } = picked
    if (key === 'ArrowLeft') column = Math.max(0, column - 1)
    else if (key === 'ArrowRight') column = Math.min(columns.length - 1, column + 1)
    else if (key === 'ArrowUp') lane = Math.max(0, lane - 1)
    else if (key === 'ArrowDown') lane = Math.min(lanes.length - 1, lane + 1)
    else if (key === 'Escape') {
      event.preventDefault()
      setPicked(null)
      setAnnounce(`${card.pre_treat_number} put back.`)
      return
    } else if (key === ' ' || key === 'Enter') {
      event.preventDefault()
      setPicked(null)
      move(card, lane, column)
      return
    } else return
    event.preventDefault()
    setPicked({ id: card.id, lane, column })
    setAnnounce(whereText(lane, column))
  }

  function onDrop(event: DragEvent<HTMLDivElement>, lane: number, column: number) {
    event.preventDefault()
    setOver(null)
    const id = Number(event.dataTransfer.getData('text/plain'))
    const card = board.cards.find((c) => c.id === id)
    if (card && pickable(card)) move(card, lane, column)
  }

  const weekLink = (day: string) => `/dispatch?week=${day}`
  const confirm = result?.confirm
  const confirmCard = confirm ? board.cards.find((c) => c.id === confirm.id) : undefined
  const moveAction = `/dispatch?week=${board.monday}`
  // a refusal stands on its card; one about no card of this week stands above the lanes
  const refusalOnCard = result?.error && result.id !== undefined && board.cards.some((c) => c.id === result.id)

  return (
    <>
      <h1>Dispatch Board</h1>
      <nav className="dispatch-week" aria-label="Week">
        <Link to={weekLink(previous)} className="button button-secondary button-small" preventScrollReset>
          ← Previous week
        </Link>
        <Link to="/dispatch" className="button button-secondary button-small">
          This week
        </Link>
        <Link to={weekLink(next)} className="button button-secondary button-small" preventScrollReset>
          Next week →
        </Link>
        <Form method="get" className="dispatch-week-form">
          <label htmlFor="dispatch-week">Week of</label>
          <input id="dispatch-week" type="date" name="week" defaultValue={board.monday} min="2000-01-03" max="2099-12-28" />
          <button type="submit" className="button button-small">
            Show
          </button>
        </Form>
      </nav>
      <p className="dispatch-range">
        <strong>
          {dayLabel(days[0]!)} – {dayLabel(days[6]!)}
        </strong>{' '}
        · {board.cards.length} {board.cards.length === 1 ? 'pre-treat' : 'pre-treats'}
      </p>
      <p className="muted" id={HELP}>
        {/* the same words before and after the page wakes up: no shift of the lanes under it */}
        Move a card with its Move form, by dragging it to a lane and day, or with keys: Space picks up the focused card, the arrow keys choose the lane and day, Space or Enter drops it, Escape cancels
        (dragging and keys need JavaScript).
      </p>
      {movedAway ? (
        <p className="notice dispatch-note">
          {movedAway.pre_treat_number} moved to {movedAway.applicator ?? UNASSIGNED_LANE}, {dayLabel(movedAway.day)}, in the week of {dayLabel(movedAway.monday)}.{' '}
          <Link to={weekLink(movedAway.monday)}>Show that week</Link>
        </p>
      ) : null}
      {board.moreWithNoDay ? (
        <p className="notice dispatch-note">
          More pre-treats have no day than the board shows: the {NO_DAY_CARDS} oldest are under {NO_DAY}. Plan the others from the <Link to="/scheduled-pre-treat">Scheduled list</Link>.
        </p>
      ) : null}
      {result?.error && !refusalOnCard ? (
        <p className="notice notice-error" role="alert">
          {result.error}
        </p>
      ) : null}
      <div role="status" aria-live="polite" className="visually-hidden">
        {announce}
      </div>
      {confirm && confirmCard ? (
        <Modal title="Confirm the Move" closeTo={moveAction} blocking>
          <p>
            {confirmCard.pre_treat_number} to {lanes.find((l) => l.id === confirm.applicator)?.name ?? UNASSIGNED_LANE}, {confirm.planned_on ? dayLabel(confirm.planned_on) : NO_DAY}:
          </p>
          <ul className="dispatch-warnings" aria-label="Warnings">
            {[...confirm.warnings, ...confirm.season].map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
          <Form method="post" action={`${moveAction}#card-${confirm.id}`} className="dispatch-confirm" preventScrollReset>
            <CsrfInput />
            <input type="hidden" name="submission_id" value={submissionId} />
            <input type="hidden" name="week" value={board.monday} />
            <input type="hidden" name="id" value={confirm.id} />
            <input type="hidden" name="applicator" value={confirm.applicator} />
            <input type="hidden" name="planned_on" value={confirm.planned_on} />
            <input type="hidden" name="confirm" value="yes" />
            {confirm.season.length > 0 ? <SeasonReasonField id="dispatch-season-reason" error={confirm.reasonError ? SEASON_REASON_MISSING : undefined} /> : null}
            <div className="dispatch-confirm-buttons">
              <button type="submit" className="button">
                Save Anyway
              </button>
              <Link to={moveAction} className="button button-secondary" preventScrollReset>
                Cancel
              </Link>
            </div>
          </Form>
        </Modal>
      ) : null}
      {lanes.map((lane, l) => (
        <section key={lane.id} className="dispatch-lane" aria-labelledby={`lane-${lane.id}`}>
          <div className="dispatch-lane-head">
            <h2 id={`lane-${lane.id}`}>{lane.name}</h2>
            <span className="muted">{laneText(lane)}</span>
          </div>
          <div className="dispatch-days">
            {columns.map((day, c) => {
              const cards = board.cards.filter((card) => (card.assigned_to ?? 0) === lane.id && (dayOfCard(card) ?? '') === day)
              const target = (picked && picked.lane === l && picked.column === c) || over === `${l}:${c}`
              return (
                <div
                  key={day || 'none'}
                  className={`dispatch-day${target ? ' dispatch-target' : ''}${cards.length === 0 ? ' dispatch-day-empty' : ''}`}
                  onDragOver={(e) => {
                    e.preventDefault()
                    if (over !== `${l}:${c}`) setOver(`${l}:${c}`)
                  }}
                  onDragLeave={() => setOver((o) => (o === `${l}:${c}` ? null : o))}
                  onDrop={(e) => onDrop(e, l, c)}
                  data-lane={lane.id}
                  data-day={day}
                >
                  <h3>{columnLabel(day)}</h3>
                  {cards.length > 0 ? (
                    <ul className="dispatch-cards" aria-label={`${lane.name}, ${columnLabel(day)}`}>
                      {cards.map((card) => (
                        <CardItem
                          key={card.id}
                          card={card}
                          lanes={lanes}
                          hydrated={hydrated}
                          picked={picked?.id === card.id}
                          where={whereText(l, c)}
                          action={moveAction}
                          submissionId={submissionId}
                          monday={board.monday}
                          refusal={refusalOnCard && result?.id === card.id ? result.error : undefined}
                          onKey={onKey}
                          onFormMove={onFormMove}
                        />
                      ))}
                    </ul>
                  ) : null}
                </div>
              )
            })}
          </div>
        </section>
      ))}
    </>
  )
}

function CardItem({
  card,
  lanes,
  hydrated,
  picked,
  where,
  action,
  submissionId,
  monday,
  refusal,
  onKey,
  onFormMove,
}: {
  card: Card
  lanes: Lane[]
  hydrated: boolean
  picked: boolean
  where: string
  action: string
  submissionId: string
  monday: string
  /** why its last move was refused */
  refusal: string | undefined
  onKey: (event: KeyboardEvent<HTMLLIElement>, card: Card) => void
  onFormMove: (card: Card, form: HTMLFormElement) => void
}) {
  const day = dayOfCard(card)
  const movable = movableOnBoard(card.status)
  const dayFixed = card.application_date !== null
  return (
    <li
      id={`card-${card.id}`}
      className={`dispatch-card${picked ? ' dispatch-picked' : ''}${card.warnings.length ? ' dispatch-card-warned' : ''}${pickable(card) ? ' dispatch-card-pickable' : ''}${movable ? '' : ' dispatch-card-readonly'}`}
      data-card={card.id}
      // every card takes the focus back after a move; only a scheduled one is picked up by keys
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a card is picked up and moved by keys (decision 0066), its help named by aria-describedby
      tabIndex={hydrated && pickable(card) ? 0 : -1}
      {...(hydrated && pickable(card)
        ? {
            draggable: true,
            'aria-describedby': HELP,
            onDragStart: (e: DragEvent<HTMLLIElement>) => {
              e.dataTransfer.setData('text/plain', String(card.id))
              e.dataTransfer.effectAllowed = 'move'
            },
            onKeyDown: (e: KeyboardEvent<HTMLLIElement>) => onKey(e, card),
          }
        : {})}
    >
      <p className="dispatch-card-title">
        <strong>{card.pre_treat_number}</strong>
        {card.upcoming ? <span className="dispatch-tag">Staged</span> : null}
        {movable ? null : <span className="dispatch-tag dispatch-tag-readonly">{PRETREAT_STATUS_LABELS[card.status]}</span>}
        <span className="visually-hidden">, {where}</span>
      </p>
      {refusal ? (
        <p className="dispatch-card-error" role="alert">
          {refusal}
        </p>
      ) : null}
      <dl className="dispatch-facts">
        <dt>Storage</dt>
        <dd>{card.storage_name}</dd>
        <dt>Grower</dt>
        <dd>{card.grower}</dd>
        <dt>Product</dt>
        <dd>{card.products || '—'}</dd>
        <dt>CWT</dt>
        <dd>{card.cwt === null ? '—' : formatCwt(Number(card.cwt))}</dd>
        <dt>{dayFixed ? 'Application date' : 'Planned'}</dt>
        <dd>{day ?? NO_DAY}</dd>
      </dl>
      {card.warnings.length > 0 ? (
        // a summary of short names; the sentences open below it (a narrow column stays short)
        <details className="dispatch-warnings">
          <summary>
            {card.warnings.length === 1 ? '1 warning' : `${card.warnings.length} warnings`}: {[...new Set(card.warnings.map((w) => WARNING_LABELS[w.kind]))].join(', ')}
          </summary>
          <ul aria-label={`Warnings for ${card.pre_treat_number}`}>
            {card.warnings.map((w) => (
              <li key={w.message} data-kind={w.kind}>
                {w.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {movable ? (
        <details className="dispatch-move">
          <summary>Move…</summary>
          <Form method="post" action={`${action}#card-${card.id}`} id={`move-${card.id}`} preventScrollReset onSubmit={(e: FormEvent<HTMLFormElement>) => onFormMove(card, e.currentTarget)}>
            <CsrfInput />
            <input type="hidden" name="submission_id" value={submissionId} />
            <input type="hidden" name="week" value={monday} />
            <input type="hidden" name="id" value={card.id} />
            {card.upcoming ? (
              // a staged card has no applicator until it is scheduled: its form plans the day only
              <>
                <input type="hidden" name="applicator" value="0" />
                <p className="dispatch-move-note">
                  Staged: schedule it from the <Link to="/staged-pre-treat">Staged list</Link> to assign an applicator.
                </p>
              </>
            ) : (
              <>
                <label htmlFor={`move-${card.id}-applicator`}>Applicator</label>
                <select id={`move-${card.id}-applicator`} name="applicator" defaultValue={card.assigned_to ?? 0}>
                  {lanes.map((lane) => (
                    <option key={lane.id} value={lane.id}>
                      {lane.name}
                    </option>
                  ))}
                </select>
              </>
            )}
            {/* the day the card stands on: its application date, when its sheet set one, the board cannot change */}
            <label htmlFor={`move-${card.id}-day`}>{dayFixed ? 'Application date' : 'Planned date'}</label>
            <input
              id={`move-${card.id}-day`}
              type="date"
              name="planned_on"
              defaultValue={day ?? ''}
              min="2000-01-01"
              max="2099-12-31"
              readOnly={dayFixed}
              {...(dayFixed ? { 'aria-describedby': `move-${card.id}-day-note` } : {})}
            />
            {dayFixed ? (
              <p className="dispatch-move-note" id={`move-${card.id}-day-note`}>
                Set on its sheet: the board moves its lane only.
              </p>
            ) : null}
            <button type="submit" className="button button-small" aria-label={`Move ${card.pre_treat_number}`}>
              Move
            </button>
          </Form>
        </details>
      ) : null}
    </li>
  )
}
