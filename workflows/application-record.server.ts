// The application record (issue 12, "Beyond the spec"; docs/decisions/0042): what an Idaho
// professional applicator must keep for every completed pre-treat (IDAPA 02.03.03), taken from the
// data the workflow holds. The record is a snapshot written in the transaction that completes the
// pre-treat (or voids it after its product was applied), so later edits of the grower, the storage,
// the product or the applicator leave it as it was. Records are never deleted (migration 0025). It
// keeps every reason given past the season check too, with who gave it and when (migration 0037).
import { recordGaps, recordItems } from '#core/application-record.ts'
import { NotFoundError } from '#core/errors.ts'
import { seasonOf } from '#core/season.ts'
import type { Executor } from '#db/client.server.ts'
import { recordFactsOf, recordOfPretreat, saveApplicationRecord } from '#db/queries/application-records.ts'
import { seasonReasonsOf } from '#db/queries/season-reasons.ts'

/** The record items still missing for this pre-treat (labels to name before completion); [] when complete. */
export async function applicationRecordGaps(db: Executor, pretreatId: number): Promise<string[]> {
  const read = await recordFactsOf(db, pretreatId)
  if (!read) throw new NotFoundError('No such pre-treat.')
  return recordGaps(read.facts)
}

/**
 * Writes (or rewrites) the pre-treat's application record, in the caller's transaction (the one that
 * completes it). Never throws for missing items: the reviewer's step checks applicationRecordGaps first.
 * Its state follows the pre-treat: void (with the reason) when voided, completed when completed,
 * else pending (the product was applied, the review goes on). Only completed records count in the totals.
 */
export async function keepApplicationRecord(trx: Executor, pretreatId: number): Promise<void> {
  const read = await recordFactsOf(trx, pretreatId)
  if (!read) throw new NotFoundError('No such pre-treat.')
  const { pretreat, facts } = read
  const items = recordItems(facts)
  const state = pretreat.void ? 'void' : pretreat.status === 'completed' ? 'completed' : 'pending'
  // the season of the application (of the pre-treat's creation while it has no date)
  const season = seasonOf(items.application_date ?? pretreat.created_at).year
  const joined = (pick: (p: (typeof items.products)[number]) => string) => items.products.map(pick).join('; ')
  // every reason given past the season check (the form's and the steps', decision 0063), as they stand now
  const { reasons } = await seasonReasonsOf(trx, pretreatId)
  await saveApplicationRecord(
    trx,
    {
      pretreat_id: pretreatId,
      pre_treat_number: pretreat.pre_treat_number,
      state,
      void_reason: pretreat.void ? pretreat.void_comments : '',
      season,
      grower_name: items.grower_name,
      grower_address: items.grower_address,
      storage_name: items.storage_name,
      site: items.site,
      commodity: items.commodity,
      variety: items.variety,
      cwt: items.cwt,
      products: joined((p) => p.product_name),
      epa_registrations: joined((p) => p.epa_registration),
      amounts: joined((p) => p.amount),
      rates: joined((p) => p.rate),
      application_date: items.application_date,
      start_time: items.start_time,
      stop_time: items.stop_time,
      wind_speed: items.wind_speed,
      wind_direction: items.wind_direction,
      recommended_by_name: items.recommended_by_name,
      applicator_name: items.applicator_name,
      applicator_licence: items.applicator_licence,
      gaps: recordGaps(facts).join('; '),
      target: items.target,
      suppliers: items.suppliers,
      reentry_from: items.reentry_from,
      season_reasons: JSON.stringify(reasons),
    },
    items.products.map((p, position) => ({
      position,
      product_name: p.product_name,
      epa_registration: p.epa_registration,
      units: p.units,
      cwt: p.cwt,
      quantity_used: p.quantity_used,
      rate_ppm: p.rate_ppm,
      season,
      grower_name: items.grower_name,
      applicator_licence: items.applicator_licence,
      counted: state === 'completed',
    })),
  )
}

/**
 * After a VOID or UNVOID step (commands/pretreat-form.ts): once the product was applied (the
 * sheet was submitted), the record is kept with the void and its reason, or back to pending; a
 * pre-treat voided before any application has nothing to record.
 */
export async function keepRecordAfterVoid(trx: Executor, pretreatId: number): Promise<void> {
  const read = await recordFactsOf(trx, pretreatId)
  if (!read) return
  if (read.pretreat.sheet_submit_id !== null || (await recordOfPretreat(trx, pretreatId))) await keepApplicationRecord(trx, pretreatId)
}
