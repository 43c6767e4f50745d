// The server half of a short list's admin screen (short-list.tsx): destinations and pre-written
// messages. The loader reads every row; the action does what one button asked (add, save, move,
// (de)activate) and redirects back, so it works the same with JavaScript and without. A refused
// post answers 400 with the message and the row it is about, and changes nothing.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'
import type { Access } from '#app/access.ts'
import { readForm, readWithAccess, requireAccess } from '#app/auth/guard.server.ts'
import { FLASH_PARAM } from '#app/components/form/flash-notice.tsx'
import { parseSubmission } from '#app/forms.server.ts'
import { InputError } from '#core/errors.ts'
import { shortListAction, type ShortListInput } from '#core/schemas/registry.ts'
import { getDb } from '#db/client.server.ts'
import { applyShortListAction, shortListRows, type ShortList } from '#db/queries/short-lists.ts'

export interface ShortListScreenConfig {
  list: ShortList
  /** the screen's rule: whoever may see the list */
  access: Access
  /** who may change it */
  change: Access
  /** the screen's path, where every post returns */
  path: string
  schema: z.ZodType<ShortListInput>
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
  return async ({ request }: ActionFunctionArgs) => {
    await requireAccess(request, config.change)
    const form = await readForm(request)
    const intent = form.get('intent')
    const row = typeof intent === 'string' && /^[a-z]+:\d{1,15}$/.test(intent) ? intent.split(':')[1]! : intent === 'add' ? 'add' : ''
    const sent = form.get('text')
    const text = typeof sent === 'string' ? sent.slice(0, 2000) : ''
    const refuse = (message: string) => data<{ problem: ShortListProblem }>({ problem: { row, message, text } }, { status: 400 })
    const submission = parseSubmission(form, config.schema)
    if (submission.status !== 'success') {
      const errors = submission.error ?? {}
      return refuse(Object.values(errors).flat().filter((m): m is string => typeof m === 'string')[0] ?? 'The list could not be changed.')
    }
    const value = submission.value
    try {
      await applyShortListAction(getDb(), config.list, shortListAction(value.intent), value.text, value.submission_id)
    } catch (error) {
      if (error instanceof InputError) return refuse(Object.values(error.fieldErrors)[0] ?? error.message)
      throw error
    }
    throw redirect(`${config.path}?${FLASH_PARAM}=submitted`)
  }
}
