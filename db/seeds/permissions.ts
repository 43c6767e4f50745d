// Keeps the `permissions` table in step with the one typed list in app/permissions.ts.
// Idempotent: inserts missing codenames, refreshes changed descriptions, never deletes
// (a codename dropped from the list keeps its grants until someone removes them on purpose).
import { PERMISSIONS, PERMISSION_CODENAMES } from '#core/permissions.ts'
import type { Executor } from '../client.server.ts'

/** Upserts every entry of PERMISSIONS; returns how many rows were inserted or changed. */
export async function syncPermissions(db: Executor): Promise<number> {
  const rows = PERMISSION_CODENAMES.map((codename) => ({ codename, name: PERMISSIONS[codename] }))
  const changed = await db
    .insertInto('permissions')
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('codename')
        .doUpdateSet((eb) => ({ name: eb.ref('excluded.name') }))
        .where((eb) => eb('permissions.name', 'is distinct from', eb.ref('excluded.name'))),
    )
    .returning('codename')
    .execute()
  return changed.length
}
