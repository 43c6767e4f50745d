// Applicators (spec §3: a user, license, expiration): the admin form's schema and how a license's
// expiration reads on a given day. A new applicator's license must not be expired already; an
// existing one may be kept with a past date (it then shows as Expired, and the pre-treat form's
// Recommended By leaves it out).
import { z } from 'zod'
import { isIsoDate } from '#core/formats.ts'
import { date, id, oneLineText, uuid } from './fields.ts'

export const APPLICATOR_MESSAGES = {
  user: 'Choose a user from the list.',
  already: 'This user is already an applicator.',
  unknown: 'Choose an applicator from the list.',
  pastExpiration: 'The license expiration must be in the future.',
} as const

/** A license expiring within this many days shows "Expires soon". */
export const EXPIRES_SOON_DAYS = 30

export type LicenseStatus = 'Expired' | 'Expires soon' | 'Valid' | 'No expiration'

/** yyyy-mm-dd + n days */
function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** On `today` (yyyy-mm-dd): expired after its expiration day, "Expires soon" within EXPIRES_SOON_DAYS. */
export function licenseStatus(expiration: string | null, today: string): LicenseStatus {
  if (!expiration) return 'No expiration'
  if (expiration < today) return 'Expired'
  if (expiration <= addDays(today, EXPIRES_SOON_DAYS)) return 'Expires soon'
  return 'Valid'
}

/**
 * Whether an applicator may recommend or apply on `day` (yyyy-mm-dd; the application date, or today
 * when none is set): a licence number, and an expiration not before that day.
 */
export function licenceHoldsOn(applicator: { license: string; expiration: string | null }, day: string): boolean {
  return applicator.license.trim() !== '' && applicator.expiration !== null && applicator.expiration >= day
}

/** The day in the server's (or browser's) own time zone, yyyy-mm-dd. */
export const localToday = () => new Date().toLocaleDateString('en-CA')

export const ApplicatorSchema = z
  .object({
    submission_id: uuid(),
    /** present when editing (the user then stays the same) */
    applicator_id: id(APPLICATOR_MESSAGES.unknown).optional(),
    /** present when adding */
    user_id: id(APPLICATOR_MESSAGES.user).optional(),
    license: oneLineText('License number', { max: 100 }),
    expiration: date('License expiration'),
    active: z.boolean().default(false),
  })
  .superRefine(
    (value, ctx) => {
      if (value.applicator_id === undefined && value.user_id === undefined) ctx.addIssue({ code: 'custom', path: ['user_id'], message: APPLICATOR_MESSAGES.user })
      // a new applicator only: an expiration after today (the licence must still be valid)
      if (value.applicator_id === undefined && typeof value.expiration === 'string' && isIsoDate(value.expiration) && value.expiration <= localToday()) {
        ctx.addIssue({ code: 'custom', path: ['expiration'], message: APPLICATOR_MESSAGES.pastExpiration })
      }
    },
    { when: () => true },
  )

export type ApplicatorInput = z.output<typeof ApplicatorSchema>
