import { useRootData } from './shell/root-data.ts'

export function useCsrfToken(): string {
  return useRootData()?.csrfToken ?? ''
}

/** Every POST form carries this hidden field; the server refuses the post without it. */
export function CsrfInput() {
  return <input type="hidden" name="csrf" value={useCsrfToken()} />
}
