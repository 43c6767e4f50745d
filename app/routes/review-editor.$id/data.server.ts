// The review editor's server half (route.tsx is its page): what the page reads, and what its
// Save, Approve, Add/Remove line and Select Service Details posts do.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { applyLineIntent } from '#app/components/form/line-items.server.ts'
import { partLines } from '#app/components/form/line-rules.ts'
import { loadPlacePicker, placeQuery, requirePlace, resolvePlace } from '#app/components/form/place.server.ts'
import { submitForm } from '#app/forms.server.ts'
import { forbidden } from '#app/http-errors.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import type { ReviewLevel } from '#core/enums.ts'
import { ReviewSchema, reviewValues, ServiceDetailsSchema } from '#core/schemas/review.ts'
import { getDb } from '#db/client.server.ts'
import { partOptions } from '#db/queries/registry.ts'
import { detailsChangesAt, earlierComments, reviewById, reviewSheet, sheetPartLines } from '#db/queries/service-reviews.ts'
import { changeServiceDetails, mayOpenReview, reviewerLevels, submitReview } from '#workflows/service-review.server.ts'

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
  const [sheet, lines, earlier, detailsChanges, partList] = await orFail('Failed to load sheet details', () =>
    Promise.all([
      reviewSheet(db, review.service_sheet_id),
      sheetPartLines(db, review.service_sheet_id),
      earlierComments(db, review.service_sheet_id, level),
      level > 1 ? detailsChangesAt(db, review.service_sheet_id, (level - 1) as ReviewLevel) : Promise.resolve([]),
      partOptions(db),
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
  return { review, sheet, parts, earlier, detailsChanges, partList, editable, reviewerLevels: levels, details }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  const db = getDb()
  const form = await readForm(request)
  const reviewer = { id: user.id, levels: reviewerLevels(user) }
  const failureText = 'Error updating review'

  if (form.get('intent') === 'details') {
    return submitForm({
      form,
      schema: ServiceDetailsSchema,
      failureText,
      redirectTo: `/review-editor/${id}`,
      save: async (value) => {
        const query = { company: value.company ?? '', job: value.job ?? '', storage: value.storage_id ? String(value.storage_id) : '' }
        const place = requirePlace(await resolvePlace(db, query), { company: 'company', job: 'job', storage: 'storage_id' })
        await changeServiceDetails(db, id, reviewer, {
          version: value.version,
          companyId: place.companyId,
          storageId: place.storageId,
          jobId: place.jobId,
          serviceRendered: value.service_rendered,
          otherService: value.other_service,
        })
      },
    })
  }

  const lines = applyLineIntent(form, { new_parts: partLines(await partOptions(db)) })
  if (lines) return lines
  return submitForm({
    form,
    schema: ReviewSchema,
    failureText,
    redirectTo: form.get('intent') === 'approve' ? '/review-sheets' : `/review-editor/${id}`,
    save: async (value) => {
      await submitReview(db, id, reviewer, value.intent === 'approve' ? 'approve' : 'save', {
        version: value.version,
        values: reviewValues(value),
        comments: value.comments,
        parts: value.parts,
        newParts: value.new_parts.map((p) => ({ partId: p.part_id, quantity: p.quantity, description: p.description, nc: p.nc })),
      })
    },
  })
}

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
