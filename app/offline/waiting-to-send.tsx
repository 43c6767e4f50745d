// The top bar's outbox (decisions 0048, 0058, 0059): '2 waiting to send' with the oldest time,
// opening the list of what waits — each form or sheet, when, its photos, why the last try failed —
// with Send now, Open (a refused form goes back to its page with the server's words) and Discard,
// which asks first; in a Safari tab on iOS, a warning that Safari may delete it all after seven days
// without use (decision 0095); a link to what the device keeps. Shown only with JavaScript: without
// it nothing is ever queued.
import { Link } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { shortTime, waitingText } from './draft-record.ts'
import { discardForm, outboxUser, queuedForm, retryForm } from './form-outbox.ts'
import { inIosSafariTab } from './install.ts'
import { ON_THIS_DEVICE, SAFARI_TAB_WARNING } from './on-this-device.tsx'
import { retrySheet } from './outbox.ts'
import { countWaitingNow, pingServer, sendWaitingNow, useWaitingItems, type WaitingItem } from './outbox-state.ts'
import { reopenHref } from './restore-form.ts'
import { useClosedOnNavigation } from '../components/shell/use-closed-on-navigation.ts'

export const SEND_NOW_UNREACHABLE_TEXT = 'The server could not be reached. It stays on this device and is sent when the server answers.'
export const DISCARD_QUESTION = 'Discard this form and its photos? They have not reached the office and cannot be brought back.'

/** The queued form a list item names (its key is `${userId}:${submissionId}`). */
function entryOf(item: WaitingItem) {
  const userId = outboxUser()
  return userId === null ? Promise.resolve(undefined) : queuedForm(userId, submissionIdOf(item))
}

const submissionIdOf = (item: WaitingItem) => item.key.slice(item.key.indexOf(':') + 1)
/** A sheet's item is keyed as its draft: `${userId}:${draftKey}`. */
const sheetKeyOf = submissionIdOf

function WaitingEntry({ item }: { item: WaitingItem }) {
  const [asking, setAsking] = useState(false)
  const [unreachable, setUnreachable] = useState(false)
  const sendNow = async () => {
    // with no signal the pump tries nothing: said here, where the user pressed
    const reached = await pingServer()
    setUnreachable(!reached)
    if (!reached) return
    const userId = outboxUser()
    if (item.refused && item.kind === 'sheet' && userId !== null) await retrySheet(userId, sheetKeyOf(item))
    const entry = item.kind === 'form' ? await entryOf(item) : undefined
    if (entry?.refused) await retryForm(entry)
    sendWaitingNow()
  }
  const discard = async () => {
    const entry = await entryOf(item)
    if (entry) await discardForm(entry)
    setAsking(false)
    await countWaitingNow()
  }
  return (
    <li className={`outbox__item${item.refused ? ' outbox__item--refused' : ''}`}>
      <p className="outbox__title">
        <strong>{item.title}</strong>
        {item.summary ? <span className="outbox__summary"> {item.summary}</span> : null} <span className="outbox__when">queued {shortTime(item.since)}</span>
        {item.photos > 0 ? <span className="outbox__photos">{item.photos === 1 ? ' · 1 photo' : ` · ${item.photos} photos`}</span> : null}
      </p>
      {item.lastError ? <p className={item.refused ? 'outbox__error' : 'outbox__last-try'}>{item.refused ? `Not sent: ${item.lastError}` : `Last try: ${item.lastError}`}</p> : null}
      {unreachable ? (
        <p className="outbox__last-try" role="status">
          {SEND_NOW_UNREACHABLE_TEXT}
        </p>
      ) : null}
      {asking ? (
        <div className="outbox__ask" role="alertdialog" aria-label="Discard">
          <p>{DISCARD_QUESTION}</p>
          <button type="button" className="button button-danger" onClick={() => void discard()}>
            Discard
          </button>{' '}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- asked "Discard?", the focus goes to the choice that loses nothing (an alert dialog's rule) */}
          <button type="button" className="button button-secondary" onClick={() => setAsking(false)} autoFocus>
            Keep
          </button>
        </div>
      ) : (
        <div className="outbox__actions">
          <button type="button" className="button" onClick={() => void sendNow()}>
            Send now
          </button>{' '}
          <Link className="button button-secondary" to={item.kind === 'form' ? reopenHref(item.href, submissionIdOf(item)) : item.href}>
            Open
          </Link>{' '}
          {item.kind === 'form' ? (
            <button type="button" className="button button-secondary" onClick={() => setAsking(true)}>
              Discard…
            </button>
          ) : null}
        </div>
      )}
    </li>
  )
}

export function WaitingToSend() {
  const items = useWaitingItems()
  const panel = useClosedOnNavigation()
  const [safariTab, setSafariTab] = useState(false)
  useEffect(() => setSafariTab(inIosSafariTab()), [])
  if (items.length === 0) return null
  const refused = items.filter((item) => item.refused).length
  return (
    <details className="outbox" ref={panel}>
      <summary className="waiting-to-send">
        <span role="status">{waitingText(items.length)}</span>
        <span className="outbox__oldest"> · since {shortTime(items[0]!.since)}</span>
        {refused > 0 ? <span className="outbox__refused-count"> · {refused} not accepted</span> : null}
      </summary>
      <div className="outbox__panel">
        <h2 className="outbox__heading">Waiting to send</h2>
        <p className="outbox__hint">Kept on this device and sent when the server can be reached.</p>
        {safariTab ? <p className="outbox__warning">{SAFARI_TAB_WARNING}</p> : null}
        <ul className="outbox__list">
          {items.map((item) => (
            <WaitingEntry key={item.key} item={item} />
          ))}
        </ul>
        <p className="outbox__hint">
          <Link to={ON_THIS_DEVICE}>What this device keeps</Link>
        </p>
      </div>
    </details>
  )
}
