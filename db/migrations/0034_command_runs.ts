// What each command did for an idempotency key (docs/decisions/0056-commands.md): the same
// submission sent again (a double tap, a retry, an offline queue sent twice) finds its key here
// and gets the first answer, without acting again. A key belongs to one command, one user and one
// input (its hash): sent with anything else, it is refused.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table command_runs (
      key uuid primary key,
      command text not null,
      actor_id bigint references users (id) on delete cascade,
      input_hash text not null,
      result jsonb not null,
      created_at timestamptz not null default now()
    );
    create index command_runs_created_idx on command_runs (created_at);
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table command_runs`.execute(db)
}
