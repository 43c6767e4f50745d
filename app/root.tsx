import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation, useRouteError } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { alertsFor } from './alerts.server.ts'
import type { Alert } from './alerts.ts'
import { getUser, loginRedirect } from './auth/guard.server.ts'
import { keepPageAfterFailedSubmit } from './components/form/form-result.ts'
import { isUnavailable } from './http-errors.server.ts'
import { OfflineCopyNotice } from './offline/offline-copy.tsx'
import { OfflineSupport } from './offline/service-worker.tsx'
import { Breadcrumbs } from './components/shell/breadcrumbs.tsx'
import { useAlerts } from './components/shell/alerts-bell.tsx'
import { useRootData, type RootData } from './components/shell/root-data.ts'
import { TopBar } from './components/shell/top-bar.tsx'
import { APP_VERSION, config } from '#core/config.server.ts'
import { getDb } from '#db/client.server.ts'
import appCss from './styles/app.css?inline'
import listsCss from './styles/lists.css?inline'
import uploadCss from './styles/upload.css?inline'
import serviceCss from './styles/service.css?inline'
import driveViewerCss from './styles/drive-viewer.css?inline'
import searchCss from './styles/search.css?inline'

/**
 * All the CSS (about 8 KiB minified, 2 KiB compressed) goes inside every page's <head>: a page
 * paints from its HTML alone, with no stylesheet round trip to wait for on a weak connection
 * (docs/decisions/0016-compression-and-one-process-per-core.md).
 */
const STYLES = [appCss, listsCss, uploadCss, serviceCss, driveViewerCss, searchCss].join('\n')

/** The web app manifest (public/manifest.webmanifest) makes the app installable; Safari reads the touch icon (decision 0095). */
export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
]

export const meta: MetaFunction = () => [{ title: 'Keystone Field Operations' }]

export async function loader({ request, context }: LoaderFunctionArgs): Promise<RootData> {
  // The database unreachable: the shell is drawn without a user, and the page's own loader (every
  // page checks its access itself) fails with the same 503, which its error boundary tells in its
  // words (a list's 'Error fetching receipts', a form's Error modal), not the root's error page.
  let user: RootData['user']
  try {
    user = await getUser(request)
  } catch (error) {
    if (isUnavailable(error)) return { ...shellData(request, context, null), alerts: [] }
    throw error
  }
  // The access rule for every page: signed out, only / and /login (unknown paths: routes/$.tsx).
  const path = new URL(request.url).pathname
  if (!user && path !== '/' && path !== '/login') throw loginRedirect(request)
  return {
    ...shellData(request, context, user),
    // the bell is a nicety: a failed count leaves it empty rather than failing the page
    alerts: user ? await alertsFor(getDb(), user).catch((error: unknown) => (console.error('Alerts failed', error), [])) : [],
  }
}

function shellData(request: Request, context: LoaderFunctionArgs['context'], user: RootData['user']): Omit<RootData, 'alerts'> {
  return {
    user,
    csrfToken: context.csrfToken,
    cspNonce: context.cspNonce,
    companyName: config().COMPANY_NAME,
    version: user?.is_superuser ? APP_VERSION : null,
    requestId: context.requestId ?? null,
    requestPath: pathAndQuery(request),
  }
}

/** The address a page was read for (a data request's own marks taken off). */
function pathAndQuery(request: Request): string {
  const url = new URL(request.url)
  url.searchParams.delete('_routes')
  const path = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '')
  return `${path}${url.search}`
}

/**
 * When the shell is read again: after a submit (the user, the rights or the alerts may have changed;
 * not after one that failed: the read would fail too, and the form must stay as typed), on a reload of
 * the same address, and on the way to /login (a session that ended). Not on a link, nor on a list's
 * sort, filter or page: nothing in the shell depends on the address, and the page's data request is
 * then the page's alone, so one that fails on the way (a proxy's 502) shows the page's own words
 * inside the shell ('Error fetching receipts'), not this module's error page (docs/decisions/0085).
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  const submitted = args.formMethod !== undefined && args.formMethod.toUpperCase() !== 'GET'
  const reread = submitted || args.currentUrl.href === args.nextUrl.href || args.nextUrl.pathname === '/login'
  return reread ? keepPageAfterFailedSubmit(args) : false
}

function Document({ children, nonce }: { children: ReactNode; nonce?: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* here, not in meta: a route's own meta replaces the root's (the manifest's theme_color) */}
        <meta name="theme-color" content="#2f6b3a" />
        <Meta />
        <style dangerouslySetInnerHTML={{ __html: STYLES }} />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

/** One array for "no alerts", so the bell's state is not reset on every render (see useAlerts). */
const NO_ALERTS: Alert[] = []

function Shell({ data, children }: { data: RootData | undefined; children: ReactNode }) {
  const alerts = useAlerts(data?.alerts ?? NO_ALERTS)
  const companyName = data?.companyName ?? 'Keystone Storage Services'
  return (
    <div className="shell">
      <TopBar user={data?.user ?? null} alerts={alerts} companyName={companyName} version={data?.version ?? null} />
      {data?.user ? <OfflineCopyNotice /> : null}
      <Breadcrumbs />
      <main id="main" className="main">
        {children}
      </main>
      {data ? <OfflineSupport userId={data.user?.id ?? null} /> : null}
      <footer className="footer">© 2024 {companyName}. All rights reserved.</footer>
    </div>
  )
}

export default function App() {
  const data = useLoaderData<typeof loader>()
  // the page is React's from now on (before it, a click is the plain no-JavaScript post): tests wait for it
  useEffect(() => void (document.documentElement.dataset.hydrated = ''), [])
  return (
    <Document nonce={data.cspNonce}>
      <Shell data={data}>
        <Outlet />
      </Shell>
    </Document>
  )
}

const ERROR_TEXT: Record<number, { title: string; text: string }> = {
  400: { title: 'Bad request', text: 'The request could not be understood.' },
  403: { title: 'Not allowed', text: 'You do not have permission to view this page.' },
  404: { title: 'Not found', text: 'There is nothing at this address.' },
}

export function ErrorBoundary() {
  const error = useRouteError()
  const data = useRootData()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const known = ERROR_TEXT[status] ?? { title: 'Something went wrong', text: 'Please try again. If it keeps happening, tell the office.' }
  // A route may throw a Response with a message meant for the user (e.g. an expired form); the
  // bare 403 from the permission gate says only 'Forbidden' and gets the generic text.
  const detail = isRouteErrorResponse(error) && status !== 404 && typeof error.data === 'string' && error.data !== 'Forbidden' && error.data.length < 300 ? error.data : null
  // the id of the request that failed, for the office to find its log line: known when the shell
  // was read for this very address (a page loaded whole, or a navigation that read the shell again)
  const location = useLocation()
  const reference = data && data.requestPath === `${location.pathname}${location.search}` ? data.requestId : null
  return (
    <Document nonce={data?.cspNonce}>
      <Shell data={data}>
        <section className="error-page" aria-labelledby="error-title">
          <h1 id="error-title">{known.title}</h1>
          <p>{detail ?? known.text}</p>
          {reference ? <p className="muted">{`Reference: ${reference}`}</p> : null}
          <p>
            <Link to="/">Go to the home page</Link>
          </p>
        </section>
      </Shell>
    </Document>
  )
}
