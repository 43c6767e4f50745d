// What the root loader gives every page (app/root.tsx): the signed-in user, the CSRF token, the
// alerts and the shell's texts.
import { useRouteLoaderData } from '@remix-run/react'
import type { Alert } from '#app/alerts.ts'
import type { SessionUser } from '#core/permissions.ts'

export interface RootData {
  user: SessionUser | null
  csrfToken: string
  cspNonce: string
  alerts: Alert[]
  companyName: string
  version: string | null
  /** the id of the request that read this (X-Request-Id) and the address it read, for the error page's reference */
  requestId: string | null
  requestPath: string
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root')
}
