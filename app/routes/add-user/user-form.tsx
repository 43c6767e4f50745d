// The user form of Add User and Edit User: the same fields, schema and save. Permissions are
// checkboxes grouped by area (PERMISSION_AREAS), each with its codename; groups are checkboxes of
// the groups table. Staff and Superuser are disabled for anyone but a superuser (the server keeps
// or refuses them too, commands/users.ts saveUser). Rights are delegated, never minted
// (core/user-rights.ts): a box the viewer may not change is disabled, its value sent as it is by a
// hidden field, and a password they may not set is disabled with the reason; so are (read-only)
// the username, names, e-mail and Active of such an account. The save refuses the same with the
// same words.
import { getCollectionProps, getInputProps } from '@conform-to/react'
import { AppForm, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { ComboboxField } from '#app/components/form/combobox-field.tsx'
import { FieldMessages, fieldAria, TextField, type AnyField } from '#app/components/form/fields.tsx'
import { PASSWORD_MIN_LENGTH } from '#core/accounts.ts'
import { PERMISSION_AREAS, PERMISSIONS } from '#core/permissions.ts'
import { UserSchema, type UserInput } from '#core/schemas/user.ts'
import type { DelegationLimits } from '#core/user-rights.ts'
import type { NamedChoice, UserRecord } from '#db/queries/users.ts'

export interface UserFormProps {
  /** null: a new user */
  user: UserRecord | null
  companies: NamedChoice[]
  groups: NamedChoice[]
  /** who is signed in: only a superuser changes the flags; nobody deactivates themself */
  viewer: { id: number; is_superuser: boolean }
  /** what the viewer may not change on this account */
  limits: DelegationLimits
  submissionId: string
}

const ONLY_SUPERUSERS = 'Only a superuser can change this.'
const OWN_RIGHTS_ONLY = 'You can grant or remove only the permissions you hold yourself; the others are shown as they are.'
const OWN_GROUPS_ONLY = 'You can add or remove only groups whose every permission you hold yourself.'

export function UserForm({ user, companies, groups, viewer, limits, submissionId }: UserFormProps) {
  const { form, fields, fetcher } = useAppForm(UserSchema, {
    id: user ? `user-${user.id}` : 'user-new',
    defaultValue: (user ? { ...user, user_id: user.id, groups: user.groups.map(String) } : { is_active: true, permissions: [], groups: [] }) as unknown as Partial<UserInput>,
  })
  const self = user?.id === viewer.id
  const fixedPermission = (value: string) => !!limits.rights || (limits.fixedPermissions as string[]).includes(value)
  const fixedGroup = (value: string) => !!limits.rights || limits.fixedGroups.map(String).includes(value)
  return (
    <AppForm form={form} fetcher={fetcher} submissionId={submissionId}>
      {user ? <input type="hidden" name="user_id" value={user.id} /> : null}
      <div className="form-section">
        {limits.account ? <WholeRowHint>{limits.account}</WholeRowHint> : null}
        <TextField field={fields.username} label="Username" autoComplete="off" readOnly={!!limits.account} hint="Letters, digits and @ . + - _ (case is ignored when signing in)" />
        <TextField field={fields.first_name} label="First Name" autoComplete="off" readOnly={!!limits.account} />
        <TextField field={fields.last_name} label="Last Name" autoComplete="off" readOnly={!!limits.account} />
        <TextField field={fields.email} label="Email" type="email" autoComplete="off" readOnly={!!limits.account} />
        <ComboboxField field={fields.company} label="Company" options={companies.map((c) => ({ id: c.id, value: c.name }))} hint="Type a name from the list, or leave it empty." />
        <PasswordField
          field={fields.password}
          label={user ? 'New Password' : 'Password'}
          required={!user}
          disabled={!!limits.password}
          hint={limits.password ?? (user ? `Leave it empty to keep the current password. At least ${PASSWORD_MIN_LENGTH} characters.` : `At least ${PASSWORD_MIN_LENGTH} characters.`)}
        />
        {self ? (
          <PasswordField
            field={fields.current_password}
            label="Current Password"
            required={false}
            autoComplete="current-password"
            hint="Your own account: needed to change your username or password."
          />
        ) : null}
      </div>
      <fieldset className="form-section user-flags">
        <legend>Status</legend>
        <FlagField
          field={fields.is_active}
          label="Active"
          fixed={!!limits.account}
          hint={
            limits.account ??
            (self ? 'You cannot deactivate yourself: you would be signed out, with no one sure to undo it.' : 'An inactive user cannot sign in; deactivating ends their sessions at once.')
          }
        />
        <FlagField field={fields.is_staff} label="Staff" disabled={!viewer.is_superuser} hint={viewer.is_superuser ? 'Staff see the admin menu.' : ONLY_SUPERUSERS} />
        <FlagField
          field={fields.is_superuser}
          label="Superuser"
          disabled={!viewer.is_superuser}
          hint={
            !viewer.is_superuser ? ONLY_SUPERUSERS : self ? 'You cannot remove your own superuser flag: another superuser must, so that one always remains.' : 'A superuser holds every permission.'
          }
        />
      </fieldset>
      <fieldset className="form-section permission-areas">
        <legend>Permissions</legend>
        {limits.rights || limits.fixedPermissions.length ? <WholeRowHint>{limits.rights ?? OWN_RIGHTS_ONLY}</WholeRowHint> : null}
        {PERMISSION_AREAS.map(({ area, permissions }) => (
          <fieldset key={area} className="field choices__group">
            <legend className="label">{area}</legend>
            <div className="choices__options permission-options">
              {getCollectionProps(fields.permissions, { type: 'checkbox', options: [...permissions], ariaAttributes: false }).map(({ key, ...props }) => (
                <label key={key} className="checkbox">
                  <FixedChoice props={props} fixed={fixedPermission(props.value)} />
                  <span>
                    {PERMISSIONS[props.value as keyof typeof PERMISSIONS]} <code className="hint">{props.value}</code>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <FieldMessages field={fields.permissions} messages={fields.permissions.errors?.length ? fields.permissions.errors : undefined} />
      </fieldset>
      <fieldset className="form-section">
        <legend>Groups</legend>
        {groups.length && (limits.rights || limits.fixedGroups.length) ? <WholeRowHint>{limits.rights ?? OWN_GROUPS_ONLY}</WholeRowHint> : null}
        {groups.length ? (
          <div className="choices__options">
            {getCollectionProps(fields.groups, { type: 'checkbox', options: groups.map((g) => String(g.id)), ariaAttributes: false }).map(({ key, ...props }) => (
              <label key={key} className="checkbox">
                <FixedChoice props={props} fixed={fixedGroup(props.value)} />
                <span>{groups.find((g) => String(g.id) === props.value)?.name}</span>
              </label>
            ))}
          </div>
        ) : (
          <p className="hint">No groups yet (groups come with the users imported from the old system).</p>
        )}
        <FieldMessages field={fields.groups} messages={fields.groups.errors?.length ? fields.groups.errors : undefined} />
      </fieldset>
      <SubmitRow fetcher={fetcher} />
    </AppForm>
  )
}

/** Why some boxes cannot be changed: a line across the section's grid, above its boxes. */
function WholeRowHint({ children }: { children: string }) {
  return (
    <p className="hint" style={{ gridColumn: '1 / -1', margin: 0 }}>
      {children}
    </p>
  )
}

/** A checkbox of a collection; one the viewer may not change is disabled, its value kept by a hidden field. */
function FixedChoice({ props, fixed }: { props: React.InputHTMLAttributes<HTMLInputElement> & { value: string; name: string }; fixed: boolean }) {
  if (!fixed) return <input {...props} />
  return (
    <>
      <input {...props} disabled />
      {props.defaultChecked ? <input type="hidden" name={props.name} value={props.value} form={props.form} /> : null}
    </>
  )
}

function PasswordField({
  field,
  label,
  hint,
  required,
  disabled,
  autoComplete = 'new-password',
}: {
  field: AnyField
  label: string
  hint: string
  required: boolean
  disabled?: boolean
  autoComplete?: string
}) {
  const messages = field.errors?.length ? field.errors : undefined
  // a refusal that repeats the hint (why the field is disabled) is said once
  const shownHint = messages?.includes(hint) ? undefined : hint
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        {...getInputProps(field, { type: 'password', ariaAttributes: false })}
        {...fieldAria(field, messages, !!shownHint)}
        required={required && !disabled}
        disabled={disabled}
        minLength={autoComplete === 'new-password' ? PASSWORD_MIN_LENGTH : undefined}
        autoComplete={autoComplete}
        key={field.key}
      />
      <FieldMessages field={field} messages={messages} hint={shownHint} />
    </div>
  )
}

/**
 * A flag checkbox with a line saying what it means (or why it cannot be changed here). A `fixed`
 * one is disabled and its value kept by a hidden field (a disabled box sends nothing).
 */
function FlagField({ field, label, hint, disabled, fixed }: { field: AnyField; label: string; hint: string; disabled?: boolean; fixed?: boolean }) {
  const messages = field.errors?.length ? field.errors : undefined
  const props = getInputProps(field, { type: 'checkbox', ariaAttributes: false })
  return (
    <div className="field">
      <label className="checkbox" htmlFor={field.id}>
        <input {...props} {...fieldAria(field, messages, true)} disabled={disabled || fixed} key={field.key} />
        {label}
      </label>
      {fixed && props.defaultChecked ? <input type="hidden" name={props.name} value={props.value} form={props.form} /> : null}
      <FieldMessages field={field} messages={messages} hint={hint} />
    </div>
  )
}
