import type { Access } from '#app/access.ts'
import { mayOpen } from '#app/access.ts'
import { useRootData } from '#app/components/shell/root-data.ts'

/**
 * Whether the signed-in user may open a screen with this rule: an admin list shows its Add link
 * and its rows' edit links only to those the add and edit screens let in, so no link leads to a 403.
 */
export function useMayOpen(access: Access): boolean {
  return mayOpen(useRootData()?.user, access)
}
