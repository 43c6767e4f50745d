// The review sheet's steps (/review-pre-treat/{id}; docs/decisions/0039): Save (a reviewer's
// corrections and the price lines, SAVE: a self-transition in the review states) and Submit (the
// same saved, then REVIEW with the reviewer's level, in one transaction, once per submit id).
// Level 1 sends it to to-review1; level 2 completes it: the application record must have no gaps,
// and the record and the sheet's PDF job (the route's onCompleted) are made in the same transaction.
// Only reviewers and superusers review; a completed pre-treat (and its prices) takes no more changes.
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { hasPermission } from '#core/permissions.ts'
import { cwtMismatch, type PriceLine } from '#core/pretreat-pricing.ts'
import { missingFieldsMessage, sheetFacts, sheetProblems } from '#core/pretreat-sheet.ts'
import type { PretreatReviewValue } from '#core/schemas/pretreat-review.ts'
import type { PretreatState } from '#core/workflow-states.ts'
import { inTransaction, type Executor } from '#db/client.server.ts'
import { lockSheet, pretreatSubmittedWith, submitFactsOf } from '#db/queries/pretreat-sheet.ts'
import { pricedCompanies, pricingBasis, replacePriceLines } from '#db/queries/pretreat-review.ts'
import { applicationRecordGaps, keepApplicationRecord } from './application-record.server.ts'
import { isReviewState, type PretreatReviewerLevel } from './pretreat.machine.ts'
import { runPretreatStep } from './pretreat.server.ts'
import { requireKnownTruck, saveFields, SUBMIT_ID_USED, type SheetActor } from './pretreat-sheet.server.ts'
import { CHANGED_MEANWHILE, NOT_POSSIBLE } from './transition.server.ts'

export const NOT_A_REVIEWER = 'Only pre-treat reviewers may review this sheet; nothing was changed.'
export const ALREADY_COMPLETED = 'This pre-treat is already completed.'
export const FOREIGN_COMPANY = 'That company is not on this pre-treat.'
export const PRICE_LINES_INCOMPLETE = 'Every company of this pre-treat needs one price line.'
export const RECORD_INCOMPLETE_PREFIX = 'Application record incomplete: '

/** The level a user reviews at: 2 for a second-level reviewer (or a superuser), 1 for a first-level one, else null. */
export function reviewerLevel(user: Pick<SheetActor, 'is_superuser' | 'permissions'>): PretreatReviewerLevel {
  if (hasPermission(user, 'api.pretreat_reviewer2')) return 2
  if (hasPermission(user, 'api.pretreat_reviewer1')) return 1
  return null
}

export interface ReviewOptions {
  /** runs in the completing transaction after the status and the record are saved (the route queues the sheet's PDF) */
  onCompleted?: (trx: Executor, id: number) => Promise<unknown>
}

/** Locks the sheet and checks it is a reviewer's to change now. */
async function lockForReview(trx: Executor, id: number, actor: SheetActor) {
  const sheet = await lockSheet(trx, id)
  if (!sheet) throw new NotFoundError('No such pre-treat.')
  const level = reviewerLevel(actor)
  if (level === null) throw new ForbiddenError(NOT_A_REVIEWER)
  if (sheet.status === 'completed') throw new ConflictError(ALREADY_COMPLETED)
  if (!isReviewState(sheet.status)) throw new ConflictError(NOT_POSSIBLE)
  return { sheet, level }
}

/**
 * The posted price lines checked against the pre-treat's companies (taken from the database, not
 * the post): exactly one line each, no other company. Returns them and the mismatch text, if any.
 */
async function checkedPrices(trx: Executor, id: number, posted: PretreatReviewValue['prices']): Promise<{ lines: PriceLine[]; mismatch: string | null }> {
  const companies = await pricedCompanies(trx, id)
  const ids = new Set(companies.map((c) => c.id))
  const seen = new Set<number>()
  for (const line of posted) {
    if (!ids.has(line.company_id)) throw new InputError({ '': FOREIGN_COMPANY })
    if (seen.has(line.company_id)) throw new InputError({ '': PRICE_LINES_INCOMPLETE })
    seen.add(line.company_id)
  }
  if (seen.size !== ids.size) throw new InputError({ '': PRICE_LINES_INCOMPLETE })
  const { cwt } = await pricingBasis(trx, id)
  const lines = posted.map((l) => ({ company_id: l.company_id, cwt_share: l.cwt_share, price: l.price }))
  return { lines, mismatch: cwt === null ? null : cwtMismatch(lines.map((l) => l.cwt_share), cwt) }
}

/** Save: a reviewer's corrections and the price lines (shares that do not add up yet are kept: Submit refuses them). */
export async function saveReview(db: Executor, id: number, actor: SheetActor, value: PretreatReviewValue): Promise<{ version: number; savedAt: Date }> {
  return inTransaction(db, async (trx) => {
    await lockForReview(trx, id, actor)
    await requireKnownTruck(trx, value.truck_id)
    const { lines } = await checkedPrices(trx, id, value.prices)
    await runPretreatStep(trx, id, { type: 'SAVE' }, {
      actorId: actor.id,
      version: value.version,
      apply: async (t) => {
        const { changes } = await saveFields(t, id, value, actor.id)
        await replacePriceLines(t, id, lines)
        return { changes }
      },
    })
    return { version: value.version + 1, savedAt: new Date() }
  })
}

/**
 * Submit: the fields and prices saved and REVIEW { level } taken, in one transaction; refused with
 * nothing saved for a non-reviewer, a completed or not-yet-submitted sheet, shares that do not add
 * up, a missing required field, or (completing) an application record with gaps. A submit id
 * already used here answers `repeated: true` and does nothing.
 */
export async function submitReview(db: Executor, id: number, actor: SheetActor, value: PretreatReviewValue, options: ReviewOptions = {}): Promise<{ repeated: boolean; status: PretreatState }> {
  return inTransaction(db, async (trx) => {
    const found = await lockSheet(trx, id)
    if (!found) throw new NotFoundError('No such pre-treat.')
    if (found.sheet_submit_id === value.submission_id) return { repeated: true, status: found.status }
    const { level } = await lockForReview(trx, id, actor)
    if (await pretreatSubmittedWith(trx, value.submission_id)) throw new InputError({ '': SUBMIT_ID_USED })
    if (found.version !== value.version) throw new ConflictError(CHANGED_MEANWHILE)
    await requireKnownTruck(trx, value.truck_id)
    const { lines, mismatch } = await checkedPrices(trx, id, value.prices)
    if (mismatch) throw new InputError({ '': mismatch })
    const { after, changes } = await saveFields(trx, id, value, actor.id, { sheet_submit_id: value.submission_id })
    const problems = sheetProblems({ ...sheetFacts(await submitFactsOf(trx, id)), ...after })
    if (problems.length > 0) throw new InputError({ '': missingFieldsMessage(problems) })
    await replacePriceLines(trx, id, lines)
    if (level === 2) {
      const gaps = await applicationRecordGaps(trx, id)
      if (gaps.length > 0) throw new InputError({ '': `${RECORD_INCOMPLETE_PREFIX}${gaps.join(', ')}` })
    }
    const step = await runPretreatStep(trx, id, { type: 'REVIEW', level }, { actorId: actor.id, version: value.version, details: { changes, level } })
    if (step.to === 'completed') {
      await keepApplicationRecord(trx, id)
      await options.onCompleted?.(trx, id)
    }
    return { repeated: false, status: step.to }
  })
}
