// The reasons given to go on past a pre-treat's season check (decision 0063): the form's (the
// pretreat's dose_reason, with the dose_warnings it answered) and those given since at the assign
// step and in the review, each kept in the details of the history row of its step
// (details.season_reason: who and when are the row's own), read with the history's
// (entity, entity_id, at) index.
import { sql } from 'kysely'
import { storedDoseWarnings, type DoseWarning } from '#core/season-check.ts'
import { seasonReasonDetail, type SeasonReason, type SeasonReasonStep } from '#core/season-reasons.ts'
import type { Executor } from '../client.server.ts'
import { userDisplayName } from './users.ts'

const isId = (id: number) => Number.isSafeInteger(id) && id > 0
const STEPS: readonly string[] = ['ASSIGN', 'SAVE', 'REVIEW']

export interface SeasonReasonsRead {
  /** every reason, the form's first, then the steps' in order */
  reasons: SeasonReason[]
  /** every warning a reason answered (the form's and the steps') */
  answered: DoseWarning[]
}

/** The reasons given for pre-treat `pretreatId` so far ([] for none, or no such pre-treat). */
export async function seasonReasonsOf(db: Executor, pretreatId: number): Promise<SeasonReasonsRead> {
  if (!isId(pretreatId)) return { reasons: [], answered: [] }
  const [form, events] = await Promise.all([
    db.selectFrom('pretreats').select(['dose_reason', 'dose_warnings']).where('id', '=', pretreatId).executeTakeFirst(),
    db
      .selectFrom('workflow_events as e')
      .leftJoin('users as u', 'u.id', 'e.actor_id')
      .select(['e.event', 'e.at', sql<unknown>`e.details -> 'season_reason'`.as('detail'), sql<string | null>`case when u.id is null then null else ${userDisplayName('u')} end`.as('by')])
      .where('e.entity', '=', 'pretreat')
      .where('e.entity_id', '=', pretreatId)
      .where(sql<boolean>`e.details ? 'season_reason'`)
      .orderBy('e.id')
      .execute(),
  ])
  const reasons: SeasonReason[] = []
  const answered: DoseWarning[] = []
  const formWarnings = storedDoseWarnings(form?.dose_warnings)
  if (form && form.dose_reason !== '' && formWarnings.length > 0) {
    reasons.push({ step: 'form', by: null, at: null, reason: form.dose_reason, warnings: formWarnings.map((w) => w.message) })
    answered.push(...formWarnings)
  }
  for (const e of events) {
    const detail = seasonReasonDetail(e.detail)
    if (!detail || !STEPS.includes(e.event)) continue
    reasons.push({ step: e.event as SeasonReasonStep, by: e.by ?? 'Someone', at: e.at.toISOString(), reason: detail.reason, warnings: detail.warnings.map((w) => w.message) })
    answered.push(...detail.warnings)
  }
  return { reasons, answered }
}
