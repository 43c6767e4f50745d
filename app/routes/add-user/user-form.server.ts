// The one save of Add User and Edit User (commands/users.ts saveUser): the user form's action, and
// what the form needs to show.
import type { ActionFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { submitCommand } from '#app/command-answer.server.ts'
import { saveUser } from '#commands/users.ts'
import type { SessionUser } from '#core/permissions.ts'
import { delegationLimits } from '#core/user-rights.ts'
import type { Executor } from '#db/client.server.ts'
import { companyOptions, groupOptions, type UserRecord } from '#db/queries/users.ts'

/** Where a saved user leads: the users list. */
export const AFTER_USER_SAVE = '/manage-user'

/**
 * What the form shows: every company, every group, who is signed in, and what they may not change
 * on this account (null: a new one), so the form offers only what the save would accept.
 */
export async function userFormChoices(db: Executor, viewer: SessionUser, user: UserRecord | null) {
  const [companies, groups] = await Promise.all([companyOptions(db), groupOptions(db)])
  return {
    companies,
    groups: groups.map(({ id, name }) => ({ id, name })),
    viewer: { id: viewer.id, is_superuser: viewer.is_superuser },
    limits: delegationLimits(viewer, user, groups),
    submissionId: crypto.randomUUID(),
  }
}

export async function userAction({ request, params }: ActionFunctionArgs, access: Access, mode: 'add' | 'edit') {
  const user = await requireAccess(request, access)
  const form = await readForm(request)
  // each screen does its own: Add User never edits, Edit User edits the user of its path
  return submitCommand({ request, form, command: saveUser, actor: user, fixed: { user_id: mode === 'edit' ? (params.id ?? '') : null }, redirectTo: AFTER_USER_SAVE })
}
