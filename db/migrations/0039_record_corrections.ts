// Corrections with history (issue 24, decision 0067): receipts, storage checks and customer notes
// may be corrected after they are submitted, and deleted as a mark with a reason, never a lost row.
// - Each of the three tables gains `version` (the optimistic lock: a correction names the version
//   it was made from) and the delete mark: deleted_at, deleted_by, deleted_reason, all three or none.
// - Their image link tables gain `removed_at`: a photo a correction takes off stays linked (so its
//   file is kept and the history can name it), only no longer shown with the record.
// - `record_corrections`: one row per correction or delete mark, for any of the three kinds, with
//   a foreign key to exactly one record (num_nonnulls), who, when, the version it made, the changes
//   (field: old → new, as the record showed them) and, for a delete, the reason.
// - A partial index per table holds the few marked rows: the lists' total is the table's count
//   less those (a scope total, no count(*) over the whole table).
import { sql, type Kysely } from 'kysely'

const TABLES = ['receipts', 'storage_checks', 'interactions'] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`
      alter table ${sql.table(table)}
        add column version integer not null default 1 constraint ${sql.raw(`${table}_version_ck`)} check (version >= 1),
        add column deleted_at timestamptz,
        add column deleted_by bigint constraint ${sql.raw(`${table}_deleted_by_fk`)} references users (id),
        add column deleted_reason text,
        add constraint ${sql.raw(`${table}_deleted_ck`)} check (
          (deleted_at is null and deleted_by is null and deleted_reason is null)
          or (deleted_at is not null and deleted_by is not null and btrim(deleted_reason) <> '')
        );
      create index ${sql.raw(`${table}_deleted_idx`)} on ${sql.table(table)} (id) where deleted_at is not null;
    `.execute(db)
  }
  await sql`
    alter table receipt_images add column removed_at timestamptz;
    alter table storage_check_images add column removed_at timestamptz;
    create table record_corrections (
      id bigint generated always as identity primary key,
      receipt_id bigint constraint record_corrections_receipt_fk references receipts (id),
      storage_check_id bigint constraint record_corrections_storage_check_fk references storage_checks (id),
      interaction_id bigint constraint record_corrections_interaction_fk references interactions (id),
      action text not null constraint record_corrections_action_ck check (action in ('correct', 'delete')),
      version integer not null constraint record_corrections_version_ck check (version >= 1),
      changed_by bigint not null constraint record_corrections_changed_by_fk references users (id),
      changed_at timestamptz not null default now(),
      changes jsonb not null default '[]' constraint record_corrections_changes_ck check (jsonb_typeof(changes) = 'array'),
      reason text not null default '',
      constraint record_corrections_one_record_ck check (num_nonnulls(receipt_id, storage_check_id, interaction_id) = 1),
      constraint record_corrections_delete_reason_ck check (action <> 'delete' or btrim(reason) <> '')
    );
    create index record_corrections_receipt_idx on record_corrections (receipt_id, changed_at) where receipt_id is not null;
    create index record_corrections_storage_check_idx on record_corrections (storage_check_id, changed_at) where storage_check_id is not null;
    create index record_corrections_interaction_idx on record_corrections (interaction_id, changed_at) where interaction_id is not null;
    create index record_corrections_changed_by_idx on record_corrections (changed_by);
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table record_corrections;
    alter table receipt_images drop column removed_at;
    alter table storage_check_images drop column removed_at;
  `.execute(db)
  for (const table of TABLES) {
    await sql`
      alter table ${sql.table(table)} drop column version, drop column deleted_at, drop column deleted_by, drop column deleted_reason;
    `.execute(db)
  }
}
