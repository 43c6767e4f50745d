// Add and Remove of a LineItemsField posted without JavaScript (with it they happen in the page).
// The action calls this first: for such a post it answers with the same form, the list changed (or
// the picker's refusal beside its field) and everything typed kept, and saves nothing.
//   const lines = applyLineIntent(form, { parts: partLines(await partOptions(db)) })
//   if (lines) return lines
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { z } from 'zod'
import type { FormResult } from './form-result.ts'
import { parseLineIntent, pickName, type LineKind } from './line-rules.ts'

type Payload = Record<string, unknown>

const rowsOf = (value: unknown): unknown[] => (Array.isArray(value) ? [...value] : value && typeof value === 'object' ? [value] : [])

/** The form's values as conform reads them (nested by name), without conform's own control fields. */
function payloadOf(form: FormData): Payload {
  const plain = new FormData()
  for (const [name, value] of form) if (!name.startsWith('__')) plain.append(name, value)
  return parseWithZod(plain, { schema: z.object({}) }).payload as Payload
}

/** `errors`: other messages to show with the form again (e.g. a refused photo). */
export function applyLineIntent(form: FormData, kinds: Record<string, LineKind>, errors: Record<string, string[]> = {}) {
  const intent = parseLineIntent(form.get('intent'))
  const kind = intent ? kinds[intent.list] : undefined
  if (!intent || !kind) return null
  const payload = payloadOf(form)
  const rows = rowsOf(payload[intent.list])
  const error: Record<string, string[]> = { ...errors }
  if (intent.type === 'remove') {
    rows.splice(intent.index, 1)
  } else {
    const pick = pickName(intent.list)
    // only one text per picker field counts (a field sent twice is no pick)
    const sent = payload[pick] && typeof payload[pick] === 'object' ? Object.entries(payload[pick] as Record<string, unknown>) : []
    const choice = kind.toLine(Object.fromEntries(sent.map(([name, value]) => [name, typeof value === 'string' ? value : ''])))
    if (choice.problem) error[`${pick}.${choice.problem.field}`] = [choice.problem.message]
    else {
      rows.push(choice.line)
      payload[pick] = kind.empty
    }
  }
  payload[intent.list] = rows
  const refused = Object.keys(error).length > 0
  return data<FormResult>({ status: refused ? 'error' : undefined, initialValue: payload as FormResult['initialValue'], error }, { status: refused ? 400 : 200 })
}
