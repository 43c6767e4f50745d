// The grower's report by e-mail (issue 23, decision 0065):
// - contacts: whether the contact receives the grower's reports.
// - grower_reports: one row per message asked for: the one a completion asks for (at most one per
//   pre-treat: a retried completion finds it there) and each resend someone asked for (who, when,
//   their form's submission id). The PDF to attach is the HTML conversion made when it was asked
//   for. The job claims the row ('sending') before it sends, so a second run of the job sends
//   nothing; what was sent, to whom, how (SMTP or a .eml file) and its Message-ID stay on the row.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table contacts add column receives_reports boolean not null default false;
    create table grower_reports (
      id bigint generated always as identity primary key,
      pretreat_id bigint not null constraint grower_reports_pretreat_fk references pretreats (id),
      reason text not null constraint grower_reports_reason_ck check (reason in ('completed', 'resend')),
      requested_by bigint constraint grower_reports_requested_by_fk references users (id),
      requested_at timestamptz not null default now(),
      submission_id uuid constraint grower_reports_submission_uq unique,
      conversion_id uuid constraint grower_reports_conversion_fk references document_conversions (id) on delete set null,
      status text not null default 'queued'
        constraint grower_reports_status_ck check (status in ('queued', 'sending', 'sent', 'failed', 'no-recipients')),
      attempts integer not null default 0,
      claimed_at timestamptz,
      sent_at timestamptz,
      recipients text not null default '',
      transport text not null default '' constraint grower_reports_transport_ck check (transport in ('', 'smtp', 'file')),
      message_id text not null default '',
      eml_file text not null default '',
      error text not null default ''
    );
    create unique index grower_reports_completion_uq on grower_reports (pretreat_id) where reason = 'completed';
    create index grower_reports_pretreat_idx on grower_reports (pretreat_id, requested_at);
    create index grower_reports_requested_idx on grower_reports (requested_at desc, id desc);
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table grower_reports;
    alter table contacts drop column receives_reports;
  `.execute(db)
}
