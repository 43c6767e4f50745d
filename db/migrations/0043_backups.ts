// Backups (issue 25, decision 0071): one row per finished `npm run backup`, written to the
// database it backed up once the backup is whole, so admins see when the last one finished (and
// the alerts bell warns when it is older than a day and two hours, where backups are set up).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table backups (
      id bigint generated always as identity primary key,
      name text not null constraint backups_name_uq unique,
      location text not null,
      started_at timestamptz not null,
      finished_at timestamptz not null default now(),
      tables integer not null constraint backups_tables_ck check (tables >= 0),
      rows bigint not null constraint backups_rows_ck check (rows >= 0),
      files integer not null constraint backups_files_ck check (files >= 0),
      bytes bigint not null constraint backups_bytes_ck check (bytes >= 0),
      missing_files integer not null default 0,
      app_version text not null
    );
    create index backups_finished_idx on backups (finished_at desc, id desc);
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table backups`.execute(db)
}
