// Add User and Edit User's one save (docs/decisions/0027): the user's fields, their own permissions
// and their groups replaced by the form's. Add User has no user_id; Edit User's is the user of its
// address (set by the route, never taken from the post). Rules, all checked here:
// - only a superuser changes the staff and superuser flags: for anyone else a flag that was not
//   sent (a disabled checkbox) keeps its value, and one sent to grant it is refused;
// - only a superuser edits a superuser (else anyone with change_user could take over the account);
// - nobody deactivates themself or drops their own superuser flag, and one's own username or
//   password changes only with one's current password;
// - rights are delegated, never minted (core/user-rights.ts, decision 0045): a non-superuser
//   grants and removes only permissions and groups they hold, never changes their own, and sets
//   no password of a staff user or of one holding a right they lack, nor (the same rule) their
//   username, names, e-mail or active flag;
// - deactivating a user, or setting someone else's password, ends that user's sessions at once.
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { hashPassword, newPasswordProblem, verifyPassword } from '#core/password.server.ts'
import { USER_MESSAGES, UserSchema, type UserInput } from '#core/schemas/user.ts'
import { ACCOUNT_FIELDS, delegationRefusals, type AccountField, type RightsTarget } from '#core/user-rights.ts'
import { uniqueConstraint, type Executor } from '#db/client.server.ts'
import {
  companyIdByName,
  endSessions,
  existingGroupIds,
  groupOptions,
  heldPermissions,
  insertUser,
  replaceUserRights,
  updateUser,
  userForUpdate,
  userIdByUsername,
  userRights,
  type UserFields,
} from '#db/queries/users.ts'
import { defineCommand, type Actor } from './command.ts'

/** The delegation rule on this save: the actor's rights read now, in the save's transaction (not the session's). */
async function requireDelegated(trx: Executor, actor: Actor, target: RightsTarget | null, value: UserInput, accountFields: readonly AccountField[] = []): Promise<void> {
  if (actor.is_superuser) return
  const [permissions, groups] = await Promise.all([heldPermissions(trx, actor.id), groupOptions(trx)])
  const change = { permissions: value.permissions, groups: value.groups, setsPassword: !!value.password, accountFields }
  const refusals = delegationRefusals({ id: actor.id, is_superuser: false, permissions }, target, change, groups)
  if (Object.keys(refusals).length) throw new InputError(refusals)
}

type Fields = Omit<UserFields, 'is_staff' | 'is_superuser'>

async function addUser(trx: Executor, actor: Actor, value: UserInput, fields: Fields, passwordHash: string, holder: number | undefined): Promise<number> {
  if (holder !== undefined) throw new InputError({ username: USER_MESSAGES.usernameTaken })
  if (!actor.is_superuser && (value.is_staff || value.is_superuser)) throw new InputError({ [value.is_superuser ? 'is_superuser' : 'is_staff']: USER_MESSAGES.flagsSuperuserOnly })
  await requireDelegated(trx, actor, null, value)
  return insertUser(trx, { ...fields, is_staff: value.is_staff, is_superuser: value.is_superuser, password_hash: passwordHash, submission_id: value.submission_id })
}

async function editUser(trx: Executor, actor: Actor, id: number, value: UserInput, fields: Fields, passwordHash: string | null, holder: number | undefined): Promise<void> {
  const current = await userForUpdate(trx, id)
  if (!current) throw new NotFoundError('No such user.')
  // one's own sign-in changes only with the password now (a borrowed session cannot lock one out)
  if (id === actor.id && (passwordHash || value.username !== current.username) && !(await verifyPassword(value.current_password ?? '', current.password_hash))) {
    throw new InputError({ current_password: USER_MESSAGES.currentPassword })
  }
  if (holder !== undefined && holder !== id) throw new InputError({ username: USER_MESSAGES.usernameTaken })
  let flags = { is_staff: value.is_staff, is_superuser: value.is_superuser }
  if (!actor.is_superuser) {
    if (current.is_superuser) throw new ForbiddenError('Only a superuser can change a superuser’s account.')
    if (value.is_staff && !current.is_staff) throw new InputError({ is_staff: USER_MESSAGES.flagsSuperuserOnly })
    if (value.is_superuser) throw new InputError({ is_superuser: USER_MESSAGES.flagsSuperuserOnly })
    flags = { is_staff: current.is_staff, is_superuser: current.is_superuser }
  }
  const accountFields = ACCOUNT_FIELDS.filter((field) => fields[field] !== current[field])
  await requireDelegated(trx, actor, { ...current, ...(await userRights(trx, id)) }, value, accountFields)
  if (id === actor.id && !value.is_active) throw new InputError({ is_active: USER_MESSAGES.selfInactive })
  if (id === actor.id && current.is_superuser && !flags.is_superuser) throw new InputError({ is_superuser: USER_MESSAGES.selfSuperuser })
  await updateUser(trx, id, { ...fields, ...flags, ...(passwordHash ? { password_hash: passwordHash } : {}) })
  // a deactivated user is out at once; a password set by someone else ends the old sign-ins
  if (!value.is_active || (passwordHash && id !== actor.id)) await endSessions(trx, id)
}

export const saveUser = defineCommand({
  name: 'users.save',
  schema: UserSchema,
  // left out of the comparison of a resent key, so that no password is kept in command_runs, not
  // even inside the (fast, unsalted) hash of the input
  resentAnew: ['password', 'current_password'],
  // ...so a resend's password is checked against the account's hash instead: one that is not the
  // password now was never saved under this key, and answering "saved" would drop it silently
  async resendMatches(trx, value, result: { id: number }) {
    if (!value.password) return true
    const account = await userForUpdate(trx, result.id)
    return !!account && (await verifyPassword(value.password, account.password_hash))
  },
  async run(trx, actor, value): Promise<{ id: number }> {
    const account = { username: value.username, firstName: value.first_name, lastName: value.last_name, email: value.email, company: value.company }
    const weak = value.password ? newPasswordProblem(value.password, account) : null
    if (weak) throw new InputError({ password: weak })
    // the (deliberately slow) hash before any row is locked
    const passwordHash = value.password ? await hashPassword(value.password) : null
    const company = value.company === '' ? null : await companyIdByName(trx, value.company)
    if (company === undefined) throw new InputError({ company: USER_MESSAGES.company })
    const groups = [...new Set(value.groups)]
    if ((await existingGroupIds(trx, groups)).length !== groups.length) throw new InputError({ groups: USER_MESSAGES.group })
    const fields = { username: value.username, first_name: value.first_name, last_name: value.last_name, email: value.email, company_id: company, is_active: value.is_active }
    const holder = await userIdByUsername(trx, value.username)
    try {
      let id = value.user_id
      if (id === undefined) id = await addUser(trx, actor, value, fields, passwordHash!, holder) // the schema asks a password of an add
      else await editUser(trx, actor, id, value, fields, passwordHash, holder)
      await replaceUserRights(trx, id, [...new Set(value.permissions)], groups)
      return { id }
    } catch (error) {
      // two saves at once, with different keys: the other one took the username
      if (uniqueConstraint(error) === 'users_username_uq') throw new InputError({ username: USER_MESSAGES.usernameTaken })
      throw error
    }
  },
})
