import { Form, Link } from '@remix-run/react'
import { alertTotal, type Alert } from '#app/alerts.ts'
import { MAIN_MENU, visibleItems } from '#app/menu.ts'
import { displayName, type SessionUser } from '#core/permissions.ts'
import { CsrfInput } from '../csrf.tsx'
import { Icon } from '../icons.tsx'
import { clearOfflineDataOnSignOut } from '#app/offline/sign-out.ts'
import { WaitingToSend } from '#app/offline/waiting-to-send.tsx'
import { AlertsBell } from './alerts-bell.tsx'
import { SearchBox } from './search-box.tsx'
import { useClosedOnNavigation } from './use-closed-on-navigation.ts'
import { searchableKinds } from '#app/search.ts'

function LogoutButton({ className, userId }: { className?: string; userId: number }) {
  return (
    <Form method="post" action="/logout" className={className} onSubmit={clearOfflineDataOnSignOut(userId)}>
      <CsrfInput />
      <button type="submit" className="icon-button" aria-label="Log out" title="Log out">
        <Icon name="logout" />
        <span className="label">Log out</span>
      </button>
    </Form>
  )
}

/** The phone menu: a <details> so it opens without JavaScript. */
function SideMenu({ user, alerts }: { user: SessionUser; alerts: Alert[] }) {
  const panel = useClosedOnNavigation()
  return (
    <details className="side-menu" ref={panel}>
      <summary aria-label="Menu">
        <Icon name="menu" />
      </summary>
      <nav aria-label="Main">
        <p className="side-user">
          <strong>{displayName(user)}</strong>
          <span className="task-count">{alertTotal(alerts)} tasks</span>
        </p>
        <ul>
          <li>
            <Link to="/">Home</Link>
          </li>
          {visibleItems(user, MAIN_MENU).map((item) => (
            <li key={item.to}>
              <Link to={item.to}>{item.title}</Link>
            </li>
          ))}
        </ul>
        <LogoutButton className="side-logout" userId={user.id} />
      </nav>
    </details>
  )
}

export function TopBar({ user, alerts, companyName, version }: { user: SessionUser | null; alerts: Alert[]; companyName: string; version: string | null }) {
  return (
    <header className="top-bar">
      {user ? <SideMenu user={user} alerts={alerts} /> : null}
      <Link to="/" className="logo" aria-label={`${companyName} home`} data-version={version ?? undefined} tabIndex={0}>
        <Icon name="sprout" />
        <span className="logo-text">{companyName}</span>
        {version ? (
          <span className="tooltip" role="tooltip">
            Version {version}
          </span>
        ) : null}
      </Link>
      <span className="who" title={user?.company_name || undefined}>
        {user ? displayName(user) : ''}
      </span>
      {user && searchableKinds(user).length > 0 ? <SearchBox /> : null}
      {user ? <WaitingToSend /> : null}
      {user ? <AlertsBell alerts={alerts} /> : null}
      {user ? (
        <LogoutButton className="top-logout" userId={user.id} />
      ) : (
        <Link to="/login" className="icon-button" aria-label="Log in" title="Log in">
          <Icon name="login" />
        </Link>
      )}
    </header>
  )
}
