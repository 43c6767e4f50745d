// What the cleanup of unattached files needs (jobs/blob-cleanup.job.ts, docs/decisions/0013):
// - a completed upload session goes with its blob when the blob is removed (it only records how
//   the blob arrived), so the job deletes just the blob;
// - that foreign key, and the job's look-up of a blob's session, are served by an index.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table upload_sessions
      drop constraint upload_sessions_blob_fk,
      add constraint upload_sessions_blob_fk foreign key (blob_id) references blobs (id) on delete cascade;
    create index upload_sessions_blob_idx on upload_sessions (blob_id) where blob_id is not null;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop index upload_sessions_blob_idx;
    alter table upload_sessions
      drop constraint upload_sessions_blob_fk,
      add constraint upload_sessions_blob_fk foreign key (blob_id) references blobs (id);
  `.execute(db)
}
