// An image's index in its stored name counts the user's uploads to its area started in the same
// second (storage/uploads.server.ts, placeInItsSecond; docs/decisions/0082): served by an index
// rather than a scan of every upload ever made.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index upload_sessions_user_idx on upload_sessions (created_by, area, created_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index upload_sessions_user_idx`.execute(db)
}
