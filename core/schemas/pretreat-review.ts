// The review sheet's form (/review-pre-treat/{id}): the application sheet's fields (a reviewer may
// correct them) and one price line per company, each a CWT share and a price per cwt read with the
// pricing rules (core/pretreat-pricing.ts), and the reason for a season warning. Read by the browser (conform) and the server alike.
import { z } from 'zod'
import { parsePrice, parseShare, PRICE_INVALID, SHARE_INVALID } from '#core/pretreat-pricing.ts'
import { SEASON_REASON_LABEL } from '#core/season-reasons.ts'
import { id, multiLineText, parsedNumber } from './fields.ts'
import { PretreatSheetSchema } from './pretreat-sheet.ts'

export const PriceLineSchema = z.object({
  company_id: id('That company is not on this pre-treat.'),
  cwt_share: parsedNumber(SHARE_INVALID, parseShare),
  price: parsedNumber(PRICE_INVALID, parsePrice),
})

export type PriceLineValue = z.output<typeof PriceLineSchema>

export const PretreatReviewSchema = PretreatSheetSchema.safeExtend({
  prices: z.array(PriceLineSchema).max(50).default([]),
  /** a reason for season warnings no reason answered yet (decision 0063); asked only when there are some */
  season_reason: multiLineText(SEASON_REASON_LABEL, { optional: true }),
})

export type PretreatReviewValue = z.output<typeof PretreatReviewSchema>
