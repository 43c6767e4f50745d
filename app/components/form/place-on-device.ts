// A place chosen with no signal (issue 22, decision 0059; browser only). The choices every picker
// offers (GET /api/choices) are kept by the service worker with the user's pages; when the page
// is a copy kept for another choice than its address names, the picker (usePlacePicker) resolves
// the address's choice here, by the same rule as on the server (workflows/place.ts). Online the
// two always agree and nothing changes: the server's answer stands.
import { useEffect, useState } from 'react'
import type { PlaceChoices } from '#db/queries/place-choices.ts'
import { placeQuery, resolvePlaceWith, type PlaceQuery } from '#workflows/place.ts'
import type { PlacePickerData } from './place.server.ts'

const exact = (text: string) => text.trim()

/** The picker's data for `query`, from the choices on the device. */
export async function pickerOnDevice(choices: PlaceChoices, query: PlaceQuery): Promise<PlacePickerData> {
  const resolved = await resolvePlaceWith(
    {
      jobByName: async (name) => choices.jobs.find((job) => job.name === exact(name)),
      companyByName: async (name) => choices.companies.find((company) => company.name === exact(name)),
      storageById: async (id) => choices.storages.find((storage) => storage.id === id),
    },
    query,
  )
  const companyId = resolved.machine.context.path === 'company' ? resolved.machine.context.companyId : null
  const storages = companyId ? choices.storages.filter((s) => s.company_id === companyId).map(({ id, name }) => ({ id, name })) : []
  return { ...resolved, asked: query, companies: choices.companies, jobs: choices.jobs, storages }
}

async function choicesOnDevice(): Promise<PlaceChoices | null> {
  try {
    const answer = await fetch('/api/choices', { credentials: 'same-origin' })
    return answer.ok ? ((await answer.json()) as PlaceChoices) : null
  } catch {
    return null
  }
}

const sameQuery = (a: PlaceQuery, b: PlaceQuery) => a.company === b.company && a.job === b.job && a.storage === b.storage

/** The choice a page resolves for its address: a form locked to a company fixes it; a storage check has no job. */
function queryOf(search: string, served: PlacePickerData, options: { withJobs: boolean; companyFixed: boolean }): PlaceQuery {
  const query = placeQuery(new URLSearchParams(search))
  if (options.companyFixed) return { company: served.asked.company, job: '', storage: query.storage }
  return options.withJobs ? query : { ...query, job: '' }
}

/**
 * The picker's data for the page's address when what the page was served was resolved for another
 * choice — a copy read offline (the worker keeps one per address, and a picker's step with no
 * signal loads the page again from the device, app/offline/sw/) — resolved on the device; null when
 * the page's own data stands (always, online; and for a choice the page fixes).
 */
export function usePlaceOnDevice(served: PlacePickerData, search: string, options: { withJobs: boolean; companyFixed: boolean; enabled: boolean }): PlacePickerData | null {
  const [resolved, setResolved] = useState<PlacePickerData | null>(null)
  const query = queryOf(search, served, options)
  // a fixed choice (a sheet made from a call) is the page's, whatever its address
  const differs = options.enabled && !sameQuery(served.asked, query)
  const key = JSON.stringify(query)
  useEffect(() => {
    if (!differs) return setResolved(null)
    let cancelled = false
    void choicesOnDevice().then(async (choices) => {
      if (choices && !cancelled) setResolved(await pickerOnDevice(choices, JSON.parse(key) as PlaceQuery))
    })
    return () => {
      cancelled = true
    }
  }, [differs, key])
  return differs ? resolved : null
}
