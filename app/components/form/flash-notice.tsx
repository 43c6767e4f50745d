import { useSearchParams } from '@remix-run/react'
import { RESTART_SUBMITTED } from '#core/restart-texts.ts'

/**
 * Without JavaScript a successful form redirects with ?flash=submitted and the next page says so;
 * with JavaScript the same outcome shows as the timed Success modal before navigating.
 */
export const FLASH_PARAM = 'flash'
export const FLASH_TEXT = {
  submitted: 'Submission Successful!',
  'restart-submitted': RESTART_SUBMITTED,
  // here, not beside the resend's schema: every list shows this notice, and a schema module brings zod (decision 0051)
  'report-queued': 'The report will be e-mailed to the grower’s contacts marked to receive reports.',
  seen: 'Marked as seen.',
  'sent-back': 'Sent back to its author.',
  resubmitted: 'Submitted again for review.',
  'follow-up-closed': 'Follow-up closed.',
} as const satisfies Record<string, string>
export type FlashKey = keyof typeof FLASH_TEXT

export function FlashNotice() {
  const [params] = useSearchParams()
  const key = params.get(FLASH_PARAM) ?? ''
  const text = Object.hasOwn(FLASH_TEXT, key) ? FLASH_TEXT[key as FlashKey] : null
  if (!text) return null
  return (
    <p className="notice notice-success" role="status">
      {text}
    </p>
  )
}
