import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { UserSchema, USER_MESSAGES } from './user.ts'

function read(entries: [string, string][]) {
  const form = new FormData()
  for (const [k, v] of [['submission_id', '4f1c7f3e-2f7a-4d6b-9a51-0c2a1a8e6b11'] as [string, string], ...entries]) form.append(k, v)
  const result = parseWithZod(form, { schema: UserSchema })
  return result.status === 'success' ? { value: result.value } : { errors: result.error }
}

describe('the user form schema', () => {
  it('reads a new user with its permissions and groups', () => {
    expect(
      read([
        ['username', 'jdoe'],
        ['password', 'long enough 1'],
        ['is_active', 'on'],
        ['permissions', 'api.view_callin'],
        ['permissions', 'api.add_callin'],
        ['groups', '3'],
      ]),
    ).toEqual({
      value: expect.objectContaining({ username: 'jdoe', password: 'long enough 1', is_active: true, is_staff: false, permissions: ['api.view_callin', 'api.add_callin'], groups: [3] }),
    })
  })

  it('refuses a blank username, a short password, an unknown permission and a group that is no id, all at once', () => {
    const { errors } = read([
      ['username', ' '],
      ['password', 'short'],
      ['permissions', 'api.drop_tables'],
      ['groups', 'admins'],
    ]) as { errors: Record<string, string[]> }
    expect(errors.username).toEqual(['Username is required.'])
    expect(errors.password).toEqual([USER_MESSAGES.passwordShort])
    expect(errors['permissions[0]']).toEqual([USER_MESSAGES.permission])
    expect(errors['groups[0]']).toEqual([USER_MESSAGES.group])
  })

  it('refuses a password of spaces only, when adding and when editing', () => {
    expect(
      (
        read([
          ['username', 'jdoe'],
          ['password', '        '],
        ]) as { errors: Record<string, string[]> }
      ).errors.password,
    ).toEqual([USER_MESSAGES.passwordBlank])
    expect(
      (
        read([
          ['username', 'jdoe'],
          ['user_id', '4'],
          ['password', '          '],
        ]) as { errors: Record<string, string[]> }
      ).errors.password,
    ).toEqual([USER_MESSAGES.passwordBlank])
  })

  it('needs a password to add a user, not to edit one', () => {
    expect((read([['username', 'jdoe']]) as { errors: Record<string, string[]> }).errors.password).toEqual([USER_MESSAGES.passwordRequired])
    const edited = read([
      ['username', 'jdoe'],
      ['user_id', '4'],
    ]) as { value: { user_id: number; password?: string } }
    expect(edited.value.user_id).toBe(4)
    expect(edited.value.password).toBeUndefined()
  })

  it("keeps Django's username rule and checks the e-mail", () => {
    const { errors } = read([
      ['username', 'j doe<script>'],
      ['email', 'not-an-address'],
      ['password', 'long enough 1'],
    ]) as { errors: Record<string, string[]> }
    expect(errors.username).toEqual([USER_MESSAGES.username])
    expect(errors.email).toEqual([USER_MESSAGES.email])
  })
})
