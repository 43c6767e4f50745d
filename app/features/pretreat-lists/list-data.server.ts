// The server half of the four pre-treat list routes (docs/decisions/0036): the loader (the page,
// the filter names, and on the scheduled list the applicators an assigner may choose from) and the
// action every row's small forms post to: Stage, Schedule (api.add_pretreat) and Assign
// (api.pretreat_assigner), run by their command, whose machine decides who may (decision 0057); a
// refusal is a message on the list (nothing changed), a success goes back to the same page, sort
// and filter.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, readWithAccess, requireAccess } from '#app/auth/guard.server.ts'
import { rowRefusal } from '#app/command-answer.server.ts'
import { runCommand } from '#commands/command.ts'
import { takeRowStep } from '#commands/pretreat-schedule.ts'
import { stepKey } from '#commands/step-key.ts'
import { PRETREAT_LIST_SCREENS } from '#app/lists/pretreat-lists.server.ts'
import { isMineFilter } from '#app/lists/mine-filter.server.ts'
import type { ListOptions } from '#app/lists/list-engine.server.ts'
import { CONFIRM_FIELD } from '#core/dispatch.ts'
import { SEASON_REASON_FIELD } from '#core/season-reasons.ts'
import { mayTakeStep } from '#core/pretreat-steps.ts'
import { localToday } from '#core/schemas/applicator.ts'
import { getDb } from '#db/client.server.ts'
import type { PretreatListName } from '#db/queries/pretreat-lists.ts'
import { applicatorChoices, type ApplicatorChoice } from '#db/queries/pretreat-form.ts'

export const INVALID_REQUEST = 'That request could not be read. Reload the page and try again.'

/** What a list page's loader gives its screen. */
export async function loadPretreatList({ request }: Pick<LoaderFunctionArgs, 'request'>, access: Access, list: PretreatListName) {
  const db = getDb()
  const url = new URL(request.url)
  const source = PRETREAT_LIST_SCREENS[list]
  const mine = url.searchParams.get('mine')
  const read = (options: ListOptions) => Promise.all([source.list.load(db, url.searchParams, options), source.readChoices(db), list === 'scheduled' ? applicatorChoices(db) : Promise.resolve([])])
  // ?mine=: the user's own rows (decision 0069), so the user is read first; otherwise the reads run beside the session look-up
  const { user, data: rows } =
    mine !== null && isMineFilter(mine)
      ? await requireAccess(request, access).then(async (user) => ({ user, data: await read(source.userFilter?.options(user, mine) ?? {}) }))
      : await readWithAccess(request, access, () => read({}))
  const [page, choices, applicators] = rows
  return {
    list: page,
    choices,
    applicators: mayTakeStep(user, 'ASSIGN') ? applicators : ([] as ApplicatorChoice[]),
    today: localToday(),
    submissionId: crypto.randomUUID(),
    mine: isMineFilter(mine) ? mine : null,
  }
}

export type PretreatListData = SerializeFrom<typeof loadPretreatList>

export interface RowStepResult {
  error: string
  /** an Assign refused for want of a season reason: the window where one is given (its form has the field) */
  reasonAt?: string
  /** an Assign refused for want of a confirmation (a booking that day): the window where it is confirmed */
  confirmAt?: string
}

/**
 * A row's step (Stage, Schedule, Assign: commands/pretreat-schedule.ts), then back to `backTo`.
 * Bad input: 400 with a message; a refusal: 409 with the reason; no such pre-treat: 404; a missing
 * permission: 403 (app/command-answer.server.ts rowRefusal), each the list's message. An Assign past a season warning no reason answers yet (decision 0063), or one
 * that meets another booking that day unconfirmed: 400 with the warnings and the assign window's
 * address, where the reason is given or the Assign confirmed. The page's submission id with the step names the press (stepKey): the same
 * button sent twice acts once; a post without one (a page from before) is a press of its own.
 */
export async function runRowStep(request: Request, access: Access, backTo: string) {
  const user = await requireAccess(request, access)
  const form = await readForm(request)
  const parsed = takeRowStep.schema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')))
  if (!parsed.success) return data<RowStepResult>({ error: INVALID_REQUEST }, { status: 400 })
  const step = parsed.data
  const page = form.get('submission_id')
  const key = typeof page === 'string' && page !== '' ? stepKey(page, step.intent, step.id, step.intent === 'assign' ? step.applicator : '') : crypto.randomUUID()
  try {
    await runCommand(getDb(), takeRowStep, { actor: user, key, input: step })
  } catch (error) {
    const refused = rowRefusal(error)
    const window = `/scheduled-pre-treat/assign/${step.id}${new URL(backTo, 'http://list').search}`
    const reason = refused.fieldErrors[SEASON_REASON_FIELD]
    if (reason !== undefined) return data<RowStepResult>({ error: reason, reasonAt: window }, { status: refused.status })
    const unconfirmed = refused.fieldErrors[CONFIRM_FIELD]
    if (unconfirmed !== undefined) return data<RowStepResult>({ error: unconfirmed, confirmAt: window }, { status: refused.status })
    return data<RowStepResult>({ error: refused.error }, { status: refused.status })
  }
  throw redirect(backTo)
}

/** The list route's action: back to the same list page. */
export function pretreatListAction(access: Access) {
  return ({ request }: ActionFunctionArgs) => {
    const url = new URL(request.url)
    url.searchParams.delete('index')
    return runRowStep(request, access, `${url.pathname}${url.search}`)
  }
}
