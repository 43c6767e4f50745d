/** The drive page's URL for a folder ('' is the root), with more parameters. */
export function driveHref(prefix: string, more: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  if (prefix) params.set('p', prefix)
  for (const [k, v] of Object.entries(more)) params.set(k, v)
  const search = params.toString()
  return search ? `/auditing?${search}` : '/auditing'
}

/** After a delete of files: how many were deleted (the page says 'Deleted 2 files.'). */
export const DELETED_PARAM = 'deleted'
