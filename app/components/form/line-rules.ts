// What a LineItemsField (line-items.tsx) needs to know about its lines, shared by the browser (Add
// in the page) and the server (Add and Remove posted without JavaScript, line-items.server.ts):
// - a LineKind: the picker's empty values and the rule that makes a line from them (or says which
//   picker field is wrong);
// - the intents: `add-line:{list}` and `remove-line:{list}:{index}`, sent by the buttons;
// - the picker's field names: `pick_{list}.{field}` (posted with the form, ignored by its schema).
import { partLineProblem } from '#core/schemas/service-sheet.ts'
import type { PartOption } from '#db/queries/registry.ts'

export type LineValues = Record<string, string>

export type LineChoice = { line: LineValues; problem?: undefined } | { line?: undefined; problem: { field: string; message: string } }

export interface LineKind {
  /** the picker's values when it is empty (the form's default, and again after each Add) */
  empty: LineValues
  /** the line the picked values make, as the form posts it, or the picker field that is wrong and why */
  toLine(pick: Partial<LineValues>): LineChoice
}

export const pickName = (list: string) => `pick_${list}`

export const lineIntent = {
  add: (list: string) => `add-line:${list}`,
  remove: (list: string, index: number) => `remove-line:${list}:${index}`,
}

export type LineIntent = { type: 'add'; list: string } | { type: 'remove'; list: string; index: number }

export function parseLineIntent(intent: unknown): LineIntent | null {
  if (typeof intent !== 'string') return null
  const add = /^add-line:([a-z_]{1,40})$/.exec(intent)
  if (add) return { type: 'add', list: add[1]! }
  const remove = /^remove-line:([a-z_]{1,40}):(\d{1,4})$/.exec(intent)
  if (remove) return { type: 'remove', list: remove[1]!, index: Number(remove[2]) }
  return null
}

/** A quantity as typed: a plain decimal, else NaN (so '0x10' or '1e3' is no quantity). */
function decimal(text: string | undefined): number {
  const trimmed = (text ?? '').trim()
  return /^\d{1,9}(\.\d{1,9})?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

/**
 * Part lines, on the sheet form and in the review editor (the spec's parts picker): a part from the
 * parts list by its exact part number, a quantity above 0, and a description for special parts.
 */
export function partLines(parts: readonly PartOption[]): LineKind {
  return {
    empty: { part: '', quantity: '1', description: '' },
    toLine(pick) {
      const part = parts.find((p) => p.part_number === (pick.part ?? '').trim())
      const quantity = decimal(pick.quantity)
      const description = (pick.description ?? '').trim()
      const problem = partLineProblem(part, quantity, description)
      if (problem) return { problem }
      return { line: { part_id: String(part!.id), quantity: String(quantity), description } }
    },
  }
}
