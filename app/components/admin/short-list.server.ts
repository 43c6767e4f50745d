// The server half of a short list's admin screen (short-list.tsx): destinations and pre-written
// messages. The loader reads every row; the action does what one button asked (add, save, move,
// (de)activate: the list's command, commands/short-lists.ts) and redirects back, so it works the
// same with JavaScript and without. A refused post answers 400 (409: its key was used for something
// else) with the message and the row it is about, and changes nothing.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, readWithAccess, requireAccess } from '#app/auth/guard.server.ts'
import { FLASH_PARAM } from '#app/components/form/flash-notice.tsx'
import { parseSubmission, rowRefusal } from '#app/command-answer.server.ts'
import { runCommand } from '#commands/command.ts'
import { SHORT_LIST_COMMANDS } from '#commands/short-lists.ts'
import { getDb } from '#db/client.server.ts'
import { shortListRows, type ShortList } from '#db/queries/short-lists.ts'

export interface ShortListScreenConfig {
  list: ShortList
  /** the screen's rule: whoever may see the list */
  access: Access
  /** who may change it */
  change: Access
  /** the screen's path, where every post returns */
  path: string
}

/** A refused post: its message, the row it is about ('add' for the new row, '' for the whole list) and the text sent. */
export interface ShortListProblem {
  row: string
  message: string
  text: string
}

export function shortListLoader(config: ShortListScreenConfig) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { data: rows } = await readWithAccess(request, config.access, () => shortListRows(getDb(), config.list))
    return { rows, submissionId: crypto.randomUUID() }
  }
}

export function shortListActionOf(config: ShortListScreenConfig) {
  const command = SHORT_LIST_COMMANDS[config.list]
  return async ({ request }: ActionFunctionArgs) => {
    const actor = await requireAccess(request, config.change)
    const form = await readForm(request)
    const intent = form.get('intent')
    const row = typeof intent === 'string' && /^[a-z]+:\d{1,15}$/.test(intent) ? intent.split(':')[1]! : intent === 'add' ? 'add' : ''
    const sent = form.get('text')
    const text = typeof sent === 'string' ? sent.slice(0, 2000) : ''
    const refuse = (message: string, status = 400) => data<{ problem: ShortListProblem }>({ problem: { row, message, text } }, { status })
    const submission = parseSubmission(form, command.schema)
    if (submission.status !== 'success') {
      const errors = submission.error ?? {}
      return refuse(
        Object.values(errors)
          .flat()
          .filter((m): m is string => typeof m === 'string')[0] ?? 'The list could not be changed.',
      )
    }
    const value = submission.value
    try {
      // the Add form's key: an add sent twice adds once. A row's buttons send none (each press is
      // its own post: Down pressed twice moves the row twice), so theirs is made here.
      await runCommand(getDb(), command, { actor, key: value.submission_id ?? crypto.randomUUID(), input: value })
    } catch (error) {
      const refused = rowRefusal(error)
      return refuse(refused.error, refused.status)
    }
    throw redirect(`${config.path}?${FLASH_PARAM}=submitted`)
  }
}
