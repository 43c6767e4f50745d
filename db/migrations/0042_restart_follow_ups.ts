// Restart follow-ups (issue 24, decision 0070): a restart answered "not running" or "not cleaned
// up" raises one follow-up for the assigners, in the transaction that completes the restart (one
// per restart: a unique key). It stays open until a later restart of the same storage is answered
// running and cleaned up (closed_by_restart_id, in that restart's transaction) or an assigner
// closes it with a note saying how it was resolved (closing_note, their form's submission id).
// Who closed it and when are kept either way. The open ones are a small set, read by the bell's
// count, the list's default sort and the storage's panel through partial indexes.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table restart_follow_ups (
      id bigint generated always as identity primary key,
      storage_id bigint not null constraint restart_follow_ups_storage_fk references storages (id),
      restart_id bigint not null constraint restart_follow_ups_restart_uq unique
        constraint restart_follow_ups_restart_fk references restarts (id) on delete cascade,
      not_running boolean not null,
      not_cleaned_up boolean not null,
      raised_at timestamptz not null default now(),
      closed_at timestamptz,
      closed_by bigint constraint restart_follow_ups_closed_by_fk references users (id),
      closed_by_restart_id bigint constraint restart_follow_ups_closed_by_restart_fk references restarts (id) on delete set null,
      closing_note text,
      closing_submission_id uuid constraint restart_follow_ups_closing_submission_uq unique,
      constraint restart_follow_ups_reason_ck check (not_running or not_cleaned_up),
      constraint restart_follow_ups_closed_ck check ((closed_at is null) = (closed_by is null)),
      constraint restart_follow_ups_open_ck check (closed_at is not null or (closed_by_restart_id is null and closing_note is null and closing_submission_id is null)),
      constraint restart_follow_ups_how_ck check (closed_at is null or closed_by_restart_id is not null or (closing_note is not null and btrim(closing_note) <> '')),
      constraint restart_follow_ups_one_way_ck check (closed_by_restart_id is null or closing_note is null)
    );
    create index restart_follow_ups_open_idx on restart_follow_ups (raised_at desc, id desc) where closed_at is null;
    create index restart_follow_ups_closed_idx on restart_follow_ups (closed_at desc, id desc) where closed_at is not null;
    create index restart_follow_ups_storage_idx on restart_follow_ups (storage_id, raised_at desc) where closed_at is null;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table restart_follow_ups`.execute(db)
}
