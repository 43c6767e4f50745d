// Applicators (spec §3: a user, license, expiration): the admin form's schema and how a license's
// expiration reads on a given day. A new applicator's license must not be expired already; an
// existing one may be kept with a past date (it then shows as Expired, and the pre-treat form's
// Recommended By leaves it out).
import { z } from 'zod'
import { isIsoDate } from '#core/formats.ts'
import { localToday } from '#core/licence.ts'
import { date, id, oneLineText, uuid } from './fields.ts'

export const APPLICATOR_MESSAGES = {
  user: 'Choose a user from the list.',
  already: 'This user is already an applicator.',
  unknown: 'Choose an applicator from the list.',
  pastExpiration: 'The license expiration must be in the future.',
} as const

// how a licence reads on a day: in its own module, so that a list showing it loads no zod
export { EXPIRES_SOON_DAYS, licenceHoldsOn, licenseStatus, localToday, type LicenseStatus } from '#core/licence.ts'

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
