import type { SubmissionResult } from '@conform-to/react'

/** Present only when the browser runs JavaScript: the action then answers for the timed modals. */
export const ENHANCED_FIELD = '_enhanced'
export const SUCCESS_TEXT = 'Submission Successful! Redirecting...'
export const SAVE_FAILED = 'Problem occurred while submitting data. Please try again.'
/** The Success modal closes itself after this long, then the page moves on. */
export const SUCCESS_MODAL_MS = 750

/** `message`: a form's own success text (the restart form's), instead of SUCCESS_TEXT. */
export type FormResult = SubmissionResult<string[]> & { outcome?: 'success' | 'error'; redirectTo?: string; message?: string }

export function isFormResult(value: unknown): value is FormResult {
  return typeof value === 'object' && value !== null && ('status' in value || 'outcome' in value || 'error' in value)
}
