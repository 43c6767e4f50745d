import { Link } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { ALERT_POLL_MS, ALERTS, alertTotal, type Alert } from '#app/alerts.ts'
import { Icon } from '../icons.tsx'
import { useClosedOnNavigation } from './use-closed-on-navigation.ts'

/** Polls GET /api/alerts/ every 5 minutes while the page is open (JavaScript only). */
export function useAlerts(initial: Alert[]): Alert[] {
  const [alerts, setAlerts] = useState(initial)
  useEffect(() => setAlerts(initial), [initial])
  useEffect(() => {
    const timer = window.setInterval(async () => {
      try {
        const response = await fetch('/api/alerts/', { headers: { accept: 'application/json' } })
        if (response.ok) setAlerts((await response.json()) as Alert[])
      } catch {
        // offline: keep the last counts
      }
    }, ALERT_POLL_MS)
    return () => window.clearInterval(timer)
  }, [])
  return alerts
}

export function AlertsBell({ alerts }: { alerts: Alert[] }) {
  const total = alertTotal(alerts)
  // the name says what the badge shows, so a voice user can say what they see
  const shown = total > 99 ? '99+' : String(total)
  const panel = useClosedOnNavigation()
  return (
    <details className="alerts-bell" ref={panel}>
      <summary aria-label={`Alerts: ${shown}`}>
        <Icon name="bell" />
        {total > 0 ? <span className="badge">{shown}</span> : null}
      </summary>
      <div className="dropdown" role="menu">
        {alerts.length === 0 || total === 0 ? (
          <p className="muted">No alerts.</p>
        ) : (
          <ul>
            {alerts
              .filter((a) => a.count > 0)
              .map((a) => (
                <li key={a.type}>
                  <Link to={ALERTS[a.type].to} role="menuitem">
                    <span>{ALERTS[a.type].label}</span> <strong>{a.count}</strong>
                  </Link>
                </li>
              ))}
          </ul>
        )}
      </div>
    </details>
  )
}
