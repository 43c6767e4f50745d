// Add Grower and Edit Grower: one schema, one save (spec §2: "Add Grower and Edit Grower use one
// save call"). Edit sends the company's id and the version it read, so a save over someone else's
// newer one is refused (db/queries/companies.ts).
import { z } from 'zod'
import { date, id, matching, multiLineText, oneLineText, uuid, wholeNumber } from './fields.ts'

/** Spec §9: storage checks every 30 days, no contact reminder (0) unless set. */
export const DEFAULT_STORAGE_CHECK_INTERVAL = 30
export const DEFAULT_CONTACT_INTERVAL = 0
/** Ten years in days: longer than any interval anyone sets, short of a typo's 99999. */
export const INTERVAL_MAX_DAYS = 3650

export const WEBSITE_MESSAGE = 'Website must be a web address, like https://example.com.'

/**
 * A web address, or '' when none. 'example.com' is read as https://example.com (what people type);
 * anything that is not an http(s) address with a dotted host name is refused.
 */
export function normalizeWebsite(text: string): string | null {
  if (text === '') return ''
  if (/\s/.test(text)) return null
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname) || url.username || url.password) return null
  return url.href
}

/** A number of whole days, 0 or more. */
export function intervalDays(label: string) {
  return wholeNumber(label, { min: 0, max: INTERVAL_MAX_DAYS })
}

export const GrowerSchema = z
  .object({
    submission_id: uuid(),
    /** present when editing */
    company_id: id('Choose a grower from the list.').optional(),
    /** the version the edit form read (companies.updated_at in microseconds) */
    version: matching(/^\d{1,20}$/, 'This form is out of date. Please reload the page.').optional(),
    company_name: oneLineText('Company name'),
    qb_list_id: oneLineText('QuickBooks list id', { max: 100 }),
    service_start: date('Service start'),
    notes: multiLineText('Notes'),
    website: oneLineText('Website', { optional: true, max: 500 }),
    active: z.boolean().default(false),
    storage_check_interval: intervalDays('Storage check interval'),
    contact_interval: intervalDays('Contact interval'),
  })
  // checked on the whole form, so every field stays a plain builder (fields.unit.test.ts); the
  // save stores normalizeWebsite's reading of it
  .refine((value) => typeof value.website !== 'string' || normalizeWebsite(value.website) !== null, { path: ['website'], message: WEBSITE_MESSAGE, when: () => true })

export type GrowerInput = z.output<typeof GrowerSchema>
