// The products admin's demo content (issue 10): the label limits of the sprout inhibitors the
// demo already sells (data.ts) and their season limits, one more CIPC-type product, an old label kept inactive, and a
// second applicator whose license expires within the month ("Expires soon" on /manage-applicator).
// Safe to run again: each row is found by its natural key, and limits are set only where none are.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { demoUuid } from './helpers.ts'

const LABEL_LIMITS = [
  { product_name: '1,4SIGHT', max_ppm_per_application: 20, max_applications_per_season: 6 },
  { product_name: 'Sprout Nip 7A', max_ppm_per_application: 16.6, max_applications_per_season: 2 },
  { product_name: 'SmartBlock', max_ppm_per_application: 90, max_applications_per_season: 4 },
]

/**
 * The season limits of the ledger (issue 23), set where a product has none of them yet. Where each
 * comes from:
 * - 1,4SIGHT (1,4-dimethylnaphthalene): six doses of up to 20 ml per tonne over a season, and the
 *   store kept sealed 24 to 48 hours after an application (AHDB, 'Sprout Suppression Series: DMN',
 *   quoting the Dutch label); the UK label allows 120 ml per crop. 120 ml per tonne is 3.68 US fl
 *   oz per short ton; the demo's 20 ppm dose is 0.61 oz per ton, so six of them fill the season.
 * - Sprout Nip 7A (chlorpropham, CIPC): two applications per storage season (the example),
 *   the crop to leave no sooner than 14 days after the last one (the UK's statutory CIPC condition,
 *   Farmers Weekly 2015), and CIPC is not for potatoes kept for seed (it stops them sprouting).
 * - Suppliers by EPA company number: 81503 1,4GROUP, 5481 AMVAC, 70299 BioSafe Systems.
 * The other figures of the demo are illustrations, not any label's.
 */
const SEASON_LIMITS = [
  { product_name: '1,4SIGHT', max_total_per_season: '3.68', max_total_basis: 'ton' as const, reentry_hours: '48', supplier: '1,4GROUP' },
  { product_name: 'Sprout Nip 7A', min_days_before_removal: 14, not_for_seed: true, supplier: 'AMVAC' },
  { product_name: 'SmartBlock', min_days_between: 14, reentry_hours: '24', supplier: 'AMVAC' },
  { product_name: 'StorOx 2.0', supplier: 'BioSafe Systems' },
  { product_name: 'Jet-Ag', supplier: 'BioSafe Systems' },
]

const MORE_PRODUCTS = [
  {
    product_name: 'Sprout Guard 98 EC',
    registration: 'EPA Reg. No. 87954-2',
    units: 'oz' as const,
    ppm: 16.6,
    ppm_constant: 84000,
    min_qty: 48,
    max_ppm_per_application: 16.6,
    max_applications_per_season: 2,
    active: true,
  },
  { product_name: 'CIPC Aerosol (old label)', registration: 'EPA Reg. No. 5481-402', units: 'oz' as const, ppm: 22, ppm_constant: 84000, min_qty: 64, active: false },
]

/** Returns how many rows it added or changed. */
export async function seedDemoProducts(db: Executor, today: Date): Promise<number> {
  let changed = 0
  for (const limit of LABEL_LIMITS) {
    const result = await db
      .updateTable('products')
      .set({ max_ppm_per_application: limit.max_ppm_per_application, max_applications_per_season: limit.max_applications_per_season })
      .where('product_name', '=', limit.product_name)
      .where('max_ppm_per_application', 'is', null)
      .where('max_applications_per_season', 'is', null)
      .executeTakeFirst()
    changed += Number(result.numUpdatedRows)
  }
  for (const { product_name, ...limits } of SEASON_LIMITS) {
    const result = await db
      .updateTable('products')
      .set(limits)
      .where('product_name', '=', product_name)
      .where('supplier', '=', '')
      .where('max_total_per_season', 'is', null)
      .where('min_days_between', 'is', null)
      .where('min_days_before_removal', 'is', null)
      .where('reentry_hours', 'is', null)
      .executeTakeFirst()
    changed += Number(result.numUpdatedRows)
  }
  const added = await db
    .insertInto('products')
    .values(MORE_PRODUCTS.map((p) => ({ ...p, submission_id: demoUuid(`product:${p.product_name}`) })))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  changed += added.length

  // the technician holds a license too, running out in 20 days
  const expiration = new Date(today)
  expiration.setDate(expiration.getDate() + 20)
  const tech = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', 'tech')
    .executeTakeFirst()
  if (tech) {
    const row = await db
      .insertInto('applicators')
      .values({ user_id: tech.id, license: 'ID-PA-120455', expiration: expiration.toLocaleDateString('en-CA') })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('id')
      .execute()
    changed += row.length
  }
  return changed
}
