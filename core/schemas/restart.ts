// The restart checklist (/restarts/{id}, spec §2 "Restart form and lists"), read by the browser
// (conform) and the server alike. The spec shows no validation; the rule here (decision 0041): the
// three questions must each be answered yes or no, since a restart confirmed without saying whether
// the storage runs is no confirmation. Comments are optional.
import { z } from 'zod'
import { multiLineText, uuid } from './fields.ts'

/** How a yes/no answer travels in the form. */
export const RESTART_ANSWERS = ['yes', 'no'] as const

const answer = (label: string) => z.enum(RESTART_ANSWERS, { error: `Answer ${label}: yes or no.` })

/** The three questions, in the form's order, with their labels. */
export const RESTART_QUESTIONS = [
  { name: 'remote', label: 'Remote' },
  { name: 'running', label: 'Running' },
  { name: 'cleaned_up', label: 'Cleaned Up' },
] as const

export const RestartSchema = z.object({
  submission_id: uuid(),
  remote: answer('Remote'),
  running: answer('Running'),
  cleaned_up: answer('Cleaned Up'),
  comments: multiLineText('Comments', { optional: true }),
})

export type RestartInput = z.output<typeof RestartSchema>

export { RESTART_FAILED, RESTART_SUBMITTED } from '#core/restart-texts.ts'
