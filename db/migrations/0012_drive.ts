// Issue 9, the auditing drive and the document pipeline (docs/decisions/0024-drive-and-documents.md).
// - drive_entries: the drive's tree. A folder is a key prefix: an entry's drive key is
//   parent || name (files) or parent || name || '/' (folders), parent being '' (the root) or a key
//   ending in '/'. Files point at their blob; the stored object's key is the blob's own (uuid-based),
//   so a name can be reused at once after a delete. Indexes serve each sortable column of one folder
//   (folders and files are paged apart, so both directions walk an index), the word search and the
//   name search.
// - blobs.sha256: the content hash, filled for documents that are converted (the cache key).
// - document_conversions: DOCX → PDF and HTML → PDF results, one per source content hash.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table drive_entries (
      id uuid primary key default gen_random_uuid(),
      parent text not null constraint drive_entries_parent_ck check (parent = '' or (right(parent, 1) = '/' and left(parent, 1) <> '/')),
      name text not null constraint drive_entries_name_ck check (name <> '' and name not in ('.', '..') and strpos(name, '/') = 0 and name !~ '[\\x01-\\x1f\\x7f]'),
      is_folder boolean not null,
      blob_id uuid constraint drive_entries_blob_uq unique constraint drive_entries_blob_fk references blobs (id),
      file_type text not null,
      size_bytes bigint not null default 0 constraint drive_entries_size_ck check (size_bytes >= 0),
      modified_at timestamptz not null default now(),
      created_by bigint constraint drive_entries_created_by_fk references users (id),
      -- words of the file's text (PDFs, and DOCX through their PDF); null until extracted
      content tsvector,
      constraint drive_entries_path_uq unique (parent, name),
      constraint drive_entries_kind_ck check (is_folder = (blob_id is null))
    );
    create index drive_entries_name_idx on drive_entries (parent, is_folder, name);
    create index drive_entries_size_idx on drive_entries (parent, is_folder, size_bytes, name);
    create index drive_entries_type_idx on drive_entries (parent, is_folder, file_type, name);
    create index drive_entries_modified_idx on drive_entries (parent, is_folder, modified_at, name);
    create index drive_entries_content_idx on drive_entries using gin (content);
    create index drive_entries_name_trgm_idx on drive_entries using gin (name gin_trgm_ops);

    -- files uploaded before the drive had folders: into the root, a repeated name numbered
    insert into drive_entries (parent, name, is_folder, blob_id, file_type, size_bytes, modified_at, created_by)
    select '', case when n = 1 then filename else filename || ' (' || n || ')' end, false, id,
           case content_type
             when 'application/pdf' then 'pdf'
             when 'image/png' then 'png'
             when 'image/jpeg' then 'jpeg'
             when 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' then 'docx'
             else coalesce(nullif(lower(substring(filename from '\\.([A-Za-z0-9]{1,10})$')), ''), 'file')
           end,
           size_bytes, created_at, created_by
      from (select b.*, row_number() over (partition by filename order by created_at, id) as n
              from blobs b where area = 'drive') d;

    alter table blobs add column sha256 text constraint blobs_sha256_ck check (sha256 ~ '^[0-9a-f]{64}$');
    create index blobs_sha256_idx on blobs (sha256) where sha256 is not null;

    create table document_conversions (
      id uuid primary key default gen_random_uuid(),
      kind text not null constraint document_conversions_kind_ck check (kind in ('docx', 'html')),
      source_hash text not null constraint document_conversions_hash_ck check (source_hash ~ '^[0-9a-f]{64}$'),
      -- a blob holding the source (the DOCX, or the HTML); another blob of the same hash can stand in
      source_blob_id uuid constraint document_conversions_source_fk references blobs (id) on delete set null,
      status text not null default 'pending' constraint document_conversions_status_ck check (status in ('pending', 'done', 'failed')),
      pdf_blob_id uuid constraint document_conversions_pdf_fk references blobs (id),
      error text,
      attempts integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint document_conversions_source_uq unique (kind, source_hash),
      constraint document_conversions_done_ck check ((status = 'done') = (pdf_blob_id is not null))
    );
    create index document_conversions_pdf_idx on document_conversions (pdf_blob_id);
    create index document_conversions_source_idx on document_conversions (source_blob_id);
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table document_conversions;
    drop index blobs_sha256_idx;
    alter table blobs drop column sha256;
    drop table drive_entries;
  `.execute(db)
}
