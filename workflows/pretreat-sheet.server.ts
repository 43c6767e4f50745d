// The application sheet's steps (/pretreats/{id} and its JSON API): Save (a draft: SAVE, the first
// one starts the work), the final checklist saved, and Submit (the fields saved and SUBMIT in one
// transaction, once per submit id). Only the assigned applicator's user, reviewers and superusers
// fill a sheet (core/pretreat-sheet.ts mayFillSheet; docs/decisions/0037-pretreat-sheet.md).
// The form's version makes a save over someone else's newer one a ConflictError (CHANGED_MEANWHILE, from runPretreatStep).
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import type { SessionUser } from '#core/permissions.ts'
import {
  changedValues,
  CHECKLIST_INCOMPLETE,
  checklistComplete,
  checklistFormValues,
  checklistGaps,
  IncompleteError,
  mayFillSheet,
  missingInputs,
  missingFieldsMessage,
  sheetFacts,
  sheetFormValues,
  sheetProblems,
} from '#core/pretreat-sheet.ts'
import type { PretreatChecklistValue, PretreatSheetValue } from '#core/schemas/pretreat-sheet.ts'
import { inTransaction, type Executor } from '#db/client.server.ts'
import { openRestart } from '#db/queries/restarts.ts'
import { checklistOf, isActiveTruck, lockSheet, pretreatSubmittedWith, saveChecklist, saveSheetFields, sheetColumnsOf, submitFactsOf } from '#db/queries/pretreat-sheet.ts'
import { canPretreat } from './pretreat.machine.ts'
import { runPretreatStep } from './pretreat.server.ts'
import { NOT_POSSIBLE } from './transition.server.ts'

export type SheetActor = Pick<SessionUser, 'id' | 'is_superuser' | 'permissions'>

export const NOT_YOURS = 'Only the assigned applicator, reviewers and admins may fill this sheet.'
export const UNKNOWN_TRUCK = 'Choose a truck from the list.'
export const SUBMIT_ID_USED = 'This form is out of date. Please reload the page.'

/** Locks the sheet and checks the actor may fill it. */
async function lockForFiller(trx: Executor, id: number, actor: SheetActor) {
  const sheet = await lockSheet(trx, id)
  if (!sheet) throw new NotFoundError('No such pre-treat.')
  if (!mayFillSheet(actor, sheet.assigned_user_id ?? null, sheet.status)) throw new ForbiddenError(NOT_YOURS)
  return sheet
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
export async function saveSheet(db: Executor, id: number, actor: SheetActor, value: PretreatSheetValue): Promise<{ version: number; savedAt: Date }> {
  return inTransaction(db, async (trx) => {
    await lockForFiller(trx, id, actor)
    await requireKnownTruck(trx, value.truck_id)
    await runPretreatStep(trx, id, { type: 'SAVE' }, { actorId: actor.id, version: value.version, apply: async (t) => ({ changes: (await saveFields(t, id, value, actor.id)).changes }) })
    return { version: value.version + 1, savedAt: new Date() }
  })
}

/**
 * Submit: the fields saved, SUBMIT and the pending restart in one transaction, refused (nothing saved) while a required
 * field, a quantity used or the final checklist is missing. A submit id already used here answers
 * `repeated: true` and does nothing.
 */
export async function submitSheet(db: Executor, id: number, actor: SheetActor, value: PretreatSheetValue): Promise<{ repeated: boolean }> {
  return inTransaction(db, async (trx) => {
    const sheet = await lockSheet(trx, id)
    if (!sheet) throw new NotFoundError('No such pre-treat.')
    if (sheet.sheet_submit_id === value.submission_id) return { repeated: true }
    if (!mayFillSheet(actor, sheet.assigned_user_id ?? null, sheet.status)) throw new ForbiddenError(NOT_YOURS)
    if (await pretreatSubmittedWith(trx, value.submission_id)) throw new InputError({ '': SUBMIT_ID_USED })
    // the machine and the version first (runPretreatStep), then the fields saved and checked whole
    await runPretreatStep(trx, id, { type: 'SUBMIT', complete: true }, {
      actorId: actor.id,
      version: value.version,
      apply: async (t) => {
        await requireKnownTruck(t, value.truck_id)
        const { after, changes } = await saveFields(t, id, value, actor.id, { sheet_submit_id: value.submission_id })
        const problems = sheetProblems({ ...sheetFacts(await submitFactsOf(t, id)), ...after })
        if (problems.length > 0) throw new IncompleteError(missingFieldsMessage(problems), missingInputs(after))
        if (!checklistComplete(checklistFormValues(await checklistOf(t, id)))) throw new InputError({ '': CHECKLIST_INCOMPLETE })
        return { changes }
      },
    })
    // the storage was shut down for the application: someone must confirm it runs again (decision 0041)
    await openRestart(trx, id)
    return { repeated: false }
  })
}

/** The final checklist saved (replacing the one saved before), when complete; the sheet's version stays. */
export async function saveSheetChecklist(db: Executor, id: number, actor: SheetActor, value: PretreatChecklistValue): Promise<{ version: number; savedAt: Date }> {
  const flat = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v === undefined ? '' : String(v)]))
  if (!checklistComplete(flat)) throw new IncompleteError(CHECKLIST_INCOMPLETE, checklistGaps(flat))
  return inTransaction(db, async (trx) => {
    const sheet = await lockForFiller(trx, id, actor)
    if (!canPretreat(sheet.status, sheet, { type: 'SAVE' })) throw new ConflictError(NOT_POSSIBLE)
    const savedAt = await saveChecklist(trx, id, value, actor.id)
    return { version: sheet.version, savedAt }
  })
}
