import { describe, expect, it } from 'vitest'
import { PERMISSION_CODENAMES, type Permission } from './permissions.ts'
import { delegationLimits, delegationRefusals, RIGHTS_MESSAGES, type RightsActor, type RightsTarget } from './user-rights.ts'

const manager: RightsActor = { id: 1, is_superuser: false, permissions: ['api.change_user', 'api.view_callin', 'api.add_callin'] }
const root: RightsActor = { id: 9, is_superuser: true, permissions: [] }
const groups = [
  { id: 10, name: 'Callers', permissions: ['api.view_callin', 'api.add_callin'] as Permission[] },
  { id: 11, name: 'Office', permissions: ['api.view_callin', 'api.view_receipt'] as Permission[] },
  { id: 12, name: 'Empty', permissions: [] as Permission[] },
]
const plain = (over: Partial<RightsTarget> = {}): RightsTarget => ({ id: 2, is_staff: false, is_superuser: false, permissions: [], groups: [], holds: [], ...over })
const change = (over: Partial<{ permissions: Permission[]; groups: number[]; setsPassword: boolean }> = {}) => ({ permissions: [], groups: [], setsPassword: false, ...over })

describe('granting', () => {
  it('lets a manager grant and remove permissions and groups they hold', () => {
    expect(delegationRefusals(manager, plain(), change({ permissions: ['api.view_callin'], groups: [10, 12] }), groups)).toEqual({})
    expect(delegationRefusals(manager, plain({ permissions: ['api.add_callin'], groups: [10] }), change(), groups)).toEqual({})
    expect(delegationRefusals(manager, null, change({ permissions: ['api.add_callin'], groups: [10] }), groups)).toEqual({})
  })

  it('refuses granting a permission the manager lacks, naming it (a new user too)', () => {
    expect(delegationRefusals(manager, plain(), change({ permissions: ['api.view_callin', 'api.view_user', 'api.add_user'] }), groups)).toEqual({
      permissions: RIGHTS_MESSAGES.permissions(['api.add_user', 'api.view_user']),
    })
    const adder = delegationRefusals({ ...manager, permissions: ['api.add_user'] }, null, change({ permissions: [...PERMISSION_CODENAMES] }), groups).permissions
    expect(adder).toMatch(/^You can grant or remove only permissions you hold yourself\. Not yours: api\.add_applicator, .*api\.view_workflowevent\.$/)
    expect(adder).not.toMatch(/api\.add_user\b/)
  })

  it('refuses removing a permission the manager lacks, and keeps one they lack that stays', () => {
    const holder = plain({ permissions: ['api.view_receipt', 'api.view_callin'], holds: ['api.view_receipt', 'api.view_callin'] })
    expect(delegationRefusals(manager, holder, change({ permissions: ['api.view_callin'] }), groups)).toEqual({ permissions: RIGHTS_MESSAGES.permissions(['api.view_receipt']) })
    expect(delegationRefusals(manager, holder, change({ permissions: ['api.view_receipt'] }), groups)).toEqual({})
  })

  it('counts a group as held only when the manager holds every permission of it', () => {
    expect(delegationRefusals(manager, plain(), change({ groups: [11] }), groups)).toEqual({ groups: RIGHTS_MESSAGES.groups(['Office']) })
    expect(delegationRefusals(manager, plain({ groups: [11] }), change(), groups)).toEqual({ groups: RIGHTS_MESSAGES.groups(['Office']) })
    expect(delegationLimits(manager, plain(), groups).fixedGroups).toEqual([11])
  })

  it('never lets a manager change their own permissions or groups, even to ones they hold', () => {
    const self = plain({ id: manager.id, permissions: ['api.change_user'], holds: manager.permissions })
    expect(delegationRefusals(manager, self, change({ permissions: ['api.change_user', 'api.view_callin'] }), groups)).toEqual({ permissions: RIGHTS_MESSAGES.own })
    expect(delegationRefusals(manager, self, change({ permissions: [...PERMISSION_CODENAMES] }), groups)).toEqual({ permissions: RIGHTS_MESSAGES.own })
    expect(delegationRefusals(manager, self, change({ permissions: ['api.change_user'], groups: [10] }), groups)).toEqual({ groups: RIGHTS_MESSAGES.own })
    // the same lists sent back (a name changed) are no change
    expect(delegationRefusals(manager, self, change({ permissions: ['api.change_user'] }), groups)).toEqual({})
  })
})

describe('passwords', () => {
  it('lets a manager set the password of a user holding nothing they lack, and their own', () => {
    expect(delegationRefusals(manager, plain({ holds: ['api.view_callin'] }), change({ setsPassword: true }), groups)).toEqual({})
    expect(delegationRefusals(manager, plain({ id: manager.id, holds: manager.permissions, is_staff: true }), change({ setsPassword: true }), groups)).toEqual({})
  })

  it('refuses the password of a staff user, and of a user holding a right the manager lacks (through a group too)', () => {
    expect(delegationRefusals(manager, plain({ is_staff: true }), change({ setsPassword: true }), groups)).toEqual({ password: RIGHTS_MESSAGES.staffPassword })
    expect(delegationRefusals(manager, plain({ groups: [11], holds: ['api.view_callin', 'api.view_receipt'] }), change({ groups: [11], setsPassword: true }), groups)).toEqual({
      password: RIGHTS_MESSAGES.password(['api.view_receipt']),
    })
    // no password sent: nothing to refuse
    expect(delegationRefusals(manager, plain({ is_staff: true }), change(), groups)).toEqual({})
  })
})

describe('username, names, e-mail and active flag', () => {
  it('follow the password’s rule: refused on a staff user or one holding a right the manager lacks, only where they change', () => {
    const fields = ['is_active', 'email'] as const
    expect(delegationRefusals(manager, plain({ is_staff: true }), { ...change(), accountFields: fields }, groups)).toEqual({
      is_active: RIGHTS_MESSAGES.staffAccount,
      email: RIGHTS_MESSAGES.staffAccount,
    })
    expect(delegationRefusals(manager, plain({ holds: ['api.view_receipt'] }), { ...change(), accountFields: ['username'] }, groups)).toEqual({
      username: RIGHTS_MESSAGES.account(['api.view_receipt']),
    })
    expect(delegationRefusals(manager, plain({ holds: ['api.view_callin'] }), { ...change(), accountFields: fields }, groups)).toEqual({})
    expect(delegationRefusals(manager, plain({ id: manager.id, is_staff: true }), { ...change(), accountFields: fields }, groups)).toEqual({})
    expect(delegationRefusals(manager, plain({ is_staff: true }), change(), groups)).toEqual({})
  })
})

describe('a superuser', () => {
  it('is limited by none of it', () => {
    expect(delegationLimits(root, plain({ is_staff: true }), groups)).toEqual({ rights: null, fixedPermissions: [], fixedGroups: [], password: null, account: null })
    expect(delegationRefusals(root, plain({ is_staff: true, id: root.id }), change({ permissions: [...PERMISSION_CODENAMES], groups: [10, 11], setsPassword: true }), groups)).toEqual({})
  })
})
