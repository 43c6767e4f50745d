// Corrections with history (issue 24, decision 0067): who may correct or delete a submitted receipt,
// storage check or customer note, the fields a correction form adds to the record's own, and the
// texts. Shared by the commands (which decide) and the screens (which show "Correct" only to those
// the command lets through).
import { z } from 'zod'
import { hasPermission, type Permission, type SessionUser } from './permissions.ts'
import { id, multiLineText, uuid, wholeNumber } from './schemas/fields.ts'

export const CORRECTION_KINDS = ['receipt', 'storage_check', 'interaction'] as const
export type CorrectionKind = (typeof CORRECTION_KINDS)[number]

/** The author may correct their own record for this long after submitting it. */
export const AUTHOR_WINDOW_DAYS = 7
const AUTHOR_WINDOW_MS = AUTHOR_WINDOW_DAYS * 24 * 60 * 60 * 1000

/** Per kind: the right to add (the author's), to view, and to correct at any time. */
export const CORRECTION_RIGHTS: Record<CorrectionKind, { add: Permission; view: Permission; change: Permission; noun: string }> = {
  receipt: { add: 'api.add_receipt', view: 'api.view_receipt', change: 'api.change_receipt', noun: 'receipt' },
  storage_check: { add: 'api.add_storagecheck', view: 'api.view_storagecheck', change: 'api.change_storagecheck', noun: 'storage check' },
  interaction: { add: 'api.add_customer', view: 'api.view_customer', change: 'api.change_customerinteraction', noun: 'customer note' },
}

export const CORRECTION_MESSAGES = {
  forbidden: (noun: string) => `Only its author, for ${AUTHOR_WINDOW_DAYS} days after submitting it, or a user who may change every ${noun}, may correct this ${noun}.`,
  deleted: (noun: string) => `This ${noun} was deleted; it can no longer be corrected.`,
  stale: (noun: string) => `Someone corrected this ${noun} after you opened it; nothing was saved. Please reload the page to see their changes, then correct it again.`,
  unchanged: 'Nothing was changed: the form holds the values the record has.',
  reason: 'Give the reason for deleting it.',
  fixed: (what: string) => `The ${what} cannot be corrected. Delete this record and enter it anew.`,
} as const

/** The record facts the rule reads. */
export interface Correctable {
  created_by: number
  created_at: Date | string
  deleted_at: Date | string | null
}

type Who = Pick<SessionUser, 'id' | 'is_superuser' | 'permissions'>

/** Why `user` may not correct or delete `record` now, or null when they may. */
export function correctionRefusal(user: Who, kind: CorrectionKind, record: Correctable, now: Date = new Date()): string | null {
  const rights = CORRECTION_RIGHTS[kind]
  if (record.deleted_at !== null) return CORRECTION_MESSAGES.deleted(rights.noun)
  if (hasPermission(user, rights.change)) return null
  const ownRecent = record.created_by === user.id && hasPermission(user, rights.add) && now.getTime() - new Date(record.created_at).getTime() <= AUTHOR_WINDOW_MS
  return ownRecent ? null : CORRECTION_MESSAGES.forbidden(rights.noun)
}

export function mayCorrect(user: Who | null | undefined, kind: CorrectionKind, record: Correctable, now: Date = new Date()): boolean {
  return !!user && correctionRefusal(user, kind, record, now) === null
}

/** What a correction form carries beside the record's fields: the version it was opened on (the record's id is the address's). */
export const CorrectionFields = {
  record_id: id('Not Found'),
  version: wholeNumber('Version', { min: 1 }),
}

/** The delete form: the reason, required, and the version it was opened on. */
export const DeleteReasonSchema = z.object({
  submission_id: uuid(),
  version: CorrectionFields.version,
  reason: multiLineText('Reason', { max: 2000 }),
})

/** The delete command's input: the form's, with the kind and the record the address names. */
export const DeleteRecordSchema = DeleteReasonSchema.extend({ kind: z.enum(CORRECTION_KINDS), record_id: CorrectionFields.record_id })

/** Without JavaScript and with it, the correction page's second form posts this intent. */
export const DELETE_INTENT = 'delete'

/** One change as the history shows it: the field's label, the old and the new value as the record showed them. */
export interface FieldChange {
  field: string
  old: string
  new: string
}

/** The fields whose shown value differs between two views of the record, in the order of `after`. */
export function changesBetween(before: Record<string, string>, after: Record<string, string>): FieldChange[] {
  return Object.keys({ ...before, ...after })
    .filter((field) => (before[field] ?? '') !== (after[field] ?? ''))
    .map((field) => ({ field, old: before[field] ?? '', new: after[field] ?? '' }))
}
