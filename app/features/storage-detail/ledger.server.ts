// Who reads a storage's season ledger, and what its CSV and PDF routes read: the storage detail's
// rule, and pre-treats (the Ledger tab is offered to the same users). A season the URL gets wrong is
// refused with the season summary's message before anything is read.
import type { Params } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { forbidden, requireAccess } from '#app/auth/guard.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { hasAnyPermission, type SessionUser } from '#core/permissions.ts'
import { parseSeason, SEASON_MESSAGE, seasonOf } from '#core/season.ts'
import { getDb } from '#db/client.server.ts'
import { storageSeasonLedger } from '#db/queries/season.ts'
import { storageDetail } from '#db/queries/storage-detail.ts'

/** The Pre Treats and Ledger tabs' rule: those who may view pre-treats. */
export const mayViewPretreats = (user: SessionUser) => user.is_superuser || hasAnyPermission(user, ['api.view_pretreat'])

export type LedgerRead =
  | { error: string; storageId: number }
  | { error: null; storageId: number; storage: NonNullable<Awaited<ReturnType<typeof storageDetail>>>; ledger: NonNullable<Awaited<ReturnType<typeof storageSeasonLedger>>> }

export async function readLedger(request: Request, params: Params): Promise<LedgerRead> {
  const user = await requireAccess(request, ACCESS['/view-storage/:id'])
  if (!mayViewPretreats(user)) throw forbidden()
  const storageId = requireId(params)
  const asked = new URL(request.url).searchParams.get('season')
  const season = asked === null || asked === '' ? seasonOf(new Date()) : parseSeason(asked)
  if (!season) return { error: SEASON_MESSAGE, storageId }
  const db = getDb()
  const [storage, ledger] = await Promise.all([storageDetail(db, storageId), storageSeasonLedger(db, storageId, season)])
  return { error: null, storageId, storage: requireRecord(storage), ledger: requireRecord(ledger) }
}
