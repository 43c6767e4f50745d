// The top bar's panels (the bell, the outbox, the phone menu) are <details>, so they open without
// JavaScript; with it the top bar stays while the page under it changes, and an open panel would
// stay open over the next page. Each closes when the address changes.
import { useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/** A ref for a <details> panel that closes on every navigation. */
export function useClosedOnNavigation() {
  const panel = useRef<HTMLDetailsElement>(null)
  const { key } = useLocation()
  useEffect(() => {
    if (panel.current) panel.current.open = false
  }, [key])
  return panel
}
