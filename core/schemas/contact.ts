// Add Contact (spec §5): a company chosen first; name, email and notes required; phone and role
// optional; the phone is stored as +1 and ten digits; contact interval whole days, default 0.
import { z } from 'zod'
import { id, matching, multiLineText, oneLineText, uuid } from './fields.ts'
import { COMPANY_CHOICE_MESSAGE } from './place.ts'
import { intervalDays } from './grower.ts'

export const EMAIL_MESSAGE = 'Email must be an e-mail address, like name@example.com.'
export const PHONE_MESSAGE = 'Phone must be a 10-digit number, like (208) 555-1000.'

/** One @, something before it, a dotted domain after it, no spaces: what mail servers take in practice. */
export function isEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(text)
}

/**
 * The phone as stored (spec §5: "+1 followed by digits only"), '' for none, null when it is not a
 * North American number: 10 digits, or 11 starting with the country code 1, written with any of
 * spaces, dashes, dots, parentheses and a leading +. Letters are refused (no 1-800-FLOWERS).
 */
export function normalizePhone(text: string): string | null {
  if (text === '') return ''
  if (!/^[+]?[\d\s().-]+$/.test(text)) return null
  const digits = text.replace(/\D/g, '')
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  return national.length === 10 ? `+1${national}` : null
}

/** +12085551000 → (208) 555-1000; anything else as it is. */
export function formatPhone(stored: string): string {
  const m = /^[+]1(\d{3})(\d{3})(\d{4})$/.exec(stored)
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : stored
}

export const ContactSchema = z
  .object({
    submission_id: uuid(),
    company_id: id(COMPANY_CHOICE_MESSAGE),
    name: oneLineText('Name'),
    email: oneLineText('Email', { max: 254 }),
    phone: oneLineText('Phone', { optional: true, max: 40 }),
    role: oneLineText('Role', { optional: true }),
    active: z.boolean().default(false),
    /** beyond the spec (issue 23): the grower's reports are e-mailed to this contact */
    receives_reports: z.boolean().default(false),
    notes: multiLineText('Notes'),
    contact_interval: intervalDays('Contact interval'),
  })
  // checked on the whole form, so every field stays a plain builder (fields.unit.test.ts); `when`
  // runs them even when another field is wrong, so every message shows at once
  .refine((value) => typeof value.email !== 'string' || value.email === '' || isEmail(value.email), { path: ['email'], message: EMAIL_MESSAGE, when: () => true })
  .refine((value) => typeof value.phone !== 'string' || normalizePhone(value.phone) !== null, { path: ['phone'], message: PHONE_MESSAGE, when: () => true })

export type ContactInput = z.output<typeof ContactSchema>

/** Company Contacts' switch: one contact of the page's grower receives reports, or no longer does. */
export const ContactReportsSchema = z.object({
  submission_id: uuid(),
  contact_id: id("Choose one of this company's contacts."),
  /** 'yes' or 'no': what the switch sets */
  receives_reports: matching(/^(yes|no)$/, 'Choose whether the contact receives reports.'),
})
