// The reasons given to go on past the season check (issue 23, decision 0063). The pre-treat form
// asks one for the label limits its dose passes (pretreats.dose_reason, with dose_warnings); the
// season may change after it (another application, a new removal date, the quantity used), so the
// assign step and the review read the check again and ask a new reason for each warning no reason
// answered yet. A warning is answered when the same warning (the same kind and the same words: a
// day, a total or a count that moved is a new warning) was saved with the form's reason or with a
// reason given since. Pure: the server reads the reasons (db/queries/season-reasons.ts).
import type { DoseWarning } from './season-check.ts'
import { formatDateTime } from './formats.ts'

/** The form field of a reason given at the assign step or in the review. */
export const SEASON_REASON_FIELD = 'season_reason'
/** Its label, as the form's 'Reason to Save Anyway'. */
export const SEASON_REASON_LABEL = 'Reason to Go On Anyway'

/** A reason given after the form: the workflow step it was given with (the history row's event) and what it answered. */
export interface SeasonReasonDetail {
  reason: string
  warnings: DoseWarning[]
}

/** Where a reason was given: the form, or the step of the history that holds it. */
export type SeasonReasonStep = 'form' | 'ASSIGN' | 'SAVE' | 'REVIEW'

/** One reason as the review shows it and the application record keeps it. */
export interface SeasonReason {
  step: SeasonReasonStep
  /** who gave it; null for the form's (the form keeps no author of its reason) */
  by: string | null
  /** ISO time; null for the form's */
  at: string | null
  reason: string
  /** the warnings' words it answered */
  warnings: string[]
}

export const STEP_TEXT: Record<SeasonReasonStep, string> = {
  form: 'On the pre-treat form',
  ASSIGN: 'When assigned',
  SAVE: 'In review (saved)',
  REVIEW: 'In review',
}

const same = (a: DoseWarning, b: DoseWarning) => a.kind === b.kind && a.message === b.message

/** The warnings of `current` that no warning of `answered` is (the ones that need a reason now). */
export function unansweredWarnings(current: readonly DoseWarning[], answered: readonly DoseWarning[]): DoseWarning[] {
  return current.filter((w) => !answered.some((a) => same(a, w)))
}

/**
 * The message when a step would go past a new warning without a reason: it stands alone (a screen
 * reader reads it with the field, the list shows it), so it names each warning.
 */
export function seasonReasonRequired(warnings: readonly DoseWarning[]): string {
  return `The season check found what no reason answers yet: ${warnings.map((w) => w.message).join(' ')} Give a reason to go on anyway.`
}

/** The form's own message beside the field's (a sheet shows it at the top, the field's by the field). */
export const SEASON_REASON_MISSING = 'A reason is needed to go on past the season check.'

/** A history row's details.season_reason (jsonb), if it is one. */
export function seasonReasonDetail(value: unknown): SeasonReasonDetail | null {
  if (typeof value !== 'object' || value === null) return null
  const { reason, warnings } = value as Record<string, unknown>
  if (typeof reason !== 'string' || reason === '' || !Array.isArray(warnings)) return null
  return { reason, warnings: warnings.filter((w): w is DoseWarning => typeof w === 'object' && w !== null && typeof w.kind === 'string' && typeof w.message === 'string') }
}

/** Reasons as an application record keeps them (application_records.season_reasons, jsonb): what is not one is left out. */
export function storedSeasonReasons(value: unknown): SeasonReason[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (r): r is SeasonReason =>
      typeof r === 'object' &&
      r !== null &&
      r.step in STEP_TEXT &&
      typeof r.reason === 'string' &&
      (r.by === null || typeof r.by === 'string') &&
      (r.at === null || typeof r.at === 'string') &&
      Array.isArray(r.warnings) &&
      r.warnings.every((w: unknown) => typeof w === 'string'),
  )
}

/** 'In review, Rita Reviewer, 2026-11-21 14:05 UTC' (the form's: 'On the pre-treat form'). */
export function seasonReasonHeading(r: Pick<SeasonReason, 'step' | 'by' | 'at'>): string {
  const when = r.at ? formatDateTime(r.at) : null
  return [STEP_TEXT[r.step], r.by, when].filter(Boolean).join(', ')
}
