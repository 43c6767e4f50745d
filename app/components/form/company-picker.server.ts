// The server side of the CompanyPicker (company-picker.tsx): the growers it suggests and the one
// ?company= names (its whole name, case ignored; spec §5: a choice takes effect only when the text
// matches a known name).
import { redirect } from '@remix-run/node'
import { COMPANY_CHOICE_MESSAGE } from '#core/schemas/place.ts'
import type { Executor } from '#db/client.server.ts'
import { growerById, growerByName, growerOptions } from '#db/queries/companies.ts'
import type { NamedOption } from '#db/queries/registry.ts'

export interface CompanyPickerData {
  companies: NamedOption[]
  /** what the field shows: the chosen company's name, or the text as typed */
  text: string
  company: NamedOption | null
  problem?: string
}

/** The picker for the URL's ?company= (a name), or for `current` (a company the path names). */
export async function loadCompanyPicker(db: Executor, url: URL, options: { activeOnly: boolean; current?: number }): Promise<CompanyPickerData> {
  const text = (url.searchParams.get('company') ?? '').trim()
  const [companies, company] = await Promise.all([
    growerOptions(db, options),
    options.current !== undefined ? growerById(db, options.current, options) : text ? growerByName(db, text, options) : undefined,
  ])
  if (company) return { companies, text: company.name, company }
  return { companies, text: text.slice(0, 200), company: null, problem: text ? COMPANY_CHOICE_MESSAGE : undefined }
}

/** A page whose path names the company (/view-contact/{id}): a chosen ?company= goes there. */
export function redirectToChosen(picker: CompanyPickerData, pathOf: (id: number) => string): void {
  if (picker.company) throw redirect(pathOf(picker.company.id))
}

/**
 * The loader of a page whose company is in its path (/view-contact → /view-contact/{id}): the
 * company step at the bare path (a chosen ?company= goes on to the company's page), nothing under
 * it (the child page reads its company and checks the same rule).
 */
export async function companyStepLoader(db: Executor, url: URL, hasCompany: boolean, options: { activeOnly: boolean; pathOf: (id: number) => string }) {
  if (hasCompany) return { picker: null }
  const picker = await loadCompanyPicker(db, url, options)
  redirectToChosen(picker, options.pathOf)
  return { picker }
}
