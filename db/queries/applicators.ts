// Applicators (spec §3: a user with a license and its expiration): the admin screens' reads and
// their save. One applicator per user (applicators_user_uq), so the user is the natural key: an add
// sent twice finds the row the first one made. Nothing is deleted: an applicator is deactivated.
import { sql } from 'kysely'
import { InputError } from '#core/errors.ts'
import { APPLICATOR_MESSAGES, type ApplicatorInput } from '#core/schemas/applicator.ts'
import type { Executor } from '../client.server.ts'
import { userDisplayName } from './users.ts'

const isId = (id: number) => Number.isSafeInteger(id) && id > 0

export interface UserOption {
  id: number
  name: string
  username: string
}

/** Active users who are not applicators yet: whom Add Applicator offers, by name. */
export function applicatorCandidates(db: Executor): Promise<UserOption[]> {
  return db
    .selectFrom('users as u')
    .select(['u.id', userDisplayName('u').as('name'), 'u.username'])
    .where('u.is_active', '=', true)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('applicators as a').select('a.id').whereRef('a.user_id', '=', 'u.id'))))
    .orderBy('name')
    .orderBy('u.id')
    .execute()
}

export interface ApplicatorOption {
  id: number
  /** the name and username, as the Edit picker shows it ('Cody Hansen (applicator)'): unique, as usernames are */
  label: string
  license: string
  active: boolean
}

/** Every applicator, active or not, by name: the Edit Applicator picker. */
export function applicatorOptions(db: Executor): Promise<ApplicatorOption[]> {
  return db
    .selectFrom('applicators as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', sql<string>`${userDisplayName('u')} || ' (' || u.username || ')'`.as('label'), 'a.license', 'a.active'])
    .orderBy('label')
    .orderBy('a.id')
    .execute()
}

export interface ApplicatorRecord {
  id: number
  user_id: number
  name: string
  username: string
  license: string
  expiration: string | null
  active: boolean
}

export async function applicatorForEdit(db: Executor, id: number): Promise<ApplicatorRecord | undefined> {
  if (!isId(id)) return undefined
  return db
    .selectFrom('applicators as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id', userDisplayName('u').as('name'), 'u.username', 'a.license', 'a.expiration', 'a.active'])
    .where('a.id', '=', id)
    .executeTakeFirst()
}

/**
 * Adds an applicator (user_id, no applicator_id) or saves an edit (the user stays). The user must
 * be active and not an applicator already, unless that applicator holds exactly what is sent (the
 * same add sent twice). Returns the applicator's id.
 */
export async function saveApplicator(db: Executor, value: ApplicatorInput): Promise<number> {
  const fields = { license: value.license, expiration: value.expiration, active: value.active }
  if (value.applicator_id !== undefined) {
    const updated = await db.updateTable('applicators').set(fields).where('id', '=', value.applicator_id).returning('id').executeTakeFirst()
    if (!updated) throw new InputError({ applicator_id: APPLICATOR_MESSAGES.unknown })
    return updated.id
  }
  const userId = value.user_id
  if (userId === undefined || !isId(userId)) throw new InputError({ user_id: APPLICATOR_MESSAGES.user })
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).where('is_active', '=', true).executeTakeFirst()
  if (!user) throw new InputError({ user_id: APPLICATOR_MESSAGES.user })
  const inserted = await db
    .insertInto('applicators')
    .values({ user_id: userId, ...fields })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (inserted) return inserted.id
  const existing = await db
    .selectFrom('applicators')
    .select(['id', 'license', sql<string>`expiration::text`.as('expiration'), 'active'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  if (existing.license === fields.license && existing.expiration === fields.expiration && existing.active === fields.active) return existing.id
  throw new InputError({ user_id: APPLICATOR_MESSAGES.already })
}
