// The application sheet's server half (route.tsx is its page): the sheet with what the pre-treat
// form set, the trucks, whether this user fills it; and its posts (Save, Save Checklist, Submit),
// run by runSheetIntent like the JSON API's and answered by app/command-answer.server.ts. Without
// JavaScript a post ends in a redirect (a saved draft back to the sheet with a notice; a submit to
// /pretreats with the flash) or the page again with the messages.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { readForm, readWithAccess, requireAccess } from '#app/auth/guard.server.ts'
import { intentOf, runSheetIntent } from '#app/features/pretreat-sheet/sheet-intent.server.ts'
import { parseSubmission, sheetPageAnswer } from '#app/command-answer.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { readSheet, sheetValues, sheetView } from '#app/features/pretreat-sheet/sheet-view.server.ts'
import { pretreatActor } from '#core/pretreat-steps.ts'
import { PretreatChecklistSchema, PretreatSheetSchema } from '#core/schemas/pretreat-sheet.ts'
import { getDb } from '#db/client.server.ts'
import { canPretreat, mayFillSheet } from '#workflows/pretreat.machine.ts'
import { recordNotices } from '#db/queries/notices.ts'

const access = ACCESS['/pretreats/:id']

export type { SheetResult } from '#app/command-answer.server.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb()
  // the session look-up and the reads share their round trips (decision 0008); nothing leaves before the check
  const { user, data: read } = await readWithAccess(request, access, () => readSheet(db, requireId(params)))
  const { row: sheet, trucks } = requireRecord(read)
  const search = new URL(request.url).searchParams
  const by = pretreatActor(user, sheet.assigned_user_id)
  const flags = { void: sheet.void, upcoming: sheet.upcoming }
  // a reviewer's Send Back and changes, for its applicator (decision 0069)
  const notices = await recordNotices(db, 'pretreat', sheet.id, user.id)
  return {
    notices,
    /** back with its applicator after a reviewer's Send Back: the reason shows until it is submitted again */
    sentBack: sheet.status === 'in-progress' && notices.lastSendBack !== null,
    sheet: sheetView(sheet),
    /** the sheet form's values (form-values.ts), the pre-treat form's facts (for the browser's submit check), the checklist */
    ...sheetValues(sheet),
    trucks,
    mayFill: mayFillSheet(sheet.status, by),
    /** which steps this user may take now (the machine decides, who and when; the server asks it again) */
    canSave: canPretreat(sheet.status, flags, { type: 'SAVE', by }),
    canSubmit: canPretreat(sheet.status, flags, { type: 'SUBMIT', complete: true, by }),
    submissionId: crypto.randomUUID(),
    view: search.get('view') === 'checklist' ? ('checklist' as const) : ('sheet' as const),
    saved: search.get('saved'),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  const form = await readForm(request)
  const which = intentOf(form) === 'checklist' ? 'checklist' : 'sheet'
  const schema = which === 'checklist' ? PretreatChecklistSchema : PretreatSheetSchema
  return sheetPageAnswer(await runSheetIntent(form, id, user), {
    form,
    which,
    reply: (options) => parseSubmission(form, schema).reply(options),
    redirectTo: '/pretreats',
    savedAt: `/pretreats/${id}?saved=${which}`,
  })
}

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
