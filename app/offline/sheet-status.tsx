// What SheetOffline shows: the status line ('Online — saved at…', 'Offline…'), a queued submit, the
// server's refusal (when the page does not show it itself), a conflict to choose, and Success.
import { SUCCESS_TEXT } from '../components/form/form-result.ts'
import { Modal } from '../components/modal.tsx'
import { ConflictDialog } from './conflict-dialog.tsx'
import { statusText } from './draft-record.ts'
import { connectionOf, type ConflictChoice, type SheetSyncSnapshot } from './sheet-sync.machine.ts'

export const QUEUED_TEXT = 'Submit queued — it will be sent when you are back online.'

/** `queuedShown`: the page says a submit waits itself (by its Submit button). */
export function SheetStatus({ snapshot, queuedShown, onResolve }: { snapshot: SheetSyncSnapshot; queuedShown: boolean; onResolve: (choice: ConflictChoice) => void }) {
  const connection = connectionOf(snapshot)
  const { lastServerSave, message, conflict } = snapshot.context
  return (
    <div className="offline-status">
      <p role="status" className="muted" data-connection={connection}>
        {statusText(connection, lastServerSave ? new Date(lastServerSave) : null)}
      </p>
      {snapshot.matches({ queue: 'queued' }) && !queuedShown ? <p className="notice">{QUEUED_TEXT}</p> : null}
      {message ? (
        <p role="alert" className="notice notice-error">
          {message}
        </p>
      ) : null}
      {conflict && snapshot.matches({ send: 'conflict' }) ? <ConflictDialog differences={conflict.differences} onKeepMine={() => onResolve('mine')} onUseServers={() => onResolve('server')} /> : null}
      {snapshot.matches({ send: 'submitted' }) ? (
        <Modal title="Success">
          <p role="status">{SUCCESS_TEXT}</p>
        </Modal>
      ) : null}
    </div>
  )
}
