// A grower's Customer Notes Form read with no signal (issue 22): the service worker may serve the
// copy it kept of another grower's form (app/offline/sw/requests.ts, STANDS_FOR). The page then takes the grower
// its address names, and that grower's contacts, from the choices kept on the device
// (GET /api/choices). Online, and for the grower the copy was drawn for, the page's data stands.
import { useParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { NamedOption } from '#db/queries/registry.ts'

interface NoteChoices {
  growers: NamedOption[]
  contacts: (NamedOption & { role: string; company_id: number })[]
}

interface NotesFormData {
  company: { id: number; name: string }
  contacts: (NamedOption & { role: string })[]
  contact: string
  submissionId: string
}

/**
 * The form's data for the grower in the address: the page's own, or (another grower's copy) the
 * device's; null while it is read, 'missing' when the device does not know that grower.
 */
export function useGrowerOnDevice<T extends NotesFormData>(served: T): T | null | 'missing' {
  const { id } = useParams()
  const wanted = Number(id)
  const differs = Number.isSafeInteger(wanted) && wanted !== served.company.id
  const [resolved, setResolved] = useState<T | null | 'missing'>(null)
  useEffect(() => {
    if (!differs) return setResolved(null)
    let cancelled = false
    void fetch('/api/choices', { credentials: 'same-origin' })
      .then((answer) => (answer.ok ? (answer.json() as Promise<NoteChoices>) : null))
      .catch(() => null)
      .then((choices) => {
        if (cancelled) return
        const grower = choices?.growers.find((g) => g.id === wanted)
        if (!choices || !grower) return setResolved('missing')
        const contacts = choices.contacts.filter((c) => c.company_id === wanted).map(({ id, name, role }) => ({ id, name, role }))
        setResolved({ ...served, company: { ...served.company, id: grower.id, name: grower.name }, contacts, contact: '' })
      })
    return () => {
      cancelled = true
    }
  }, [differs, wanted, served])
  return differs ? resolved : served
}
