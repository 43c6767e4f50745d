// Add User and Edit User: one schema, one save (commands/users.ts saveUser). Edit sends the
// user's id; its password is optional there ("New Password": blank keeps the old one). The
// username, password and e-mail rules are the ones `npm run user:create` enforces (checkUserInput).
import { z } from 'zod'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '#core/accounts.ts'
import { PERMISSION_CODENAMES } from '#core/permissions.ts'
import { id, matching, oneLineText, uuid } from './fields.ts'

// Django's rule for usernames: letters, digits and @ . + - _
export const USERNAME_PATTERN = /^[A-Za-z0-9@.+_-]+$/
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/

export const USER_MESSAGES = {
  username: 'Username may contain only letters, digits and @ . + - _ characters.',
  usernameTaken: 'This username is already taken (case is ignored).',
  email: 'Email must be an e-mail address, like name@example.com.',
  passwordRequired: 'Password is required.',
  passwordShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordBlank: 'Password cannot be only spaces.',
  /** checked on the server only (core/password.server.ts newPasswordProblem: the list is large) */
  passwordCommon: 'This password is one of the most common passwords and easy to guess. Choose another.',
  /** checked on the server only (zxcvbn's score, core/password.server.ts newPasswordProblem) */
  passwordWeak: (why: string) => `This password is too easy to guess: ${why} Choose a longer one, such as three or four unrelated words.`,
  permission: 'Choose permissions from the list.',
  group: 'Choose groups from the list.',
  company: 'Choose a company from the list, or leave it empty.',
  user: 'Choose a user from the list.',
  flagsSuperuserOnly: 'Only a superuser can change the staff and superuser flags.',
  selfInactive: 'You cannot deactivate yourself: you would be signed out and no one might be left to undo it.',
  currentPassword: 'Enter your current password to change your own username or password.',
  selfSuperuser: 'You cannot remove your own superuser flag: ask another superuser, so that one always remains.',
} as const

export const UserSchema = z
  .object({
    submission_id: uuid(),
    /** present when editing */
    user_id: id(USER_MESSAGES.user).optional(),
    username: oneLineText('Username', { max: USERNAME_MAX_LENGTH }),
    first_name: oneLineText('First name', { optional: true, max: 150 }),
    last_name: oneLineText('Last name', { optional: true, max: 150 }),
    email: oneLineText('Email', { optional: true, max: 254 }),
    /** a company's whole name (case ignored), or empty for none */
    company: oneLineText('Company', { optional: true }),
    is_staff: z.boolean().default(false),
    is_superuser: z.boolean().default(false),
    is_active: z.boolean().default(false),
    permissions: z.array(z.enum(PERMISSION_CODENAMES, { error: USER_MESSAGES.permission })).default([]),
    groups: z.array(id(USER_MESSAGES.group)).default([]),
    /** not trimmed (a space may be part of a password); required when adding */
    password: matching(/^[^\u0000-\u001f\u007f]*$/, 'Password must be one line of text.').optional(),
    /** one's own account: the password now, to change one's own username or password */
    current_password: matching(/^[^\u0000-\u001f\u007f]{0,1024}$/, 'Current password must be one line of text.').optional(),
  })
  // checked on the whole form, so every field stays a plain builder (fields.unit.test.ts); each
  // runs whatever the other fields hold (when), so every message shows at once
  .refine((v) => typeof v.username !== 'string' || v.username === '' || USERNAME_PATTERN.test(v.username), { path: ['username'], message: USER_MESSAGES.username, when: () => true })
  .refine((v) => typeof v.email !== 'string' || v.email === '' || EMAIL_PATTERN.test(v.email), { path: ['email'], message: USER_MESSAGES.email, when: () => true })
  .refine((v) => (v.password ?? '') !== '' || v.user_id !== undefined, { path: ['password'], message: USER_MESSAGES.passwordRequired, when: () => true })
  .refine((v) => (v.password ?? '') === '' || v.password!.length >= PASSWORD_MIN_LENGTH || isBlankPassword(v.password!), { path: ['password'], message: USER_MESSAGES.passwordShort, when: () => true })
  .refine((v) => (v.password ?? '').length <= PASSWORD_MAX_LENGTH, { path: ['password'], message: USER_MESSAGES.passwordLong, when: () => true })
  .refine((v) => (v.password ?? '') === '' || !isBlankPassword(v.password!), { path: ['password'], message: USER_MESSAGES.passwordBlank, when: () => true })

/** Only spaces (of any kind): typed by mistake or as a joke, never a password. */
export function isBlankPassword(password: string): boolean {
  return password.trim() === ''
}

export type UserInput = z.output<typeof UserSchema>
