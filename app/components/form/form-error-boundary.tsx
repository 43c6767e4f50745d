// What a form page shows when its loader refuses or fails (spec §6, §8: "The review, sheet-select
// and storage-check lookup calls may answer 403 with an error message, which is shown in an error
// modal"): the Error modal with the server's text. OK goes home after a 403 (the page would only
// refuse again) and opens the form again otherwise. A record that does not exist is 'Not found'.
//   export function ErrorBoundary() { return <FormErrorBoundary notFoundText="That review does not exist." /> }
import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react'
import { Modal } from '../modal.tsx'

const FORBIDDEN = 'You do not have permission to do that.'
const FAILED = 'Problem occurred while loading the form. Please try again.'

/** The text a Response carried, when it is meant for the user (not the bare status word). */
function serverText(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || typeof error.data !== 'string') return null
  const text = error.data.trim()
  return text && text !== error.statusText && text !== 'Forbidden' && text.length < 300 ? text : null
}

/** `retryTo`: where OK goes after a failure other than a 403 (default: this page again). */
export function FormErrorBoundary({ retryTo, notFoundText = 'There is nothing at this address.' }: { retryTo?: string; notFoundText?: string }) {
  const error = useRouteError()
  const { pathname, search } = useLocation()
  const again = retryTo ?? `${pathname}${search}`
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (status === 404) {
    return (
      <section className="error-page" aria-labelledby="error-title">
        <h1 id="error-title">Not found</h1>
        <p>{serverText(error) ?? notFoundText}</p>
        <p>
          <Link to={retryTo ?? '/'}>{retryTo ? 'Back to the form' : 'Go to the home page'}</Link>
        </p>
      </section>
    )
  }
  if (status >= 500) console.error(error)
  const forbidden = status === 403
  return (
    <Modal title="Error">
      <p role="alert">{serverText(error) ?? (forbidden ? FORBIDDEN : FAILED)}</p>
      <div className="form-actions">
        <a href={forbidden ? '/' : again} className="button">
          OK
        </a>
      </div>
    </Modal>
  )
}
