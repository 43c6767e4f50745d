// The pre-treat's PDF is made when the pre-treat completes (issue 19 item 25), so its first view is
// the cached one: a real Postgres, pg-boss workers and Chromium. The review's completion queues the
// render in its transaction and the worker renders it; a restart completed after the pre-treat
// changes what the PDF prints, so completing it queues the new PDF too. "From the cache" is what the
// PDF routes do (askPretreatPdf): the conversion is already done and no render is started.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submitReview } from '#commands/pretreat-review.ts'
import { RestartSchema } from '#core/schemas/restart.ts'
import type { ChromiumPool } from '#jobs/documents/chromium-pool.server.ts'
import { waitForConversion } from '#jobs/documents/conversions.server.ts'
import { runCommand } from '#commands/command.ts'
import { completeRestart } from '#commands/restarts.ts'
import type { TestDatabase } from '../../../tests/support/db.ts'
import { startDocuments, type DocumentsBeside } from '../../../tests/support/documents.ts'
import { insertUser } from '../../../tests/support/people.ts'
import { completingReview, makePretreat } from '../../../tests/support/pretreats.ts'
import { queuePdfWhenCompleted } from '../pretreat-sheet/review-intent.server.ts'
import { askPretreatPdf, queueCompletedPretreatPdf } from './pretreat-pdf.server.ts'

describe('the pre-treat PDF made at completion', () => {
  let t: TestDatabase
  let documents: DocumentsBeside | undefined
  let pool: ChromiumPool
  let reviewer: number

  beforeAll(async () => {
    documents = await startDocuments('pretreat-completion', { workers: true })
    ;({ t, pool } = documents)
    reviewer = await insertUser(t.db, 'pt-rev-two', { first_name: 'Travis', last_name: 'Nielsen' })
  }, 60_000)

  afterAll(() => documents?.stop())

  /** A pre-treat in to-review1 with its sheet filled, completed by a second-level review as the review page does it. */
  async function completeByReview() {
    const pt = await makePretreat(t.db, { stage: 'to-review1', quantityUsed: 16 })
    // the hook the review page passes (app/features/pretreat-sheet/review-intent.server.ts)
    expect((await runCommand(t.db, submitReview, { ...(await completingReview(t.db, pt.id, reviewer)), then: queuePdfWhenCompleted(pt.id) })).status).toBe('completed')
    return pt
  }

  const conversions = async () => (await t.db.selectFrom('document_conversions').select('id').where('kind', '=', 'html').execute()).length

  /** The restart form's post, with the hook it passes (app/routes/restarts.$id.tsx). */
  const complete = (restartId: number, answers: ReturnType<typeof RestartSchema.parse>) =>
    runCommand(t.db, completeRestart, {
      actor: { id: reviewer, username: 'pt-rev-two', is_superuser: false, permissions: [] },
      key: answers.submission_id,
      input: { ...answers, restart_id: restartId },
      then: (trx, done) => queueCompletedPretreatPdf(trx, done.pretreat_id),
    })

  /**
   * The worker's renders of every conversion queued, awaited: a completion queues the grower's report
   * beside the sheet's PDF, in the same transaction (the same created_at), so neither is "the last".
   */
  async function rendered() {
    for (const { id } of await t.db.selectFrom('document_conversions').select('id').where('kind', '=', 'html').execute()) {
      expect(await waitForConversion(t.db, id, 30_000)).toMatchObject({ status: 'done' })
    }
  }

  it('a review’s completion has the worker render the PDF: the first view finds it done and starts no render', async () => {
    const pt = await completeByReview()
    await rendered()
    const renders = pool.uses
    const before = await conversions()
    const first = await askPretreatPdf(t.db, pt.id) // what GET /pretreats/{id}/pdf and POST /convert/{id} ask
    expect(first.state.status).toBe('done')
    expect(await conversions()).toBe(before)
    expect(pool.uses).toBe(renders)
  }, 90_000)

  it('a restart completed after the pre-treat renders the PDF that prints it: the first view is still the cached one', async () => {
    const pt = await completeByReview()
    await rendered()
    const restart = await t.db.selectFrom('restarts').select('id').where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
    const answers = RestartSchema.parse({ submission_id: crypto.randomUUID(), remote: 'yes', running: 'yes', cleaned_up: 'yes', comments: 'Fans back on at 6 am' })
    // the hook the restart form passes (app/routes/restarts.$id.tsx)
    await complete(restart.id, answers)
    await rendered()
    const renders = pool.uses
    const before = await conversions()
    expect((await askPretreatPdf(t.db, pt.id)).state.status).toBe('done')
    expect(await conversions()).toBe(before)
    expect(pool.uses).toBe(renders)
  }, 90_000)

  it('a restart of a pre-treat still in review queues nothing (its PDF is made when it completes)', async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review' })
    const restart = await t.db.selectFrom('restarts').select('id').where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
    const before = await conversions()
    await complete(restart.id, RestartSchema.parse({ submission_id: crypto.randomUUID(), remote: 'no', running: 'yes', cleaned_up: 'yes' }))
    expect(await conversions()).toBe(before)
  }, 60_000)
})
