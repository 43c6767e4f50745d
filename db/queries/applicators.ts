// Applicators (spec §3: a user with a license and its expiration): the admin screens' reads and
// the rows their save writes (commands/applicators.ts). One applicator per user
// (applicators_user_uq). Nothing is deleted: an applicator is deactivated.
import { sql } from 'kysely'
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

/** The applicators, aliased `a` as applicatorListRows names them. */
export const applicatorsAsA = (db: Executor) => db.selectFrom('applicators as a')

/** Each applicator `applicators` selects as the Applicators list shows it (app/lists/applicator-list.server.ts): name and username (u), license, expiration. */
export function applicatorListRows(applicators: ReturnType<typeof applicatorsAsA>) {
  return applicators.innerJoin('users as u', 'u.id', 'a.user_id').select(['a.id', userDisplayName('u').as('name'), 'u.username', 'a.license', 'a.expiration', 'a.active'])
}

/** An applicator as the edit form reads it: its list row and its user. */
export async function applicatorForEdit(db: Executor, id: number): Promise<ApplicatorRecord | undefined> {
  if (!isId(id)) return undefined
  return applicatorListRows(applicatorsAsA(db)).select('a.user_id').where('a.id', '=', id).executeTakeFirst()
}

export interface ApplicatorFields {
  license: string
  expiration: string
  active: boolean
}

/** Saves applicator `id`; false when there is none. */
export async function updateApplicator(trx: Executor, id: number, fields: ApplicatorFields): Promise<boolean> {
  return (await trx.updateTable('applicators').set(fields).where('id', '=', id).returning('id').executeTakeFirst()) !== undefined
}

/** A new applicator of `userId`; undefined when the user is one already. */
export async function insertApplicator(trx: Executor, userId: number, fields: ApplicatorFields): Promise<number | undefined> {
  return (
    await trx
      .insertInto('applicators')
      .values({ user_id: userId, ...fields })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id
}

/** The applicator a user is, with its fields. */
export function applicatorOfUser(db: Executor, userId: number): Promise<(ApplicatorFields & { id: number }) | undefined> {
  return db
    .selectFrom('applicators')
    .select(['id', 'license', sql<string>`expiration::text`.as('expiration'), 'active'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** The user, when it exists and is active. */
export async function isActiveUser(db: Executor, userId: number): Promise<boolean> {
  if (!isId(userId)) return false
  return (await db.selectFrom('users').select('id').where('id', '=', userId).where('is_active', '=', true).executeTakeFirst()) !== undefined
}
