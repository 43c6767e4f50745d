// The review editor's server half (route.tsx is its page): what the page reads, and what its
// Save, Approve, Add/Remove line and Select Service Details posts do.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { data as respond } from '@remix-run/node'
import type { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import type { FormResult } from '#app/components/form/form-result.ts'
import { applyLineIntent } from '#app/components/form/line-items.server.ts'
import { partLines } from '#app/components/form/line-rules.ts'
import { loadPlacePicker, placeQuery, requirePlace, resolvePlace, type Place } from '#app/components/form/place.server.ts'
import { parseSubmission, refuseFormFor, submitCommand } from '#app/command-answer.server.ts'
import { forbidden } from '#app/http-errors.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { approveServiceReview, changeServiceDetails, saveServiceReview } from '#commands/service-reviews.ts'
import { stepKey } from '#commands/step-key.ts'
import { sendBackServiceSheet } from '#commands/notices.ts'
import type { ReviewLevel } from '#core/enums.ts'
import { ServiceDetailsSchema } from '#core/schemas/review.ts'
import { getDb } from '#db/client.server.ts'
import { partOptions } from '#db/queries/registry.ts'
import { sheetImages } from '#db/queries/service-sheet-detail.ts'
import { detailsChangesAt, earlierComments, reviewById, reviewSheet, sheetPartLines } from '#db/queries/service-reviews.ts'
import { mayOpenReview, reviewerLevels } from '#workflows/service-review.server.ts'

const access = ACCESS['/review-editor/:id']

/** Runs a read; a failure becomes the spec's text in the Error modal. */
async function orFail<T>(text: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof Response) throw error
    console.error(text, error)
    throw new Response(text, { status: 500 })
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  const db = getDb()
  const review = requireRecord(await orFail('Error fetching review', () => reviewById(db, id)))
  const levels = reviewerLevels(user)
  const level = review.review_level
  if (!mayOpenReview(levels, review)) {
    throw forbidden(review.status === 'approved' ? `This completed review is for level ${level} and level 3 reviewers.` : `This review is for level ${level} reviewers.`)
  }
  const [sheet, lines, earlier, detailsChanges, partList, images] = await orFail('Failed to load sheet details', () =>
    Promise.all([
      reviewSheet(db, review.service_sheet_id),
      sheetPartLines(db, review.service_sheet_id),
      earlierComments(db, review.service_sheet_id, level),
      level > 1 ? detailsChangesAt(db, review.service_sheet_id, (level - 1) as ReviewLevel) : Promise.resolve([]),
      partOptions(db),
      // the sheet's photos: reviewers may open them (storage/attachments.server.ts)
      sheetImages(db, review.service_sheet_id),
    ]),
  )
  if (!sheet) throw new Response('Failed to load sheet details', { status: 500 })
  const editable = review.status === 'open' && levels.includes(level)
  const search = new URL(request.url).searchParams
  const chosen = search.has('company') || search.has('job')
  const details =
    editable && search.get('details') === '1'
      ? await loadPlacePicker(db, chosen ? placeQuery(search) : { company: sheet.company_name, job: sheet.job_name ?? '', storage: String(sheet.storage_id) })
      : null
  // the lines this level saw: none added by a later level
  const parts = lines.filter((line) => line.added_at_level <= level)
  return { review, sheet, parts, earlier, detailsChanges, partList, images, editable, reviewerLevels: levels, details }
}

/** The details form posts the picker's names: resolved here as the page resolves them (the command checks the ids). */
const PLACE_FIELDS = { company: 'company', job: 'job', storage: 'storage_id' } as const

/**
 * The idempotency key of one press. The editor's submission id names the review and the version
 * it shows (`review-{id}-{version}`, `details-{id}-{version}`): Save and Approve share it, and so do
 * all reviewers with the page open. A press is that, its step and who pressed: the same press sent
 * again acts once, and another reviewer's save of the same version is refused as stale (with the
 * current values), not as a reused key.
 */
function pressKey(form: FormData, step: string, actorId: number): string {
  const page = form.get('submission_id')
  return typeof page === 'string' && page !== '' ? stepKey(page, step, String(form.get('version') ?? ''), actorId) : ''
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  const db = getDb()
  const form = await readForm(request)
  const failureText = 'Error updating review'

  // Send Back (decision 0069): the sheet goes back to its author with the reason
  if (form.get('intent') === 'send-back') {
    return submitCommand({
      request,
      form,
      command: sendBackServiceSheet,
      actor: user,
      fixed: { review_id: id, submission_id: pressKey(form, 'send-back', user.id) },
      failureText,
      redirectTo: '/review-sheets',
      successFlash: 'sent-back',
    })
  }

  if (form.get('intent') === 'details') {
    const parsed = parseSubmission(form, ServiceDetailsSchema)
    if (parsed.status !== 'success') return respond<FormResult>(parsed.reply(), { status: 400 })
    const { company = '', job = '', storage_id } = parsed.value
    let place: Place
    try {
      place = requirePlace(await resolvePlace(db, { company, job, storage: storage_id ? String(storage_id) : '' }), PLACE_FIELDS)
    } catch (error) {
      return refuseFormFor(request, parsed, error)
    }
    return submitCommand({
      request,
      form,
      command: changeServiceDetails,
      actor: user,
      fixed: { review_id: id, company_id: place.companyId, storage_id: place.storageId, job_id: place.jobId, submission_id: pressKey(form, 'details', user.id) },
      failureText,
      redirectTo: `/review-editor/${id}`,
    })
  }

  const lines = applyLineIntent(form, { new_parts: partLines(await partOptions(db)) })
  if (lines) return lines
  const approve = form.get('intent') === 'approve'
  return submitCommand({
    request,
    form,
    command: approve ? approveServiceReview : saveServiceReview,
    actor: user,
    fixed: { review_id: id, submission_id: pressKey(form, approve ? 'approve' : 'save', user.id) },
    failureText,
    redirectTo: approve ? '/review-sheets' : `/review-editor/${id}`,
  })
}

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
