// The users admin's demo content: two groups (the old system's way of granting permissions), so
// Edit User shows its Groups checkboxes with something in them. The reviewers are in the first; it
// grants nothing they do not already hold themselves. Safe to run again.
import type { Permission } from '#core/permissions.ts'
import { PERMISSIONS } from '#core/permissions.ts'
import type { Executor } from '#db/client.server.ts'

const GROUPS: { name: string; permissions: Permission[]; members: string[] }[] = [
  { name: 'Service Reviewers', permissions: ['api.view_servicesheet', 'api.view_callin'], members: ['reviewer1', 'reviewer2', 'reviewer3'] },
  { name: 'Office Staff', permissions: ['api.view_customer', 'api.add_customer', 'api.view_receipt', 'api.change_receipt', 'api.change_customerinteraction'], members: [] },
]

/** Returns how many rows it added (groups, their permissions and members). */
export async function seedDemoGroups(db: Executor): Promise<number> {
  let added = 0
  const codenames = [...new Set(GROUPS.flatMap((g) => g.permissions))]
  await db
    .insertInto('permissions')
    .values(codenames.map((codename) => ({ codename, name: PERMISSIONS[codename] })))
    .onConflict((oc) => oc.column('codename').doNothing())
    .execute()
  for (const group of GROUPS) {
    const made = await db
      .insertInto('groups')
      .values({ name: group.name })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('id')
      .execute()
    added += made.length
    const { id } = await db.selectFrom('groups').select('id').where('name', '=', group.name).executeTakeFirstOrThrow()
    const granted = await db
      .insertInto('group_permissions')
      .values(group.permissions.map((codename) => ({ group_id: id, codename })))
      .onConflict((oc) => oc.doNothing())
      .returning('codename')
      .execute()
    added += granted.length
    if (group.members.length) {
      const members = await db.selectFrom('users').select('id').where('username', 'in', group.members).execute()
      if (members.length) {
        const joined = await db
          .insertInto('user_groups')
          .values(members.map((m) => ({ user_id: m.id, group_id: id })))
          .onConflict((oc) => oc.doNothing())
          .returning('user_id')
          .execute()
        added += joined.length
      }
    }
  }
  return added
}
