import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { getUser, readForm, safeRedirectPath } from '#app/auth/guard.server.ts'
import { startSession } from '#app/auth/session.server.ts'
import { authenticate, SignInError } from '#app/auth/sign-in.server.ts'
import { COMPANY_CONTACT } from '#app/company.ts'
import { CsrfInput } from '#app/components/csrf.tsx'
import { getDb } from '#db/client.server.ts'

export const meta: MetaFunction = () => [{ title: 'Login' }]
export const handle = { crumbs: [{ label: 'Login', to: '/login' }] }

/** The spec shows a failed sign-in for 10 seconds: a CSS animation hides it (so without JavaScript too), React removes it. */
export const LOGIN_ERROR_MS = 10_000

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'))
  if (await getUser(request)) throw redirect(redirectTo)
  return { redirectTo }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request.clone())
  const redirectTo = safeRedirectPath(form.get('redirectTo'))
  const db = getDb()
  try {
    const userId = await authenticate(db, request)
    const cookie = await startSession(db, request, userId)
    return redirect(redirectTo, { headers: { 'Set-Cookie': cookie } })
  } catch (error) {
    if (!(error instanceof SignInError)) throw error
    return Response.json({ error: error.message, at: Date.now() }, { status: error.status })
  }
}

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>()
  const result = useActionData<{ error: string; at: number }>()
  const navigation = useNavigation()
  const [visibleError, setVisibleError] = useState(result?.error)
  useEffect(() => {
    setVisibleError(result?.error)
    if (!result?.error) return
    const timer = window.setTimeout(() => setVisibleError(undefined), LOGIN_ERROR_MS)
    return () => window.clearTimeout(timer)
  }, [result])
  const busy = navigation.state !== 'idle' && navigation.formAction === '/login'

  return (
    <section className="login-card">
      <h1>Login</h1>
      <Form method="post" className="form" replace>
        <CsrfInput />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {visibleError ? (
          // a new element for each failure, so its animation starts again
          <p key={result?.at} className="notice notice-error login-error" role="alert" style={{ animationDelay: `${LOGIN_ERROR_MS}ms` }}>
            {visibleError}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="username">Username</label>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one form: every visitor starts at its first field */}
          <input id="username" name="username" autoComplete="username" autoCapitalize="none" required autoFocus />
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            Login
          </button>
        </div>
        <p>
          <a href={`mailto:${COMPANY_CONTACT.email}?subject=${encodeURIComponent('Access to the field operations app')}`}>Need Access?</a>
        </p>
      </Form>
    </section>
  )
}
