import { useSearchParams } from '@remix-run/react'

/**
 * Without JavaScript a successful form redirects with ?flash=submitted and the next page says so;
 * with JavaScript the same outcome shows as the timed Success modal before navigating.
 */
export const FLASH_PARAM = 'flash'
const FLASH_TEXT: Record<string, string> = { submitted: 'Submission Successful!' }

export function FlashNotice() {
  const [params] = useSearchParams()
  const text = FLASH_TEXT[params.get(FLASH_PARAM) ?? '']
  if (!text) return null
  return (
    <p className="notice notice-success" role="status">
      {text}
    </p>
  )
}
