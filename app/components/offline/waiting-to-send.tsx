import { waitingText } from './draft-record.ts'
import { useWaitingCount } from './outbox-state.ts'

/** The top bar's '1 waiting to send' while a submit or checklist queued offline waits (decision 0048). */
export function WaitingToSend() {
  const count = useWaitingCount()
  if (count === 0) return null
  return (
    <span className="waiting-to-send" role="status">
      {waitingText(count)}
    </span>
  )
}
