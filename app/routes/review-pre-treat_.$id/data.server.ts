// The review sheet's server half (route.tsx is its page): the sheet with its pricing, what was
// changed after the first save, the application record's gaps, and whether this user reviews it;
// and its posts (Save, Submit), run by runReviewIntent. Without JavaScript a post ends in a
// redirect (a save back to the sheet with a notice; a submit to /pretreats with the flash)
// or the page again with the messages.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { readForm, readWithAccess, requireAccess } from '#app/auth/guard.server.ts'
import { runReviewIntent } from '#app/features/pretreat-sheet/review-intent.server.ts'
import { readReviewView } from '#app/features/pretreat-sheet/review-view.server.ts'
import { parseSubmission, sheetPageAnswer, submitCommand, type SheetResult } from '#app/command-answer.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { FIRST_REVIEW_BY_YOU, reviewerLevel } from '#commands/pretreat-review.ts'
import { pretreatActor } from '#core/pretreat-steps.ts'
import { PretreatReviewSchema } from '#core/schemas/pretreat-review.ts'
import { localToday } from '#core/licence.ts'
import { getDb } from '#db/client.server.ts'
import { pretreatSeasonCheck } from '#db/queries/season.ts'
import { seasonReasonsOf } from '#db/queries/season-reasons.ts'
import { unansweredWarnings } from '#core/season-reasons.ts'
import { canPretreat, isReviewState } from '#workflows/pretreat.machine.ts'
import { sendBackPretreat } from '#commands/notices.ts'
import { stepKey } from '#commands/step-key.ts'
import { recordNotices } from '#db/queries/notices.ts'
import { firstReviewerOf } from '#db/queries/pretreat-workflow.ts'

const access = ACCESS['/review-pre-treat/:id']

export type ReviewResult = SheetResult

/** Where a submitted review goes: /pretreats (spec §8), on its Reviews & Restarts tab. */
const SUBMITTED_TO = '/pretreats?tab=review'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb()
  const { user, data: read } = await readWithAccess(request, access, () => readReviewView(db, requireId(params)))
  const { row, ...view } = requireRecord(read)
  const level = reviewerLevel(user)
  const flags = { void: row.void, upcoming: row.upcoming }
  const search = new URL(request.url).searchParams
  // what the application did to its storage's season, with the quantities used, and every reason given so far (decision 0063)
  const [seasonCheck, { reasons, answered }, notices, firstReviewer] = await Promise.all([
    isReviewState(row.status) ? pretreatSeasonCheck(db, row.id, localToday()) : Promise.resolve([]),
    seasonReasonsOf(db, row.id),
    recordNotices(db, 'pretreat', row.id, user.id),
    firstReviewerOf(db, row.id),
  ])
  /** a reviewer, on a sheet in review that is not void (the machine decides; the server checks again) */
  const canReview = level !== null && isReviewState(row.status) && canPretreat(row.status, flags, { type: 'SAVE', by: pretreatActor(user) })
  return {
    ...view,
    seasonCheck,
    seasonChecked: isReviewState(row.status),
    seasonReasons: reasons,
    /** the warnings no reason answers yet: a Submit needs one (the form asks it) */
    seasonUnanswered: canReview ? unansweredWarnings(seasonCheck, answered) : [],
    level,
    canReview,
    /** a level-2 reviewer who made the level-1 review: another must complete it (decision 0078; the Submit refuses it) */
    secondReviewNeeded: canReview && level === 2 && row.status !== 'to-review' && firstReviewer === user.id ? FIRST_REVIEW_BY_YOU : null,
    /** Send Back (decision 0069): a reviewer, on a sheet in review that is not void (the machine's guard) */
    canSendBack: canPretreat(row.status, flags, { type: 'SEND_BACK', reason: 'reason', by: pretreatActor(user) }),
    notices,
    submissionId: crypto.randomUUID(),
    view: search.get('view') === 'checklist' ? ('checklist' as const) : ('sheet' as const),
    saved: search.get('saved') === '1',
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  const form = await readForm(request)
  // Send Back (decision 0069): back to the applicator with the reason
  if (form.get('intent') === 'send-back') {
    const press = stepKey(String(form.get('submission_id') ?? '').slice(0, 100), 'send-back', String(form.get('version') ?? '').slice(0, 20), user.id)
    return submitCommand({ request, form, command: sendBackPretreat, actor: user, fixed: { pretreat_id: id, submission_id: press }, redirectTo: '/review-pre-treat', successFlash: 'sent-back' })
  }
  // as the application sheet's: the spec's Success modal redirects to /pretreats (the review page
  // is the sheet in review mode), opened on the Reviews & Restarts tab the reviewer came from
  return sheetPageAnswer(await runReviewIntent(form, id, user), {
    form,
    which: 'sheet',
    reply: (options) => parseSubmission(form, PretreatReviewSchema).reply(options),
    redirectTo: SUBMITTED_TO,
    savedAt: `/review-pre-treat/${id}?saved=1`,
  })
}

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
