// The dispatch board's page (route.tsx): week picker, lanes, cards, the confirm step, and the drag
// and keyboard moves, which post the card's own Move form with the lane and day chosen.
import { Form, Link, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import { CsrfInput } from '#app/components/csrf.tsx'
import { Modal } from '#app/components/modal.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { SeasonReasonField } from '#app/features/pretreat-sheet/season-check.tsx'
import { dayLabel, dayOfCard, NO_DAY, UNASSIGNED_LANE } from '#core/dispatch.ts'
import { formatCwt } from '#core/pretreat-quantities.ts'
import { SEASON_REASON_MISSING } from '#core/season-reasons.ts'
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

export function Board({ data, result }: { data: BoardData; result: MoveResult | undefined }) {
  const { board, days, previous, next, submissionId } = data
  const hydrated = useHydrated()
  const submit = useSubmit()
  const navigation = useNavigation()
  const lanes: Lane[] = [{ id: 0, name: UNASSIGNED_LANE, license: '', expiration: null, unlisted: false }, ...board.lanes]
  const columns = [...days, '']
  const [announce, setAnnounce] = useState('')
  const [picked, setPicked] = useState<{ id: number; lane: number; column: number } | null>(null)
  const [over, setOver] = useState<string | null>(null)
  const moving = useRef<{ id: number; text: string } | null>(null)

  const cellOf = (card: Card) => ({
    lane: Math.max(
      0,
      lanes.findIndex((l) => l.id === (card.assigned_to ?? 0))
    ),
    column: columns.indexOf(dayOfCard(card) ?? ''),
  })
  const whereText = (lane: number, column: number) => `${lanes[lane]!.name}, ${columnLabel(columns[column]!)}`

  // after a move: say how it went, and keep the focus on the card
  useEffect(() => {
    if (navigation.state !== 'idle' || !moving.current) return
    const { id, text } = moving.current
    moving.current = null
    if (result?.error) setAnnounce(result.error)
    else if (result?.confirm) setAnnounce('The move has warnings: confirm it or cancel.')
    else setAnnounce(text)
    document.querySelector<HTMLElement>(`[data-card="${id}"]`)?.focus()
  }, [navigation.state, result])

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
    moving.current = { id: card.id, text: `${card.pre_treat_number} moved to ${whereText(lane, column)}.` }
    setAnnounce(`Moving ${card.pre_treat_number} to ${whereText(lane, column)}…`)
    submit(fields, { method: 'post', action: form.getAttribute('action') ?? undefined, preventScrollReset: true })
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
    if (card) move(card, lane, column)
  }

  const weekLink = (day: string) => `/dispatch?week=${day}`
  const confirm = result?.confirm
  const confirmCard = confirm ? board.cards.find((c) => c.id === confirm.id) : undefined
  const moveAction = `/dispatch?week=${board.monday}`

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
      {board.moreWithNoDay ? (
        <p className="notice dispatch-note">
          More pre-treats have no day than the board shows: the {NO_DAY_CARDS} oldest are under {NO_DAY}. Plan the others from the <Link to="/scheduled-pre-treat">Scheduled list</Link>.
        </p>
      ) : null}
      {result?.error ? (
        <p className="notice notice-error" role="alert">
          {result.error}
        </p>
      ) : null}
      <div role="status" aria-live="polite" className="visually-hidden">
        {announce}
      </div>
      {confirm && confirmCard ? (
        <Modal title="Confirm the Move" closeTo={moveAction}>
          <p>
            {confirmCard.pre_treat_number} to {lanes.find((l) => l.id === confirm.applicator)?.name ?? UNASSIGNED_LANE}, {confirm.planned_on ? dayLabel(confirm.planned_on) : NO_DAY}:
          </p>
          <ul className="dispatch-warnings" aria-label="Warnings">
            {[...confirm.warnings, ...confirm.season].map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
          <Form method="post" action={moveAction} className="dispatch-confirm" preventScrollReset>
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
                          onKey={onKey}
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
  onKey,
}: {
  card: Card
  lanes: Lane[]
  hydrated: boolean
  picked: boolean
  where: string
  action: string
  submissionId: string
  monday: string
  onKey: (event: KeyboardEvent<HTMLLIElement>, card: Card) => void
}) {
  const day = dayOfCard(card)
  return (
    <li
      className={`dispatch-card${picked ? ' dispatch-picked' : ''}${card.warnings.length ? ' dispatch-card-warned' : ''}`}
      data-card={card.id}
      {...(hydrated
        ? {
            tabIndex: 0,
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
        <span className="visually-hidden">, {where}</span>
      </p>
      <dl className="dispatch-facts">
        <dt>Storage</dt>
        <dd>{card.storage_name}</dd>
        <dt>Grower</dt>
        <dd>{card.grower}</dd>
        <dt>Product</dt>
        <dd>{card.products || '—'}</dd>
        <dt>CWT</dt>
        <dd>{card.cwt === null ? '—' : formatCwt(Number(card.cwt))}</dd>
        <dt>Planned</dt>
        <dd>{day ?? NO_DAY}</dd>
      </dl>
      {card.warnings.length > 0 ? (
        <ul className="dispatch-warnings" aria-label={`Warnings for ${card.pre_treat_number}`}>
          {card.warnings.map((w) => (
            <li key={w.message} data-kind={w.kind}>
              {w.message}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="dispatch-move">
        <summary>Move…</summary>
        <Form method="post" action={action} id={`move-${card.id}`} preventScrollReset>
          <CsrfInput />
          <input type="hidden" name="submission_id" value={submissionId} />
          <input type="hidden" name="week" value={monday} />
          <input type="hidden" name="id" value={card.id} />
          <label htmlFor={`move-${card.id}-applicator`}>Applicator</label>
          <select id={`move-${card.id}-applicator`} name="applicator" defaultValue={card.assigned_to ?? 0}>
            {lanes.map((lane) => (
              <option key={lane.id} value={lane.id}>
                {lane.name}
              </option>
            ))}
          </select>
          <label htmlFor={`move-${card.id}-day`}>Planned date</label>
          <input id={`move-${card.id}-day`} type="date" name="planned_on" defaultValue={card.planned_on ?? ''} min="2000-01-01" max="2099-12-31" />
          <button type="submit" className="button button-small" aria-label={`Move ${card.pre_treat_number}`}>
            Move
          </button>
        </Form>
      </details>
    </li>
  )
}
