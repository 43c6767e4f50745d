// The application sheet's steps (/pretreats/{id} and its JSON API; docs/decisions/0037): Save (a
// draft: SAVE, the first one starts the work), the final checklist saved, and Submit (the fields
// saved and SUBMIT in one transaction). The pre-treat is the one the page's address names
// (`pretreat_id`, set by the route, never taken from the post). Only the assigned applicator's
// user, reviewers and superusers fill a sheet: the machine's guard decides (workflows/pretreat.machine.ts). The form's
// version makes a save over someone else's newer one a ConflictError (CHANGED_MEANWHILE, from runPretreatStep).
import type { z } from 'zod'
import { InputError, NotFoundError } from '#core/errors.ts'
import {
  APPLICATION_DATE_AHEAD,
  applicationDateAhead,
  changedValues,
  CHECKLIST_INCOMPLETE,
  checklistComplete,
  checklistFormValues,
  checklistGaps,
  IncompleteError,
  missingInputs,
  missingFieldsMessage,
  sheetFacts,
  sheetFormValues,
  sheetProblems,
} from '#core/pretreat-sheet.ts'
import { id } from '#core/schemas/fields.ts'
import { localToday } from '#core/licence.ts'
import { PretreatChecklistSchema, PretreatSheetSchema, type PretreatSheetValue } from '#core/schemas/pretreat-sheet.ts'
import type { PretreatState } from '#core/workflow-states.ts'
import type { Executor } from '#db/client.server.ts'
import { checklistOf, isActiveTruck, pretreatSubmittedWith, saveChecklist, saveSheetFields, sheetColumnsOf, submitFactsOf } from '#db/queries/pretreat-sheet.ts'
import { lockPretreatStanding } from '#db/queries/pretreat-workflow.ts'
import { openRestart } from '#db/queries/restarts.ts'
import { pretreatStepRefusal, runPretreatStep } from '#workflows/pretreat.server.ts'
import { markNoticesSeen } from '#db/queries/notices.ts'
import { defineCommand, hashOf } from './command.ts'
import { stepKey } from './step-key.ts'

export { NOT_YOURS } from '#core/pretreat-sheet.ts'
export const UNKNOWN_TRUCK = 'Choose a truck from the list.'
export const SUBMIT_ID_USED = 'This form is out of date. Please reload the page.'

/** The pre-treat a step is taken on: the one the page's address names. */
export const ON_PRETREAT = { pretreat_id: id('No such pre-treat.') }

export const SheetStepSchema = PretreatSheetSchema.safeExtend(ON_PRETREAT)
export type SheetStepInput = z.output<typeof SheetStepSchema>

export const ChecklistStepSchema = PretreatChecklistSchema.extend(ON_PRETREAT)

/**
 * The idempotency key of one press of Save or Submit on a sheet's page (the review page's too).
 * The page has one submission id, but Save is pressed again and again from it, each time with other
 * values on the version the last save made; and after a save whose answer was lost, the next one
 * brings more edits on the same version and must meet the version check (changed meanwhile, with
 * the server's values) as before, not be refused as a used key. So a press is the page's id, the
 * step and all it sent (the pre-treat, the version, the values), hashed: the same post again — a
 * double tap, the outbox's replay, the page's save and the outbox's of the same values — acts once
 * and is answered the same; any other post is a press of its own.
 */
export function sheetPressKey(step: 'save' | 'submit', input: { submission_id: string; pretreat_id: number; version: number }): string {
  return stepKey(input.submission_id, step, input.pretreat_id, input.version, hashOf(input))
}

/**
 * Locks the pre-treat a submit (the sheet's or the review's) is for. `done`: the page's submit went
 * through already and this is the same submit sent again with another key (the outbox's replay
 * after more edits, or another version), told it is done, as before.
 */
export async function lockForSubmit(trx: Executor, input: { pretreat_id: number; submission_id: string }) {
  const standing = await lockPretreatStanding(trx, input.pretreat_id)
  if (!standing) throw new NotFoundError('No such pre-treat.')
  return { standing, done: standing.sheet_submit_id === input.submission_id ? { status: standing.status } : null }
}

export async function requireKnownTruck(trx: Executor, truckId: number | undefined): Promise<void> {
  if (truckId !== undefined && !(await isActiveTruck(trx, truckId))) throw new InputError({ truck_id: UNKNOWN_TRUCK })
}

/** The fields saved, and what they changed ({ field: [old, new] }, as the form holds them); the review sheet's steps save them so too. */
export async function saveFields(trx: Executor, id: number, value: PretreatSheetValue, actorId: number, extra: { sheet_submit_id?: string } = {}) {
  const before = sheetFormValues(await sheetColumnsOf(trx, id))
  await saveSheetFields(trx, id, value, actorId, extra)
  const after = sheetFormValues(await sheetColumnsOf(trx, id))
  return { before, after, changes: changedValues(before, after) }
}

/** Save: the fields as a draft (SAVE: assigned → in-progress the first time). The new version and when. */
export const saveSheet = defineCommand({
  name: 'pretreat-sheet.save',
  schema: SheetStepSchema,
  async run(trx, actor, input): Promise<{ version: number; savedAt: string }> {
    const id = input.pretreat_id
    await runPretreatStep(
      trx,
      id,
      { type: 'SAVE' },
      {
        actor,
        version: input.version,
        apply: async (t) => {
          await requireKnownTruck(t, input.truck_id)
          return { changes: (await saveFields(t, id, input, actor.id)).changes }
        },
      },
    )
    return { version: input.version + 1, savedAt: new Date().toISOString() }
  },
})

/**
 * Submit: the fields saved, SUBMIT and the pending restart in one transaction, refused (nothing
 * saved) while a required field, a quantity used or the final checklist is missing. Answers the
 * status the pre-treat stands in.
 */
export const submitSheet = defineCommand({
  name: 'pretreat-sheet.submit',
  schema: SheetStepSchema,
  async run(trx, actor, input): Promise<{ status: PretreatState }> {
    const id = input.pretreat_id
    const { done } = await lockForSubmit(trx, input)
    if (done) return done
    // the machine (who, and whether now) and the version first (runPretreatStep), then the fields saved and checked whole
    const step = await runPretreatStep(
      trx,
      id,
      { type: 'SUBMIT', complete: true },
      {
        actor,
        version: input.version,
        apply: async (t) => {
          // a page's submission id submits one pre-treat: sent for another, its key is another (the
          // key names the pre-treat), so this refusal is the one that stops it
          if (await pretreatSubmittedWith(t, input.submission_id)) throw new InputError({ '': SUBMIT_ID_USED })
          await requireKnownTruck(t, input.truck_id)
          const { after, changes } = await saveFields(t, id, input, actor.id, { sheet_submit_id: input.submission_id })
          const problems = sheetProblems({ ...sheetFacts(await submitFactsOf(t, id)), ...after })
          if (problems.length > 0) throw new IncompleteError(missingFieldsMessage(problems), missingInputs(after))
          if (applicationDateAhead(after.application_date, localToday())) throw new InputError({ '': APPLICATION_DATE_AHEAD, application_date: APPLICATION_DATE_AHEAD })
          if (!checklistComplete(checklistFormValues(await checklistOf(t, id)))) throw new InputError({ '': CHECKLIST_INCOMPLETE })
          return { changes }
        },
      },
    )
    // the storage was shut down for the application: someone must confirm it runs again (decision 0041)
    await openRestart(trx, id)
    // submitted again after a send-back: its notice has been answered (decision 0069)
    await markNoticesSeen(trx, { entity: 'pretreat', recordId: id, kinds: ['sent_back'] })
    return { status: step.to }
  },
})

/** The final checklist saved (replacing the one saved before), when complete; the sheet's version stays. */
export const saveSheetChecklist = defineCommand({
  name: 'pretreat-sheet.checklist',
  schema: ChecklistStepSchema,
  async run(trx, actor, input): Promise<{ version: number; savedAt: string }> {
    const { pretreat_id: id, ...value } = input
    const flat = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v === undefined ? '' : String(v)]))
    if (!checklistComplete(flat)) throw new IncompleteError(CHECKLIST_INCOMPLETE, checklistGaps(flat))
    const sheet = await lockPretreatStanding(trx, id)
    if (!sheet) throw new NotFoundError('No such pre-treat.')
    // kept beside the sheet's fields: whoever may save those, when they may
    const refused = pretreatStepRefusal(sheet, { type: 'SAVE' }, actor)
    if (refused) throw refused
    const savedAt = await saveChecklist(trx, id, value, actor.id)
    return { version: sheet.version, savedAt: savedAt.toISOString() }
  },
})
