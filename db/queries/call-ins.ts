import type { Executor } from '../client.server.ts'
import { userDisplayName } from './users.ts'

export interface NewCallIn {
  submission_id: string
  company_id: number
  storage_id: number
  job_id: number | null
  created_by: number
  call_in_date: string
  requested_by: string
  description: string
  got_it: boolean
}

/** Inserts the call unless one with the same submission id exists; returns its id and whether it is new. */
export async function insertCallIn(db: Executor, call: NewCallIn): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insertInto('call_ins')
    .values(call)
    .onConflict((oc) => oc.column('submission_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (inserted) return { id: inserted.id, created: true }
  const existing = await db.selectFrom('call_ins').select('id').where('submission_id', '=', call.submission_id).executeTakeFirstOrThrow()
  return { id: existing.id, created: false }
}

export interface CallInDetail {
  id: number
  call_in_date: string
  company_name: string
  storage_name: string
  job_name: string | null
  created_by_name: string
  requested_by: string
  description: string
  got_it: boolean
  created_at: Date
}

export function callInDetail(db: Executor, id: number): Promise<CallInDetail | undefined> {
  return db
    .selectFrom('call_ins as ci')
    .innerJoin('companies as c', 'c.id', 'ci.company_id')
    .innerJoin('storages as s', 's.id', 'ci.storage_id')
    .leftJoin('jobs as j', 'j.id', 'ci.job_id')
    .innerJoin('users as u', 'u.id', 'ci.created_by')
    .select([
      'ci.id',
      'ci.call_in_date',
      'c.company_name',
      's.name as storage_name',
      'j.name as job_name',
      userDisplayName('u').as('created_by_name'),
      'ci.requested_by',
      'ci.description',
      'ci.got_it',
      'ci.created_at',
    ])
    .where('ci.id', '=', id)
    .executeTakeFirst()
}
