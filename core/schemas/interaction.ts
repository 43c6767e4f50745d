// Customer Notes Form (spec §5): a contact of the company and notes, both required. The company is
// the page's (/interaction-form/{id}), not a field.
import { z } from 'zod'
import { id, multiLineText, uuid } from './fields.ts'

export const CONTACT_CHOICE_MESSAGE = 'Choose a contact.'

export const InteractionSchema = z.object({
  submission_id: uuid(),
  contact_id: id(CONTACT_CHOICE_MESSAGE),
  notes: multiLineText('Notes'),
})

export type InteractionInput = z.output<typeof InteractionSchema>
