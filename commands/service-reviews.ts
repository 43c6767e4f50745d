// The review editor's steps (/review-editor/{id}): Save (the level stays open), Approve (the next
// level opens from this one's values; level 3's completes the sheet) and Select Service Details
// (the sheet moves to another customer and storage, or to a job). Each is a step of the sheet's
// review chain (workflows/service-review.server.ts runReviewStep): the machine decides whether the
// actor holds the level and the values fit it, and the review's version refuses a stale editor;
// what is checked here is what the form sent: its part lines and its place.
import { z } from 'zod'
import type { ReviewLevel } from '#core/enums.ts'
import { InputError } from '#core/errors.ts'
import { ReviewSchema, reviewValues, ServiceDetailsSchema } from '#core/schemas/review.ts'
import { partLineProblem } from '#core/schemas/service-sheet.ts'
import { editableNcLevels, levelValues, removalOf } from '#core/service-hours.ts'
import type { Executor } from '#db/client.server.ts'
import {
  addReviewPartLines,
  deletePartLine,
  partLinesOf,
  partLinesSnapshot,
  sheetAuthor,
  saveLevelHours,
  saveReviewComments,
  saveServiceDetails,
  setPartLineFlags,
  sheetPlaceNames,
  sheetServiceTypes,
  touchReview,
} from '#db/queries/review-chain.ts'
import { activePartsById } from '#db/queries/service-sheets.ts'
import { reviewerLevels, runReviewStep, type Reviewer } from '#workflows/service-review.server.ts'
import { defineCommand, type Actor } from './command.ts'
import { requireCustomer, requirePlaceIds } from './rules.ts'
import { noticeIfChanged } from './notices.ts'

/** The actor as a reviewer: the levels their permissions hold (superusers: all). */
const reviewerOf = (actor: Actor): Reviewer => ({ id: actor.id, levels: reviewerLevels(actor) })

/** The review form as the editor posts it, with the review its address names (set by the route). */
const ReviewFormSchema = ReviewSchema.safeExtend({ review_id: z.number().int() })

type ReviewForm = z.output<typeof ReviewFormSchema>
type NewPart = ReviewForm['new_parts'][number]

export type ReviewOutcome = { outcome: 'saved' } | { outcome: 'approved'; completed: boolean }

async function checkNewParts(trx: Executor, newParts: readonly NewPart[]): Promise<void> {
  if (newParts.length === 0) return
  const known = await activePartsById(
    trx,
    newParts.map((p) => p.part_id),
  )
  for (const part of newParts) {
    // the sheet form's Add Part rule
    const problem = partLineProblem(
      known.find((k) => k.id === part.part_id),
      part.quantity,
      part.description,
    )
    if (problem) throw new InputError({ new_part: problem.message })
  }
}

/** Applies the reviewer's part changes at `level` (only the NC flags the level may edit). */
async function saveParts(trx: Executor, sheetId: number, level: ReviewLevel, input: ReviewForm): Promise<void> {
  const lines = await partLinesOf(trx, sheetId)
  const editable = editableNcLevels(level)
  for (const sent of input.parts) {
    const line = lines.find((l) => l.id === sent.id)
    if (!line) throw new InputError({ '': 'A part line does not belong to this sheet. Reload the review and try again.' })
    if (sent.removed && removalOf(line, level) === 'delete') {
      await deletePartLine(trx, line.id)
      continue
    }
    const flags: Record<string, boolean> = {}
    for (const l of editable) flags[`nc${l}`] = sent[`nc${l}`]
    if (removalOf(line, level) === 'toggle-mark') flags[`marked_for_deletion${level}`] = sent.removed
    await setPartLineFlags(trx, line.id, flags)
  }
  const added = input.new_parts.map((p) => ({ partId: p.part_id, quantity: p.quantity, description: p.description.trim(), nc: p.nc }))
  await addReviewPartLines(trx, sheetId, level, added)
}

/** Save or Approve: the level's hours, part lines and comments, saved in the step. */
const reviewStep = (intent: 'save' | 'approve') =>
  defineCommand({
    name: `service-reviews.${intent}`,
    schema: ReviewFormSchema,
    async run(trx, actor, input): Promise<ReviewOutcome> {
      const values = reviewValues(input)
      const done = await runReviewStep(trx, input.review_id, reviewerOf(actor), {
        type: intent === 'approve' ? 'APPROVE' : 'SAVE',
        version: input.version,
        values,
        apply: async (trx, { review, sheet, level }) => {
          await checkNewParts(trx, input.new_parts)
          const partsBefore = await partLinesSnapshot(trx, sheet.id)
          await saveParts(trx, sheet.id, level, input)
          await saveLevelHours(trx, sheet.id, level, values)
          await saveReviewComments(trx, review.id, input.comments.trim())
          // the author's notice (decision 0069): hours or part lines changed by this step (comments are the reviewer's own)
          const before = levelValues(sheet.hours, level)
          const changed = (Object.keys(values) as (keyof typeof values)[]).some((k) => Number(values[k]) !== Number(before[k])) || partsBefore !== (await partLinesSnapshot(trx, sheet.id))
          await noticeIfChanged(trx, 'service_sheet', sheet.id, await sheetAuthor(trx, sheet.id), changed, actor.id)
        },
      })
      return intent === 'approve' ? { outcome: 'approved', completed: done.to === 'complete' } : { outcome: 'saved' }
    },
  })

export const saveServiceReview = reviewStep('save')
export const approveServiceReview = reviewStep('approve')

/**
 * Select Service Details as the route sends it: the place the picker's names resolved to (ids, set
 * by the route), the service types, the review and the version the editor showed.
 */
const ServiceDetailsInputSchema = ServiceDetailsSchema.pick({ version: true, service_rendered: true, other_service: true }).extend({
  review_id: z.number().int(),
  company_id: z.number().int(),
  storage_id: z.number().int(),
  job_id: z.number().int().optional(),
})

/** The place rule's fields are the form's: its job is named `job`. */
function onFormFields(error: unknown): never {
  if (error instanceof InputError && 'job_id' in error.fieldErrors) {
    const { job_id, ...rest } = error.fieldErrors
    throw new InputError({ ...rest, job: job_id! })
  }
  throw error
}

/**
 * Moves the sheet to another customer and storage, or to a job (whose customer and storage must
 * be the ones sent). For the machine it is a SAVE of the review's level, with the level's values
 * as they are. A sheet leaving its job needs a service type when it has none.
 */
export const changeServiceDetails = defineCommand({
  name: 'service-reviews.details',
  schema: ServiceDetailsInputSchema,
  async run(trx, actor, input) {
    await runReviewStep(trx, input.review_id, reviewerOf(actor), {
      type: 'SAVE',
      version: input.version,
      apply: async (trx, { review, sheet, level }) => {
        await requireCustomer(trx, input.company_id, 'company')
        await requirePlaceIds(trx, input).catch(onFormFields)
        const current = await sheetServiceTypes(trx, sheet.id)
        const leavesJob = input.job_id === undefined
        const chosen = leavesJob && input.service_rendered.length > 0
        const service_rendered = chosen ? [...input.service_rendered] : current.service_rendered
        const other_service = chosen ? input.other_service.trim() : current.other_service
        if (leavesJob && service_rendered.length === 0) throw new InputError({ service_rendered: 'Choose the service type.' })
        if (service_rendered.includes('Other') && !other_service) throw new InputError({ other_service: 'Other service is required when Other is picked.' })
        const before = await sheetPlaceNames(trx, sheet.id)
        await saveServiceDetails(trx, sheet.id, { company_id: input.company_id, storage_id: input.storage_id, job_id: input.job_id ?? null, service_rendered, other_service })
        await touchReview(trx, review.id)
        const after = await sheetPlaceNames(trx, sheet.id)
        await noticeIfChanged(trx, 'service_sheet', sheet.id, await sheetAuthor(trx, sheet.id), JSON.stringify(before) !== JSON.stringify(after), actor.id)
        return { kind: 'service-details', level, reviewId: review.id, from: before, to: await sheetPlaceNames(trx, sheet.id) }
      },
    })
    return { outcome: 'saved' }
  },
})
