// Identity and sessions, the core registry (companies, storages, jobs, trucks, parts), call-ins,
// the workflow history, files and alerts. Later migrations add the remaining entities.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table companies (
      id bigint generated always as identity primary key,
      submission_id uuid constraint companies_submission_uq unique,
      qb_list_id text not null default '',
      company_name text not null constraint companies_name_not_blank check (btrim(company_name) <> ''),
      website text not null default '',
      service_start date,
      active boolean not null default true,
      notes text not null default '',
      storage_check_interval integer not null default 30 constraint companies_check_interval_ck check (storage_check_interval >= 0),
      contact_interval integer not null default 0 constraint companies_contact_interval_ck check (contact_interval >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index companies_name_uq on companies (lower(company_name));
    create index companies_name_idx on companies (company_name, id);

    create table users (
      id bigint generated always as identity primary key,
      username text not null constraint users_username_not_blank check (btrim(username) <> ''),
      password_hash text not null,
      first_name text not null default '',
      last_name text not null default '',
      email text not null default '',
      company_id bigint constraint users_company_fk references companies (id),
      is_staff boolean not null default false,
      is_superuser boolean not null default false,
      is_active boolean not null default true,
      current_prefix text not null default '',
      created_at timestamptz not null default now(),
      last_login_at timestamptz
    );
    create unique index users_username_uq on users (lower(username));

    create table permissions (
      codename text primary key constraint permissions_codename_ck check (codename ~ '^[a-z0-9_]+[.][a-z0-9_]+$'),
      name text not null
    );
    create table groups (
      id bigint generated always as identity primary key,
      name text not null constraint groups_name_uq unique
    );
    create table group_permissions (
      group_id bigint not null constraint group_permissions_group_fk references groups (id) on delete cascade,
      codename text not null constraint group_permissions_perm_fk references permissions (codename) on delete cascade,
      primary key (group_id, codename)
    );
    create table user_groups (
      user_id bigint not null constraint user_groups_user_fk references users (id) on delete cascade,
      group_id bigint not null constraint user_groups_group_fk references groups (id) on delete cascade,
      primary key (user_id, group_id)
    );
    create table user_permissions (
      user_id bigint not null constraint user_permissions_user_fk references users (id) on delete cascade,
      codename text not null constraint user_permissions_perm_fk references permissions (codename) on delete cascade,
      primary key (user_id, codename)
    );

    -- The id is the SHA-256 of the cookie's token, so a read of this table cannot be replayed as a cookie.
    create table sessions (
      id text primary key,
      user_id bigint not null constraint sessions_user_fk references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      user_agent text not null default '',
      ip text not null default ''
    );
    create index sessions_user_idx on sessions (user_id);
    create index sessions_expires_idx on sessions (expires_at);

    create table login_attempts (
      id bigint generated always as identity primary key,
      username_key text not null,
      ip text not null,
      succeeded boolean not null,
      at timestamptz not null default now()
    );
    create index login_attempts_username_idx on login_attempts (username_key, at);
    create index login_attempts_ip_idx on login_attempts (ip, at);

    create table storages (
      id bigint generated always as identity primary key,
      submission_id uuid constraint storages_submission_uq unique,
      company_id bigint not null constraint storages_company_fk references companies (id),
      grower_id bigint constraint storages_grower_fk references companies (id),
      name text not null constraint storages_name_not_blank check (btrim(name) <> ''),
      type text constraint storages_type_ck check (type in ('Behlen', 'Straightwall', 'K Span', 'A-Frame', 'Quonset')),
      address text not null default '',
      gps_lat numeric(9, 6) constraint storages_lat_ck check (gps_lat between -90 and 90),
      gps_lng numeric(9, 6) constraint storages_lng_ck check (gps_lng between -180 and 180),
      service_start date,
      duct_count integer constraint storages_duct_count_ck check (duct_count >= 0),
      duct_size_inches numeric(8, 2) constraint storages_duct_size_ck check (duct_size_inches >= 0),
      duct_spacing_inches numeric(8, 2) constraint storages_duct_spacing_ck check (duct_spacing_inches >= 0),
      door_type text constraint storages_door_type_ck check (door_type in ('Fresh Air', 'Louvres')),
      door_count integer constraint storages_door_count_ck check (door_count >= 0),
      length_feet numeric(8, 2) constraint storages_length_ck check (length_feet >= 0),
      width_feet numeric(8, 2) constraint storages_width_ck check (width_feet >= 0),
      notes text not null default '',
      pretreat_notes text not null default '',
      double_bay boolean not null default false,
      bill_to_grower boolean not null default false,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint storages_id_company_uq unique (id, company_id)
    );
    create index storages_company_idx on storages (company_id, name);
    create index storages_name_idx on storages (name, id);

    create table jobs (
      id bigint generated always as identity primary key,
      submission_id uuid constraint jobs_submission_uq unique,
      name text not null constraint jobs_name_not_blank check (btrim(name) <> ''),
      company_id bigint not null,
      storage_id bigint not null,
      active boolean not null default true,
      notes text not null default '',
      created_at timestamptz not null default now(),
      constraint jobs_storage_company_fk foreign key (storage_id, company_id) references storages (id, company_id),
      constraint jobs_id_storage_company_uq unique (id, storage_id, company_id)
    );
    create unique index jobs_name_uq on jobs (lower(name));
    create index jobs_name_idx on jobs (name, id);
    create index jobs_storage_idx on jobs (storage_id);

    create table trucks (
      id bigint generated always as identity primary key,
      submission_id uuid constraint trucks_submission_uq unique,
      make text not null default '',
      model text not null default '',
      number text not null constraint trucks_number_not_blank check (btrim(number) <> ''),
      active boolean not null default true,
      constraint trucks_number_uq unique (number)
    );

    create table parts (
      id bigint generated always as identity primary key,
      submission_id uuid constraint parts_submission_uq unique,
      part_number text not null constraint parts_number_not_blank check (btrim(part_number) <> ''),
      description text not null default '',
      is_special boolean not null default false,
      active boolean not null default true,
      constraint parts_number_uq unique (part_number)
    );

    -- A call's storage must be its company's, and a job (when given) must be for that same
    -- storage and company: both are composite foreign keys, so no code path can get it wrong.
    create table call_ins (
      id bigint generated always as identity primary key,
      submission_id uuid not null constraint call_ins_submission_uq unique,
      company_id bigint not null,
      storage_id bigint not null,
      job_id bigint,
      created_by bigint not null constraint call_ins_created_by_fk references users (id),
      call_in_date date not null,
      requested_by text not null constraint call_ins_requested_by_not_blank check (btrim(requested_by) <> ''),
      description text not null constraint call_ins_description_not_blank check (btrim(description) <> ''),
      got_it boolean not null default false,
      created_at timestamptz not null default now(),
      constraint call_ins_storage_company_fk foreign key (storage_id, company_id) references storages (id, company_id),
      constraint call_ins_job_fk foreign key (job_id, storage_id, company_id) references jobs (id, storage_id, company_id)
    );
    create index call_ins_date_idx on call_ins (call_in_date desc, id desc);
    create index call_ins_company_date_idx on call_ins (company_id, call_in_date desc, id desc);
    create index call_ins_storage_date_idx on call_ins (storage_id, call_in_date desc, id desc);
    create index call_ins_job_date_idx on call_ins (job_id, call_in_date desc, id desc) where job_id is not null;
    create index call_ins_description_idx on call_ins (description, id);

    create table workflow_events (
      id bigint generated always as identity primary key,
      entity text not null,
      entity_id bigint not null,
      from_state text not null,
      event text not null,
      to_state text not null,
      actor_id bigint constraint workflow_events_actor_fk references users (id),
      at timestamptz not null default now(),
      details jsonb not null default '{}'
    );
    create index workflow_events_entity_idx on workflow_events (entity, entity_id, at);
    create index workflow_events_at_idx on workflow_events (at desc);

    -- Every stored file: the object key is made by the server; the type was checked by its first bytes.
    create table blobs (
      id uuid primary key,
      area text not null constraint blobs_area_ck check (area in ('drive', 'receipts', 'service', 'storage_checks', 'storages', 'documents')),
      key text not null constraint blobs_key_uq unique,
      filename text not null,
      content_type text not null,
      size_bytes bigint not null constraint blobs_size_ck check (size_bytes >= 0),
      created_by bigint constraint blobs_created_by_fk references users (id),
      created_at timestamptz not null default now()
    );

    create table upload_sessions (
      id uuid primary key,
      area text not null constraint upload_sessions_area_ck check (area in ('drive', 'receipts', 'service', 'storage_checks', 'storages', 'documents')),
      key text not null constraint upload_sessions_key_uq unique,
      driver_upload_id text not null,
      filename text not null,
      size_bytes bigint not null constraint upload_sessions_size_ck check (size_bytes >= 0),
      chunk_count integer not null constraint upload_sessions_chunks_ck check (chunk_count >= 1),
      status text not null default 'pending' constraint upload_sessions_status_ck check (status in ('pending', 'completed', 'aborted')),
      blob_id uuid constraint upload_sessions_blob_fk references blobs (id),
      created_by bigint not null constraint upload_sessions_created_by_fk references users (id),
      created_at timestamptz not null default now(),
      completed_at timestamptz
    );
    create index upload_sessions_pending_idx on upload_sessions (created_at) where status = 'pending';

    -- Exact row counts of the big lists, kept by statement-level triggers, so an unfiltered list
    -- knows its page count without counting a million rows (docs/decisions/0003-list-pagination.md).
    create table row_counts (
      table_name text primary key,
      n bigint not null constraint row_counts_n_ck check (n >= 0)
    );
    create function row_counts_track() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'INSERT' then
        update row_counts set n = n + (select count(*) from new_rows) where table_name = tg_table_name;
      elsif tg_op = 'DELETE' then
        update row_counts set n = n - (select count(*) from old_rows) where table_name = tg_table_name;
      else
        update row_counts set n = 0 where table_name = tg_table_name;
      end if;
      return null;
    end $fn$;
    create function row_counts_install(target regclass) returns void language plpgsql as $fn$
    begin
      execute format('insert into row_counts (table_name, n) select %L, count(*) from %s on conflict (table_name) do update set n = excluded.n', target::text, target);
      execute format('create trigger %I after insert on %s referencing new table as new_rows for each statement execute function row_counts_track()', target::text || '_count_ins', target);
      execute format('create trigger %I after delete on %s referencing old table as old_rows for each statement execute function row_counts_track()', target::text || '_count_del', target);
      execute format('create trigger %I after truncate on %s for each statement execute function row_counts_track()', target::text || '_count_trunc', target);
    end $fn$;
    select row_counts_install('call_ins');

    -- Written by the alert aggregation job every 5 minutes; read by GET /api/alerts/.
    create table alert_counts (
      type text primary key constraint alert_counts_type_ck check (type in ('level_1_reviews', 'level_2_reviews', 'level_3_reviews', 'pending_aws_imports')),
      count integer not null constraint alert_counts_count_ck check (count >= 0),
      computed_at timestamptz not null default now()
    );
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop table row_counts, alert_counts, upload_sessions, blobs, workflow_events, call_ins, parts, trucks, jobs, storages,
      login_attempts, sessions, user_permissions, user_groups, group_permissions, groups, permissions, users, companies;
    drop function row_counts_install(regclass);
    drop function row_counts_track();
  `.execute(db)
}
