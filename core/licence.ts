// How an applicator's licence reads on a given day (spec §5: Recommended By lists only applicators
// with a licence and an expiration in the future). Pure, no imports: the pre-treat lists and the
// applicators' list use it in the browser without the admin form's schema (core/schemas/applicator.ts).

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
