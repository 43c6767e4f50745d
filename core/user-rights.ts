// Rights are delegated, never minted (docs/decisions/0045-delegated-rights-and-passwords.md): what
// a user who manages users may do to an account. Pure, so the user form (which boxes it offers)
// and the save (commands/users.ts saveUser, which refuses) read the same rule. Superusers hold
// every permission, so nothing here limits them.
import { PERMISSION_CODENAMES, type Permission } from './permissions.ts'

/** Who is saving: `permissions` are all they hold (their own and their groups'). */
export interface RightsActor {
  id: number
  is_superuser: boolean
  permissions: readonly Permission[]
}

/** The account as it is now. */
export interface RightsTarget {
  id: number
  is_staff: boolean
  is_superuser: boolean
  /** the account's own permissions */
  permissions: readonly Permission[]
  groups: readonly number[]
  /** everything the account holds: its own permissions and its groups' */
  holds: readonly Permission[]
}

export interface RightsGroup {
  id: number
  name: string
  permissions: readonly Permission[]
}

export const RIGHTS_MESSAGES = {
  own: 'You cannot change your own permissions or groups: ask another user manager.',
  staffPassword: 'Only a superuser can set the password of a staff user.',
  permissions: (names: readonly string[]) => `You can grant or remove only permissions you hold yourself. Not yours: ${names.join(', ')}.`,
  groups: (names: readonly string[]) => `You can add or remove only groups whose every permission you hold yourself. Not yours: ${names.join(', ')}.`,
  password: (names: readonly string[]) => `You cannot set the password of a user who holds permissions you do not: ${names.join(', ')}.`,
  staffAccount: 'Only a superuser can change the username, name, e-mail or active status of a staff user.',
  account: (names: readonly string[]) => `You cannot change the username, name, e-mail or active status of a user who holds permissions you do not: ${names.join(', ')}.`,
} as const

/**
 * The fields of an account's sign-in and identity: whoever may not set its password may not change
 * these either (deactivating, renaming or re-addressing a richer colleague is the same reach).
 */
export const ACCOUNT_FIELDS = ['username', 'first_name', 'last_name', 'email', 'is_active'] as const
export type AccountField = (typeof ACCOUNT_FIELDS)[number]

/** What an actor may not touch on an account (null: adding a new one). */
export interface DelegationLimits {
  /** why the account's permissions and groups cannot change at all (one's own), or null */
  rights: string | null
  /** permissions the actor may neither grant nor remove */
  fixedPermissions: Permission[]
  /** groups (ids) the actor may neither add nor remove */
  fixedGroups: number[]
  /** why the actor may not set the account's password, or null */
  password: string | null
  /** why the actor may not change the account's ACCOUNT_FIELDS (the password's rule), or null */
  account: string | null
}

const holds = (actor: RightsActor) => {
  const held = new Set(actor.permissions)
  return (p: Permission) => actor.is_superuser || held.has(p)
}

/**
 * A group counts as held when the actor holds every one of its permissions: giving it grants
 * nothing the actor could not grant one by one.
 */
export function delegationLimits(actor: RightsActor, target: RightsTarget | null, groups: readonly RightsGroup[]): DelegationLimits {
  if (actor.is_superuser) return { rights: null, fixedPermissions: [], fixedGroups: [], password: null, account: null }
  const held = holds(actor)
  const other = target !== null && target.id !== actor.id
  const unheld = other ? [...new Set(target.holds)].filter((p) => !held(p)).sort() : []
  const staff = other && (target.is_staff || target.is_superuser)
  return {
    rights: target !== null && target.id === actor.id ? RIGHTS_MESSAGES.own : null,
    fixedPermissions: PERMISSION_CODENAMES.filter((p) => !held(p)),
    fixedGroups: groups.filter((g) => !g.permissions.every(held)).map((g) => g.id),
    password: staff ? RIGHTS_MESSAGES.staffPassword : unheld.length ? RIGHTS_MESSAGES.password(unheld) : null,
    account: staff ? RIGHTS_MESSAGES.staffAccount : unheld.length ? RIGHTS_MESSAGES.account(unheld) : null,
  }
}

/** What changes between two lists: the items in one and not the other. */
function changed<T>(before: readonly T[], after: readonly T[]): T[] {
  const a = new Set(before)
  const b = new Set(after)
  return [...new Set([...before.filter((x) => !b.has(x)), ...after.filter((x) => !a.has(x))])]
}

/**
 * The refusals of a save, by form field (empty: allowed). `change` is what the form asks for:
 * the account's own permissions and groups after the save, whether it sets a password, and which
 * ACCOUNT_FIELDS it changes.
 */
export function delegationRefusals(
  actor: RightsActor,
  target: RightsTarget | null,
  change: { permissions: readonly Permission[]; groups: readonly number[]; setsPassword: boolean; accountFields?: readonly AccountField[] },
  groups: readonly RightsGroup[],
): Record<string, string> {
  const limits = delegationLimits(actor, target, groups)
  const refusals: Record<string, string> = {}
  const permissions = changed(target?.permissions ?? [], change.permissions)
  const groupIds = changed(target?.groups ?? [], change.groups)
  if (limits.rights && (permissions.length || groupIds.length)) {
    refusals[permissions.length ? 'permissions' : 'groups'] = limits.rights
  } else {
    const fixed = new Set(limits.fixedPermissions)
    const notHeld = permissions.filter((p) => fixed.has(p)).sort()
    if (notHeld.length) refusals.permissions = RIGHTS_MESSAGES.permissions(notHeld)
    const fixedGroups = new Set(limits.fixedGroups)
    const names = groupIds.filter((id) => fixedGroups.has(id)).map((id) => groups.find((g) => g.id === id)?.name ?? `#${id}`)
    if (names.length) refusals.groups = RIGHTS_MESSAGES.groups(names.sort())
  }
  if (change.setsPassword && limits.password) refusals.password = limits.password
  if (limits.account) for (const field of change.accountFields ?? []) refusals[field] = limits.account
  return refusals
}
