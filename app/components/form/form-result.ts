import type { SubmissionResult } from '@conform-to/react'

/** Present only when the browser runs JavaScript: the action then answers for the timed modals. */
export const ENHANCED_FIELD = '_enhanced'
export const SUCCESS_TEXT = 'Submission Successful! Redirecting...'
export const SAVE_FAILED = 'Problem occurred while submitting data. Please try again.'
/** The spec's page load failure (storages-and-pretreats.md §8), e.g. while the database is unreachable. */
export const PAGE_LOAD_FAILED = 'Page load error. Please try refreshing the page.'
/** The Success modal closes itself after this long, then the page moves on. */
export const SUCCESS_MODAL_MS = 750

/** `message`: a form's own success text (the restart form's), instead of SUCCESS_TEXT. */
export type FormResult = SubmissionResult<string[]> & { outcome?: 'success' | 'error'; redirectTo?: string; message?: string }

/** A submit that failed on the server or on the way (the Error modal): the page must not read itself again. */
export function isFailedSubmit(value: unknown): boolean {
  return isFormResult(value) && value.outcome === 'error'
}

export function isFormResult(value: unknown): value is FormResult {
  return typeof value === 'object' && value !== null && ('status' in value || 'outcome' in value || 'error' in value)
}
