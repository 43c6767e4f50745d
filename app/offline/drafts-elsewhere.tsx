// A field form's drafts kept for another address of the same page (issue 38): a draft is kept per
// address, and a form whose address holds its picker's choices (a call's customer and storage, a
// receipt's type) would put one back only once the same choices were made again. The page lists
// them, whatever is chosen, each with which record it is; a link opens it. Browser only.
import { Link, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useHydrated } from '../components/use-hydrated.ts'
import { shortTime } from './draft-record.ts'
import { userFormDrafts, type FormDraft } from './form-draft-store.ts'
import { outboxUser } from './form-outbox.ts'
import { OUTBOX_PARAM } from './restore-form.ts'

export const DRAFTS_HEADING = 'Drafts on this device'

/** A draft's page address: its key without the form's id. */
const addressOf = (draft: FormDraft) => draft.draftKey.slice(0, draft.draftKey.lastIndexOf('#'))

export function DraftsElsewhere() {
  const hydrated = useHydrated()
  const { pathname, search } = useLocation()
  const [drafts, setDrafts] = useState<FormDraft[]>([])
  const params = new URLSearchParams(search)
  params.delete(OUTBOX_PARAM)
  const here = `${pathname}${params.size > 0 ? `?${params}` : ''}`
  useEffect(() => {
    const userId = outboxUser()
    if (!hydrated || userId === null || typeof indexedDB === 'undefined') return
    let cancelled = false
    void userFormDrafts(userId)
      .then((all) => {
        const others = all.filter((draft) => new URL(addressOf(draft), window.location.origin).pathname === pathname && addressOf(draft) !== here)
        if (!cancelled) setDrafts(others.sort((a, b) => (a.savedAt < b.savedAt ? 1 : -1)))
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [hydrated, pathname, here])
  if (drafts.length === 0) return null
  return (
    <section className="drafts-elsewhere" aria-labelledby="drafts-elsewhere">
      <h2 id="drafts-elsewhere">{DRAFTS_HEADING}</h2>
      <ul>
        {drafts.map((draft) => (
          <li key={draft.key}>
            <Link to={addressOf(draft)}>{draft.summary || draft.title || addressOf(draft)}</Link> <span className="muted">saved {shortTime(draft.savedAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
