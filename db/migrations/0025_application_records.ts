// The application record (issue 12, IDAPA 02.03.03; docs/decisions/0042): for every pre-treat whose
// product was applied, a snapshot of what the law asks an applicator to keep, written in the
// transaction that completes (or voids) it, so that a later edit of a grower, storage, product or
// applicator leaves the kept record as it was.
// - application_records: one per pre-treat (header). Never deleted: no cascade from pretreats (the
//   foreign key refuses a pre-treat's delete while its record exists) and a trigger refusing
//   DELETE and TRUNCATE, so "kept at least 3 years" holds by construction.
// - application_record_products: the chemical lines (product, EPA number, amount, rate), each with
//   the keys the season summary groups by, copied from its header, and whether it counts (a
//   completed, not void record). Rewriting a record replaces its lines.
// - application_record_totals: per season, grower, applicator licence, product and units, the
//   total cwt treated, amount applied and number of applications, kept by a trigger on the lines
//   (a rewrite subtracts the old lines and adds the new: running it twice changes nothing), so the
//   season summary reads a few hundred rows instead of a million.
// - companies.address: the grower's address (companies had none); the record falls back to the
//   storage's address when it is blank.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table companies add column address text not null default '';

    create table application_records (
      id bigint generated always as identity primary key,
      pretreat_id bigint not null constraint application_records_pretreat_uq unique
        constraint application_records_pretreat_fk references pretreats (id),
      pre_treat_number text not null,
      state text not null constraint application_records_state_ck check (state in ('completed', 'void', 'pending')),
      void_reason text not null default '',
      season smallint not null,
      grower_name text not null,
      grower_address text not null default '',
      storage_name text not null,
      site text not null default '',
      commodity text not null default 'Potatoes',
      variety text not null default '',
      cwt numeric(14, 2),
      products text not null default '',
      epa_registrations text not null default '',
      amounts text not null default '',
      rates text not null default '',
      application_date date,
      start_time time,
      stop_time time,
      wind_speed numeric(6, 2),
      wind_direction text,
      recommended_by_name text not null default '',
      applicator_name text not null default '',
      applicator_licence text not null default '',
      gaps text not null default '',
      kept_at timestamptz not null default now(),
      constraint application_records_void_ck check (state <> 'void' or btrim(void_reason) <> '')
    );
    create index application_records_date_idx on application_records (application_date desc, id desc);
    create index application_records_grower_idx on application_records (grower_name, id);
    create index application_records_storage_idx on application_records (storage_name, id);
    create index application_records_applicator_idx on application_records (applicator_name, id);
    create index application_records_products_idx on application_records (products, id);
    create index application_records_cwt_idx on application_records (cwt, id);
    select row_counts_install('application_records');
    -- the list's 'contains' filters (ILIKE '%text%') on a million records: trigram indexes when pg_trgm is there (0004)
    do $do$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index application_records_grower_trgm_idx on application_records using gin (grower_name gin_trgm_ops);
        create index application_records_storage_trgm_idx on application_records using gin (storage_name gin_trgm_ops);
        create index application_records_products_trgm_idx on application_records using gin (products gin_trgm_ops);
        create index application_records_applicator_trgm_idx on application_records using gin (applicator_name gin_trgm_ops);
      end if;
    end
    $do$;

    create function application_records_keep() returns trigger language plpgsql as $fn$
    begin
      raise exception 'application records are kept: % refused', tg_op using errcode = 'restrict_violation';
    end $fn$;
    create trigger application_records_no_delete before delete on application_records
      for each row execute function application_records_keep();
    create trigger application_records_no_truncate before truncate on application_records
      for each statement execute function application_records_keep();

    create table application_record_products (
      record_id bigint not null constraint application_record_products_record_fk references application_records (id),
      position smallint not null,
      product_name text not null,
      epa_registration text not null default '',
      units text not null,
      cwt numeric(14, 2) not null,
      quantity_used numeric(14, 4),
      rate_ppm numeric(14, 4),
      season smallint not null,
      grower_name text not null,
      applicator_licence text not null,
      counted boolean not null,
      primary key (record_id, position)
    );

    create table application_record_totals (
      season smallint not null,
      grower_name text not null,
      applicator_licence text not null,
      product_name text not null,
      units text not null,
      cwt numeric not null,
      quantity numeric not null,
      applications bigint not null,
      primary key (season, grower_name, applicator_licence, product_name, units)
    );

    create function application_record_totals_track() returns trigger language plpgsql as $fn$
    begin
      if tg_op in ('DELETE', 'UPDATE') and old.counted then
        update application_record_totals t
          set cwt = t.cwt - old.cwt, quantity = t.quantity - coalesce(old.quantity_used, 0), applications = t.applications - 1
          where (t.season, t.grower_name, t.applicator_licence, t.product_name, t.units) = (old.season, old.grower_name, old.applicator_licence, old.product_name, old.units);
        delete from application_record_totals t
          where (t.season, t.grower_name, t.applicator_licence, t.product_name, t.units) = (old.season, old.grower_name, old.applicator_licence, old.product_name, old.units)
            and t.applications = 0;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.counted then
        insert into application_record_totals as t (season, grower_name, applicator_licence, product_name, units, cwt, quantity, applications)
          values (new.season, new.grower_name, new.applicator_licence, new.product_name, new.units, new.cwt, coalesce(new.quantity_used, 0), 1)
          on conflict (season, grower_name, applicator_licence, product_name, units)
          do update set cwt = t.cwt + excluded.cwt, quantity = t.quantity + excluded.quantity, applications = t.applications + 1;
      end if;
      return null;
    end $fn$;
    create trigger application_record_totals_track after insert or update or delete on application_record_products
      for each row execute function application_record_totals_track();

    -- The totals from the lines (the bench's bulk load, and a check: a recount equals the kept totals).
    create function application_record_totals_rebuild() returns void language sql as $fn$
      delete from application_record_totals;
      insert into application_record_totals (season, grower_name, applicator_licence, product_name, units, cwt, quantity, applications)
        select season, grower_name, applicator_licence, product_name, units, sum(cwt), sum(coalesce(quantity_used, 0)), count(*)
        from application_record_products where counted
        group by season, grower_name, applicator_licence, product_name, units;
    $fn$;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop function application_record_totals_rebuild();
    drop table application_record_totals, application_record_products;
    drop trigger application_records_no_delete on application_records;
    drop trigger application_records_no_truncate on application_records;
    drop table application_records;
    drop function application_record_totals_track();
    drop function application_records_keep();
    delete from row_counts where table_name = 'application_records';
    alter table companies drop column address;
  `.execute(db)
}
