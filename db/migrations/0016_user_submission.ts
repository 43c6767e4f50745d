// Issue 10, users admin: the Add User form's submission id, so a form sent twice (a double click,
// a resend after a lost connection) creates one user and the resend is answered as saved.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column submission_id uuid constraint users_submission_uq unique`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column submission_id`.execute(db)
}
