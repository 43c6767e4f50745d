// Which pages show a copy read from the device ('as of'): app/offline/offline-copy.tsx asks when a
// page starts, and an open page whose data came from a copy is told at once.
import { drawnAt } from './answers.ts'
import { worker } from './scope.ts'

/** client id → the Date of the copy it was given (the server's, when it was drawn) */
const copies = new Map<string, string>()

export async function servedCopy(clientId: string, copy: Response): Promise<void> {
  if (!clientId) return
  copies.set(clientId, drawnAt(copy))
  const client = await worker.clients.get(clientId)
  client?.postMessage({ type: 'copy', at: copies.get(clientId) })
}

/** A page that showed a copy reads the server again: it no longer says 'as of'. */
export async function servedFresh(clientId: string): Promise<void> {
  if (!copies.delete(clientId)) return
  const client = await worker.clients.get(clientId)
  client?.postMessage({ type: 'copy', at: null })
}

/** What a page asking 'copy?' is told. */
export const copyOf = (clientId: string) => copies.get(clientId) ?? null
