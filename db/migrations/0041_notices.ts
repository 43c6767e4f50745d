// Notices for the author of a record (issue 24, decision 0069): a reviewer sent a service sheet or a
// pre-treat sheet back (with the reason) or changed the author's values. One row per user, record
// and kind while unseen (a later one of the same kind replaces it); `seen_at` is set by the
// author's Mark as seen or by their resubmit, so the bell stops counting it. The bell's per-user
// counts and the lists' "sent back to me" filters read the partial index of unseen notices.
// A service sheet sent back leaves its reviews 'returned' (out of both review lists) until the
// author resubmits, when the chain opens again at level 1.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table notices (
      id bigint generated always as identity constraint notices_pk primary key,
      user_id bigint not null constraint notices_user_fk references users (id) on delete cascade,
      entity text not null constraint notices_entity_ck check (entity in ('service_sheet', 'pretreat')),
      record_id bigint not null,
      kind text not null constraint notices_kind_ck check (kind in ('sent_back', 'changed')),
      reason text not null default '' constraint notices_reason_ck check (char_length(reason) <= 2000),
      raised_by bigint constraint notices_raised_by_fk references users (id),
      raised_at timestamptz not null default now(),
      seen_at timestamptz
    );
    create unique index notices_unseen_uq on notices (user_id, entity, kind, record_id) where seen_at is null;
    create index notices_record_idx on notices (entity, record_id, raised_at desc);
    alter table service_reviews drop constraint service_reviews_status_ck;
    alter table service_reviews add constraint service_reviews_status_ck check (status in ('open', 'approved', 'returned'));
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table notices;
    update service_reviews set status = 'open' where status = 'returned';
    alter table service_reviews drop constraint service_reviews_status_ck;
    alter table service_reviews add constraint service_reviews_status_ck check (status in ('open', 'approved'));
  `.execute(db)
}
