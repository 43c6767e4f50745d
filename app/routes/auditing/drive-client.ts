// The drive page's JavaScript calls (operations.md §7, §9): downloads staggered 500 ms apart and
// the folder delete through the JSON API, whose error the page shows as the spec's alert.
import { encodeParam } from '#storage/drive-keys.ts'

/** Spec §9: several downloads start 500 ms apart. */
export const DOWNLOAD_STAGGER_MS = 500

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Asks /api/download/ for each file's signed URL and starts each download 500 ms after the one before. */
export async function downloadFiles(keys: readonly string[], prefix: string): Promise<string[]> {
  const failed: string[] = []
  let lastStart = 0
  for (const key of keys) {
    const response = await fetch(`/api/download/?k=${encodeURIComponent(encodeParam(key))}&p=${encodeURIComponent(encodeParam(prefix))}`, {
      credentials: 'same-origin',
    }).catch(() => null)
    if (!response?.ok) {
      failed.push(key)
      continue
    }
    const url = (await response.text()).trim()
    const since = Date.now() - lastStart
    if (lastStart > 0 && since < DOWNLOAD_STAGGER_MS) await wait(DOWNLOAD_STAGGER_MS - since)
    lastStart = Date.now()
    const link = document.createElement('a')
    link.href = url
    link.download = key.slice(key.lastIndexOf('/') + 1)
    link.rel = 'noopener'
    document.body.append(link)
    link.click()
    link.remove()
  }
  return failed
}

/**
 * DELETE /api/delete-folder/; null when deleted, else the spec's alert text. `submissionId` (the
 * page's, new after each change) is the call's Idempotency-Key: the same call sent again acts once.
 */
export async function deleteFolderCall(key: string, csrfToken: string, submissionId: string): Promise<string | null> {
  try {
    const response = await fetch(`/api/delete-folder/?k=${encodeURIComponent(encodeParam(key))}`, {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-CSRF-Token': csrfToken, 'Idempotency-Key': submissionId },
    })
    if (response.ok) return null
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null
    return `Folder delete error: ${typeof body?.error === 'string' && body.error ? body.error : 'Unknown error'}`
  } catch {
    return 'Folder delete error: Unknown error'
  }
}
