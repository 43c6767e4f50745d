import { useRouteLoaderData } from '@remix-run/react'
import type { RootData } from '#app/root.tsx'

export function useCsrfToken(): string {
  return useRouteLoaderData<RootData>('root')?.csrfToken ?? ''
}

/** Every POST form carries this hidden field; the server refuses the post without it. */
export function CsrfInput() {
  return <input type="hidden" name="csrf" value={useCsrfToken()} />
}
