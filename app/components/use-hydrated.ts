import { useEffect, useState } from 'react'

/**
 * False on the server and in the first browser render, true once React runs in the browser: what
 * only works with JavaScript (timed modals, clickable rows, chunked uploads) waits for it, so a page
 * without JavaScript never shows a control that cannot work.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
