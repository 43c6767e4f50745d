// The registry admin's forms (issue 10): jobs, trucks and parts (an add form and an edit form each,
// one schema per model: the edit form's record is the one its URL names), and the two short lists
// the pre-treat form offers, destinations and pre-written messages (one screen each, one post per
// button: add, save a row's text, move it up or down, deactivate or activate it).
import { z } from 'zod'
import { requiredMessage } from '#core/field-messages.ts'
import { id, matching, multiLineText, oneLineText, uuid } from './fields.ts'
import { PLACE_MESSAGES } from './place.ts'
import { parseId } from '#core/ids.ts'

export const REGISTRY_MESSAGES = {
  jobName: 'A job with this name already exists.',
  truckNumber: 'A truck with this number already exists.',
  partNumber: 'A part with this part number already exists.',
  destination: 'A destination with this name already exists.',
  company: PLACE_MESSAGES.company,
  storage: PLACE_MESSAGES.storage,
} as const

export const JobSchema = z.object({
  submission_id: uuid(),
  name: oneLineText('Job name', { max: 100 }),
  company_id: id(REGISTRY_MESSAGES.company),
  storage_id: id(REGISTRY_MESSAGES.storage),
  notes: multiLineText('Notes', { optional: true }),
  active: z.boolean().default(false),
})
export type JobInput = z.output<typeof JobSchema>

export const TruckSchema = z.object({
  submission_id: uuid(),
  make: oneLineText('Make', { max: 100 }),
  model: oneLineText('Model', { max: 100 }),
  number: oneLineText('Truck number', { max: 50 }),
  active: z.boolean().default(false),
})
export type TruckInput = z.output<typeof TruckSchema>

export const PartSchema = z.object({
  submission_id: uuid(),
  part_number: oneLineText('Part number', { max: 100 }),
  description: oneLineText('Description', { max: 500 }),
  is_special: z.boolean().default(false),
  active: z.boolean().default(false),
})
export type PartInput = z.output<typeof PartSchema>

/** What a button of a short list does; all but 'add' name their row ('save:12'). */
export const SHORT_LIST_INTENT = /^(add|save:\d{1,15}|up:\d{1,15}|down:\d{1,15}|activate:\d{1,15}|deactivate:\d{1,15})$/
export type ShortListAction = { kind: 'add' } | { kind: 'save' | 'up' | 'down' | 'activate' | 'deactivate'; id: number }

export function shortListAction(intent: string): ShortListAction {
  const [kind, rowId] = intent.split(':') as [ShortListAction['kind'], string | undefined]
  return kind === 'add' ? { kind } : { kind, id: parseId(rowId) ?? 0 }
}

/**
 * One post of a short list's screen: its intent, and the text of the row (or of the new row) for
 * 'add' and 'save'. `label` names the text ('Destination', 'Message').
 */
function shortListSchema(label: string, text: z.ZodType<string>) {
  return z
    .object({
      intent: matching(SHORT_LIST_INTENT, 'Choose what to do with the list.'),
      submission_id: uuid().optional(),
      text,
    })
    .superRefine((value, ctx) => {
      const kind = value.intent.split(':')[0]
      if ((kind === 'add' || kind === 'save') && value.text === '') ctx.addIssue({ code: 'custom', path: ['text'], message: requiredMessage(label) })
      if (kind === 'add' && !value.submission_id) ctx.addIssue({ code: 'custom', path: ['submission_id'], message: 'This form is out of date. Please reload the page.' })
    })
}

export const DestinationFormSchema = shortListSchema('Destination', oneLineText('Destination', { optional: true, max: 100 }))
export const MessageFormSchema = shortListSchema('Message', multiLineText('Message', { optional: true, max: 1000 }))
export type ShortListInput = z.output<typeof DestinationFormSchema>
