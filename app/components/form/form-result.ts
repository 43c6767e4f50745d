import type { SubmissionResult } from '@conform-to/react'
import { useActionData, type ShouldRevalidateFunction, type ShouldRevalidateFunctionArgs } from '@remix-run/react'

/** Present only when the browser runs JavaScript: the action then answers for the timed modals. */
export const ENHANCED_FIELD = '_enhanced'
export const SUCCESS_TEXT = 'Submission Successful! Redirecting...'
export const SAVE_FAILED = 'Problem occurred while submitting data. Please try again.'
/** The spec's page load failure (storages-and-pretreats.md §8), e.g. while the database is unreachable. */
export const PAGE_LOAD_FAILED = 'Page load error. Please try refreshing the page.'
/** The Success modal closes itself after this long, then the page moves on. */
export const SUCCESS_MODAL_MS = 750

/**
 * `message`: a form's own success text (the restart form's), instead of SUCCESS_TEXT; or, `queued`,
 * what the outbox says of a submit kept on the device with no signal.
 */
export type FormResult = SubmissionResult<string[]> & { outcome?: 'success' | 'error' | 'queued'; redirectTo?: string; message?: string }

/** A submit that failed on the server or on the way (the Error modal), or waits on the device: the page must not read itself again. */
/** The `shouldRevalidate` of a form with photos or a place picker: after any POST the page stays as it is (a refusal shows in the form). */
export const keepPageAfterPost: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod === 'POST' ? false : defaultShouldRevalidate)

export function isFailedSubmit(value: unknown): boolean {
  return isFormResult(value) && (value.outcome === 'error' || value.outcome === 'queued')
}

/** After this submit, the page must not read itself again: it failed (an error status, or the Error modal's answer). */
export function afterFailedSubmit({ actionResult, actionStatus }: Pick<ShouldRevalidateFunctionArgs, 'actionResult' | 'actionStatus'>): boolean {
  return isFailedSubmit(actionResult) || (actionStatus !== undefined && actionStatus >= 500)
}

/**
 * The `shouldRevalidate` of the root and of every form route (single fetch reads every loader again
 * after a submit unless the route says otherwise): after a submit that failed (the server or its
 * database unreachable) the page reads nothing again: the read would fail too and replace the
 * form, and what was typed, by an error page. The Error modal says what happened.
 *   export const shouldRevalidate = keepPageAfterFailedSubmit
 */
export const keepPageAfterFailedSubmit: ShouldRevalidateFunction = (args) => (afterFailedSubmit(args) ? false : args.defaultShouldRevalidate)

/**
 * Without JavaScript a refused post comes back with what was sent: the form shows it again under its
 * own submission id (sent again, it is still the same submission) with the images it kept, else
 * `images` (a corrected record's).
 */
export function usePostedBack(submissionId: string, images: unknown = []) {
  const actionData = useActionData()
  const posted = (isFormResult(actionData) && actionData.initialValue) || {}
  return { posted, submissionId: String(posted.submission_id ?? submissionId), imageIds: [posted.images ?? images].flat().map(String) }
}

export function isFormResult(value: unknown): value is FormResult {
  return typeof value === 'object' && value !== null && ('status' in value || 'outcome' in value || 'error' in value)
}
