// What the storage timeline shows (/view-storage/{id}?tab=timeline): the kinds of things that
// happen at a storage, their names, and the words for a record's state. Pure, so the page, the
// query and their tests share one list.
import type { ServiceSheetState } from './workflow-states.ts'

export const TIMELINE_KINDS = ['call', 'sheet', 'check', 'pretreat', 'restart', 'photo'] as const
export type TimelineKind = (typeof TIMELINE_KINDS)[number]

/** the filter's words (plural) */
export const KIND_LABELS: Record<TimelineKind, string> = {
  call: 'Call-ins',
  sheet: 'Service sheets',
  check: 'Storage checks',
  pretreat: 'Pre-treats',
  restart: 'Restarts',
  photo: 'Photos',
}

/** How a sheet's state reads (the timeline, the workflow inspector). A sheet rests in `submitted` only when a reviewer sent it back (decision 0069): a new one goes on to level 1 in the same transaction. */
export const SHEET_STATE_LABELS: Record<ServiceSheetState, string> = {
  submitted: 'With its author',
  level_1_review: 'Waiting for review 1',
  level_2_review: 'Waiting for review 2',
  level_3_review: 'Waiting for review 3',
  complete: 'Reviews complete',
}

/**
 * The kinds `?kind=` asks for (repeated, or none for all), kept to those `allowed`, in the
 * timeline's order; unknown values are ignored.
 */
export function parseKinds(values: readonly string[], allowed: readonly TimelineKind[]): TimelineKind[] {
  const asked = new Set(values)
  const chosen = allowed.filter((k) => asked.has(k))
  return chosen.length > 0 ? chosen : [...allowed]
}
