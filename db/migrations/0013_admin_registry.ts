// Issue 10, administration: the pre-treat form's editable lists and the products' label limits.
// - destinations: the spec's "19 fixed customer names" (not given there) as a list admins keep;
//   pretreats.destination stays the chosen name as text, so renaming a destination later does not
//   rewrite past records. Deactivated names are no longer offered.
// - pretreat_messages: the spec's 3 pre-written restart instructions, kept the same way.
// - products.max_ppm_per_application and max_applications_per_season: the label's limits, read by
//   the pre-treat form's dose check (issue 11); null means the label sets none.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table destinations (
      id bigint generated always as identity primary key,
      submission_id uuid constraint destinations_submission_uq unique,
      name text not null constraint destinations_name_not_blank check (btrim(name) <> ''),
      position integer not null default 0,
      active boolean not null default true
    );
    create unique index destinations_name_uq on destinations (lower(name));

    create table pretreat_messages (
      id bigint generated always as identity primary key,
      submission_id uuid constraint pretreat_messages_submission_uq unique,
      text text not null constraint pretreat_messages_text_not_blank check (btrim(text) <> ''),
      position integer not null default 0,
      active boolean not null default true
    );

    alter table products
      add column max_ppm_per_application numeric(12, 4) constraint products_max_ppm_ck check (max_ppm_per_application > 0),
      add column max_applications_per_season integer constraint products_max_applications_ck check (max_applications_per_season >= 1);
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table products drop column max_applications_per_season, drop column max_ppm_per_application;
    drop table pretreat_messages, destinations;
  `.execute(db)
}
