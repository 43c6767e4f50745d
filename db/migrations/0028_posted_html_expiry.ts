// Posted HTML (POST /api/convert/ {html}; issue 19 item 4, docs/decisions/0044): a caller's document
// is converted under caps and kept for a while, not for good. expires_at is set on those conversions
// only (null: the app's own documents and DOCX, kept); the hourly clean-up deletes the conversions
// past it, with their HTML and PDF. The partial index finds them without reading the others.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table document_conversions add column expires_at timestamptz;
    alter table document_conversions add constraint document_conversions_expires_ck check (expires_at is null or kind = 'html');
    create index document_conversions_expires_idx on document_conversions (expires_at) where expires_at is not null;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop index document_conversions_expires_idx;
    alter table document_conversions drop column expires_at;
  `.execute(db)
}
