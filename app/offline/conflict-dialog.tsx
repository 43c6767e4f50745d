import { Modal } from '../components/modal.tsx'
import type { FieldDifference } from './draft-record.ts'

export interface ShownDifference extends FieldDifference {
  label: string
}

/**
 * The server's copy changed while this device had edits (a 409): both sides, only the fields that
 * differ, and the applicator chooses. Nothing is overwritten without this choice.
 */
export function ConflictDialog({ differences, onKeepMine, onUseServers }: { differences: ShownDifference[]; onKeepMine: () => void; onUseServers: () => void }) {
  return (
    <Modal title="This sheet changed on the server" labelledBy="conflict-title">
      <p>Another device saved this sheet while yours had changes. Choose which values to keep.</p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">On this device</th>
              <th scope="col">On the server</th>
            </tr>
          </thead>
          <tbody>
            {differences.map((d) => (
              <tr key={d.name}>
                <th scope="row">{d.label}</th>
                <td>{d.mine}</td>
                <td>{d.server}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        <button type="button" className="button" onClick={onKeepMine}>
          Keep mine
        </button>
        <button type="button" className="button button-secondary" onClick={onUseServers}>
          Use the server's
        </button>
      </div>
    </Modal>
  )
}
