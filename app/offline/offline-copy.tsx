// With no signal the service worker answers with the copy of a page the user opened last
// (sw/sw.ts): the page says so, and how old the copy is ('as of', the server's Date on it), so
// nobody takes it for the office's latest. The worker says which pages it served from the device:
// a page asks when it starts, and an open page whose data came from a copy is told.
// Browser only (without JavaScript there is no worker).
import { useEffect, useState } from 'react'
import { shortTime } from './draft-record.ts'
import { tellWorker, type ToPage } from './sw/protocol.ts'

export const asOfText = (when: string) => `No connection: you are reading this page as of ${when}.`

export function OfflineCopyNotice() {
  const [at, setAt] = useState<string | null>(null)
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const worker = navigator.serviceWorker
    const onMessage = (event: MessageEvent<ToPage | undefined>) => {
      if (event.data?.type === 'copy') setAt(event.data.at)
    }
    worker.addEventListener('message', onMessage)
    tellWorker(worker.controller, { type: 'copy?' })
    return () => worker.removeEventListener('message', onMessage)
  }, [])
  if (at === null) return null
  const date = new Date(at)
  return (
    <p className="offline-copy" role="status">
      {asOfText(Number.isNaN(date.getTime()) ? at : shortTime(date.toISOString()))}
    </p>
  )
}
