// Corrections with history (decision 0067), the screens' half: what a record's modal shows (its
// delete mark, its history, whether this user may correct it) and the correction mode of the
// record's own form (`?correct={id}`): the record, checked for this user before anything else is
// read (403 for a user the command would refuse, so no link leads to a page that refuses).
import { correctionRefusal, mayCorrect, type CorrectionKind } from '#core/corrections.ts'
import { formatDateTime } from '#core/formats.ts'
import type { SessionUser } from '#core/permissions.ts'
import type { Executor } from '#db/client.server.ts'
import { correctionHistory, recordState } from '#db/queries/corrections.ts'
import { forbidden, requireUser } from './auth/guard.server.ts'
import { notFound } from './http-errors.server.ts'
import { parseId } from '#core/ids.ts'

export interface RecordCorrections {
  version: number
  deleted: { at: string; by: string; reason: string } | null
  history: { id: number; action: 'correct' | 'delete'; at: string; by: string; changes: { field: string; old: string; new: string }[]; reason: string }[]
  mayCorrect: boolean
}

/** The record's delete mark, history and whether `user` may correct it now; undefined when there is no such record. */
export async function readCorrections(db: Executor, kind: CorrectionKind, id: number, user: SessionUser): Promise<RecordCorrections | undefined> {
  const [state, history] = await Promise.all([recordState(db, kind, id), correctionHistory(db, kind, id)])
  if (!state) return undefined
  return {
    version: state.version,
    deleted: state.deleted_at ? { at: formatDateTime(state.deleted_at), by: state.deleted_by_name ?? '', reason: state.deleted_reason ?? '' } : null,
    history: history.map((h) => ({ id: h.id, action: h.action, at: formatDateTime(h.changed_at), by: h.changed_by_name, changes: h.changes, reason: h.reason })),
    mayCorrect: mayCorrect(user, kind, state),
  }
}

/** The record `?correct=` names, or null when the form is a new one; a value that is not an id is a 404. */
export function correctParam(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get('correct')
  if (raw === null) return null
  const id = parseId(raw)
  if (id === null) throw notFound()
  return id
}

/**
 * A correction form's check, first: signed in, the record exists (404) and `user` may correct it
 * now (403; a deleted record too). Returns the user and the record's version.
 */
export async function requireCorrectable(request: Request, db: Executor, kind: CorrectionKind, id: number): Promise<{ user: SessionUser; version: number }> {
  const user = await requireUser(request)
  const state = await recordState(db, kind, id)
  if (!state) throw notFound()
  if (correctionRefusal(user, kind, state) !== null) throw forbidden()
  return { user, version: state.version }
}
