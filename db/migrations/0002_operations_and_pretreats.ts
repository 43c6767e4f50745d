// Every remaining entity of both spec documents: customer contacts and interactions, service
// sheets (numbers, parts, images, reviews, status), receipts, storage checks, storage images,
// and the pre-treat side (chemicals, applications, applicators, pre-treats with their bill-to,
// chemical, price lines, final checklists and restarts).
//
// Notes for readers (also in the report to the lead):
// - No backslashes in this SQL: kysely's `sql` tag receives the *cooked* template strings, so
//   `\+` would silently become `+`. Character classes ([+], [.]) are used instead.
// - Numbers handed out when a form opens come from sequences, through a row in
//   service_sheet_numbers / pretreat_numbers; the sheet or pre-treat references that row, so a
//   number exists only once it was handed out, is used at most once and is never reused.
//   A trigger fills used_by_sheet / used_by_pretreat when the record is inserted.
// - Hours: numeric(7,2), >= 0, on the 0.25 step (x * 4 = trunc(x * 4)).
import { sql, type Kysely } from 'kysely'

const SERVICE_TYPES = `array['Pre-Season', 'Fan', 'Doors', 'Panel', 'Cell', 'Refer', 'EC', 'Humidifier', 'High Pressure System', 'Communications', 'Other']::text[]`
const VARIETIES = `('Russet - Process', 'Russet - Fryer', 'Russet - Fresh', 'Red', 'Yellow', 'Minis')`

/** `name numeric(7,2) ... check (>= 0 and a multiple of 0.25)`, with a named constraint. */
function hours(column: string, nullable = false): string {
  const def = nullable ? '' : ' not null default 0'
  return `${column} numeric(7, 2)${def} constraint service_sheets_${column}_ck check (${column} >= 0 and ${column} * 4 = trunc(${column} * 4))`
}

export async function up(db: Kysely<any>): Promise<void> {
  const hourColumns = [
    `travel_hours numeric(7, 2) not null constraint service_sheets_travel_hours_ck check (travel_hours >= 0 and travel_hours * 4 = trunc(travel_hours * 4))`,
    `labor_hours numeric(7, 2) not null constraint service_sheets_labor_hours_ck check (labor_hours >= 0 and labor_hours * 4 = trunc(labor_hours * 4))`,
    ...['travel_hours1', 'travel_hours2', 'travel_hours3', 'labor_hours1', 'labor_hours2', 'labor_hours3'].map((c) => hours(c)),
    ...['nc1_travel', 'nc2_travel', 'nc3_travel', 'nc1_labor', 'nc2_labor', 'nc3_labor'].map((c) => hours(c)),
  ].join(',\n      ')

  await sql`
    -- Customers ------------------------------------------------------------------------------
    create table contacts (
      id bigint generated always as identity primary key,
      submission_id uuid constraint contacts_submission_uq unique,
      company_id bigint not null constraint contacts_company_fk references companies (id),
      name text not null constraint contacts_name_not_blank check (btrim(name) <> ''),
      email text not null default '' constraint contacts_email_ck check (email = '' or email like '%_@_%'),
      phone text not null default '' constraint contacts_phone_ck check (phone = '' or phone ~ '^[+]1[0-9]{1,14}$'),
      role text not null default '',
      active boolean not null default true,
      notes text not null default '',
      contact_interval integer not null default 0 constraint contacts_contact_interval_ck check (contact_interval >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint contacts_id_company_uq unique (id, company_id)
    );
    create index contacts_company_idx on contacts (company_id, name, id);

    create table interactions (
      id bigint generated always as identity primary key,
      submission_id uuid not null constraint interactions_submission_uq unique,
      company_id bigint not null constraint interactions_company_fk references companies (id),
      contact_id bigint not null,
      notes text not null constraint interactions_notes_not_blank check (btrim(notes) <> ''),
      created_by bigint not null constraint interactions_created_by_fk references users (id),
      created_at timestamptz not null default now(),
      last_modified_at timestamptz not null default now(),
      last_modified_by bigint constraint interactions_last_modified_by_fk references users (id),
      constraint interactions_contact_company_fk foreign key (contact_id, company_id) references contacts (id, company_id)
    );
    create index interactions_company_idx on interactions (company_id, created_at desc, id desc);
    create index interactions_contact_idx on interactions (contact_id, created_at desc, id desc);

    -- Service sheets ---------------------------------------------------------------------------
    create sequence service_sheet_number_seq as bigint start with 1001;
    create table service_sheet_numbers (
      number bigint primary key default nextval('service_sheet_number_seq'),
      reserved_by bigint constraint service_sheet_numbers_reserved_by_fk references users (id),
      reserved_at timestamptz not null default now(),
      used_by_sheet bigint
    );
    alter sequence service_sheet_number_seq owned by service_sheet_numbers.number;

    create table service_sheets (
      id bigint generated always as identity primary key,
      submission_id uuid not null constraint service_sheets_submission_uq unique,
      service_sheet_number bigint not null constraint service_sheets_number_uq unique
        constraint service_sheets_number_fk references service_sheet_numbers (number),
      company_id bigint not null,
      storage_id bigint not null,
      job_id bigint,
      created_by bigint not null constraint service_sheets_created_by_fk references users (id),
      service_date date not null,
      po_number text not null default '',
      requested_by text not null constraint service_sheets_requested_by_not_blank check (btrim(requested_by) <> ''),
      service_rendered text[] not null default '{}'
        constraint service_sheets_service_rendered_ck check (service_rendered <@ ${sql.raw(SERVICE_TYPES)} and array_position(service_rendered, null) is null),
      other_service text not null default '',
      description text not null constraint service_sheets_description_not_blank check (btrim(description) <> ''),
      notes text not null constraint service_sheets_notes_not_blank check (btrim(notes) <> ''),
      call_in_id bigint constraint service_sheets_call_in_uq unique constraint service_sheets_call_in_fk references call_ins (id),
      ${sql.raw(hourColumns)},
      status text not null default 'level_1_review'
        constraint service_sheets_status_ck check (status in ('level_1_review', 'level_2_review', 'level_3_review', 'complete')),
      version integer not null default 1 constraint service_sheets_version_ck check (version >= 1),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint service_sheets_storage_company_fk foreign key (storage_id, company_id) references storages (id, company_id),
      constraint service_sheets_job_fk foreign key (job_id, storage_id, company_id) references jobs (id, storage_id, company_id),
      -- A customer sheet names its service types; a job sheet shows N/A (spec: service type disabled).
      constraint service_sheets_service_rendered_required check (job_id is not null or cardinality(service_rendered) > 0),
      constraint service_sheets_other_service_ck check (not ('Other' = any (service_rendered)) or btrim(other_service) <> ''),
      constraint service_sheets_nc1_travel_cap check (nc1_travel <= travel_hours1),
      constraint service_sheets_nc2_travel_cap check (nc2_travel <= travel_hours2),
      constraint service_sheets_nc3_travel_cap check (nc3_travel <= travel_hours3),
      constraint service_sheets_nc1_labor_cap check (nc1_labor <= labor_hours1),
      constraint service_sheets_nc2_labor_cap check (nc2_labor <= labor_hours2),
      constraint service_sheets_nc3_labor_cap check (nc3_labor <= labor_hours3)
    );
    create index service_sheets_date_idx on service_sheets (service_date desc, id desc);
    create index service_sheets_storage_date_idx on service_sheets (storage_id, service_date desc, id desc);
    create index service_sheets_company_date_idx on service_sheets (company_id, service_date desc, id desc);
    create index service_sheets_created_by_date_idx on service_sheets (created_by, service_date desc, id desc);
    create index service_sheets_job_date_idx on service_sheets (job_id, service_date desc, id desc) where job_id is not null;
    create index service_sheets_status_date_idx on service_sheets (status, service_date desc, id desc);
    -- (service_sheet_number) is indexed by service_sheets_number_uq.

    alter table service_sheet_numbers add constraint service_sheet_numbers_sheet_fk
      foreign key (used_by_sheet) references service_sheets (id) on delete set null;
    create index service_sheet_numbers_unused_idx on service_sheet_numbers (reserved_at) where used_by_sheet is null;
    create function service_sheets_claim_number() returns trigger language plpgsql as $fn$
    begin
      update service_sheet_numbers set used_by_sheet = new.id where number = new.service_sheet_number;
      return null;
    end $fn$;
    create trigger service_sheets_claim_number after insert on service_sheets
      for each row execute function service_sheets_claim_number();

    create table service_sheet_parts (
      id bigint generated always as identity primary key,
      service_sheet_id bigint not null constraint service_sheet_parts_sheet_fk references service_sheets (id) on delete cascade,
      part_id bigint not null constraint service_sheet_parts_part_fk references parts (id),
      quantity numeric(10, 2) not null default 1 constraint service_sheet_parts_quantity_ck check (quantity >= 0),
      description text not null default '',
      nc1 boolean not null default false,
      nc2 boolean not null default false,
      nc3 boolean not null default false,
      marked_for_deletion1 boolean not null default false,
      marked_for_deletion2 boolean not null default false,
      marked_for_deletion3 boolean not null default false,
      added_at_level smallint not null default 0 constraint service_sheet_parts_level_ck check (added_at_level between 0 and 3),
      created_at timestamptz not null default now()
    );
    create index service_sheet_parts_sheet_idx on service_sheet_parts (service_sheet_id, id);
    create index service_sheet_parts_part_idx on service_sheet_parts (part_id);

    create table service_reviews (
      id bigint generated always as identity primary key,
      service_sheet_id bigint not null constraint service_reviews_sheet_fk references service_sheets (id) on delete cascade,
      review_level smallint not null constraint service_reviews_level_ck check (review_level between 1 and 3),
      status text not null default 'open' constraint service_reviews_status_ck check (status in ('open', 'approved')),
      comments text not null default '',
      reviewed_by bigint constraint service_reviews_reviewed_by_fk references users (id),
      reviewed_at timestamptz,
      version integer not null default 1 constraint service_reviews_version_ck check (version >= 1),
      created_at timestamptz not null default now(),
      constraint service_reviews_sheet_level_uq unique (service_sheet_id, review_level),
      constraint service_reviews_approved_ck check (status <> 'approved' or (reviewed_by is not null and reviewed_at is not null))
    );
    create index service_reviews_open_level_idx on service_reviews (review_level, created_at desc, id desc) where status = 'open';
    create index service_reviews_open_idx on service_reviews (created_at desc, id desc) where status = 'open';
    create index service_reviews_approved_idx on service_reviews (created_at desc, id desc) where status = 'approved';
    create index service_reviews_approved_level_idx on service_reviews (review_level, created_at desc, id desc) where status = 'approved';

    create table service_status (
      id bigint generated always as identity primary key,
      service_sheet_id bigint not null constraint service_status_sheet_uq unique
        constraint service_status_sheet_fk references service_sheets (id) on delete cascade,
      service_sheet_number bigint not null constraint service_status_number_fk references service_sheet_numbers (number),
      called_in_at timestamptz,
      review_1_completed boolean not null default false,
      review_2_completed boolean not null default false,
      review_3_completed boolean not null default false,
      submitted_completed boolean not null default false,
      submitted_at timestamptz,
      created_at timestamptz not null default now()
    );
    -- Query with "order by called_in_at desc nulls last, id desc" to use it (desc alone puts nulls first).
    create index service_status_called_in_idx on service_status (called_in_at desc nulls last, id desc);
    create index service_status_number_idx on service_status (service_sheet_number);
    create index service_status_created_idx on service_status (created_at desc, id desc);

    -- Receipts -------------------------------------------------------------------------------
    create table receipts (
      id bigint generated always as identity primary key,
      submission_id uuid not null constraint receipts_submission_uq unique,
      type text not null constraint receipts_type_ck check (type in ('Fuel', 'Expenses', 'Parts')),
      date date not null,
      location text not null constraint receipts_location_not_blank check (btrim(location) <> ''),
      total_amount numeric(12, 2) not null constraint receipts_total_ck check (total_amount >= 0),
      truck_id bigint constraint receipts_truck_fk references trucks (id),
      mileage numeric(10, 1) constraint receipts_mileage_ck check (mileage >= 0),
      customer_id bigint constraint receipts_customer_fk references companies (id),
      job_id bigint constraint receipts_job_fk references jobs (id),
      service_sheet_id bigint constraint receipts_service_sheet_fk references service_sheets (id),
      event text not null default '',
      is_food boolean,
      created_by bigint not null constraint receipts_created_by_fk references users (id),
      created_at timestamptz not null default now(),
      constraint receipts_fuel_ck check (type <> 'Fuel' or (truck_id is not null and mileage is not null)),
      constraint receipts_expenses_ck check (type <> 'Expenses' or (customer_id is not null and btrim(event) <> '' and is_food is not null))
    );
    create index receipts_date_idx on receipts (date desc, id desc);
    create index receipts_type_date_idx on receipts (type, date desc, id desc);
    create index receipts_created_by_date_idx on receipts (created_by, date desc, id desc);
    create index receipts_customer_date_idx on receipts (customer_id, date desc, id desc) where customer_id is not null;
    create index receipts_service_sheet_idx on receipts (service_sheet_id) where service_sheet_id is not null;

    -- Storage checks ---------------------------------------------------------------------------
    create table storage_checks (
      id bigint generated always as identity primary key,
      submission_id uuid not null constraint storage_checks_submission_uq unique,
      company_id bigint not null,
      storage_id bigint not null,
      created_by bigint not null constraint storage_checks_created_by_fk references users (id),
      date_inspected date not null,
      variety text not null constraint storage_checks_variety_ck check (variety in ${sql.raw(VARIETIES)}),
      fill_status text not null constraint storage_checks_fill_status_ck check (fill_status in ('Full', '3/4 Full', '1/2 Full', '1/4 Full', 'Empty')),
      setpoint numeric(6, 2),
      runtime_hours numeric(8, 2) constraint storage_checks_runtime_ck check (runtime_hours >= 0),
      plenum numeric(6, 2),
      humidity numeric(5, 2) constraint storage_checks_humidity_ck check (humidity between 0 and 100),
      pile1 numeric(6, 2),
      pile2 numeric(6, 2),
      pile3 numeric(6, 2),
      pile4 numeric(6, 2),
      notes text not null constraint storage_checks_notes_not_blank check (btrim(notes) <> ''),
      created_at timestamptz not null default now(),
      constraint storage_checks_storage_company_fk foreign key (storage_id, company_id) references storages (id, company_id)
    );
    create index storage_checks_date_idx on storage_checks (date_inspected desc, id desc);
    create index storage_checks_storage_date_idx on storage_checks (storage_id, date_inspected desc, id desc);
    create index storage_checks_company_date_idx on storage_checks (company_id, date_inspected desc, id desc);
    create index storage_checks_created_by_date_idx on storage_checks (created_by, date_inspected desc, id desc);

    -- Images: join tables to blobs, position keeps the upload order ---------------------------------
    create table service_sheet_images (
      service_sheet_id bigint not null constraint service_sheet_images_sheet_fk references service_sheets (id) on delete cascade,
      blob_id uuid not null constraint service_sheet_images_blob_fk references blobs (id),
      position integer not null default 0,
      primary key (service_sheet_id, blob_id)
    );
    create index service_sheet_images_blob_idx on service_sheet_images (blob_id);
    create table receipt_images (
      receipt_id bigint not null constraint receipt_images_receipt_fk references receipts (id) on delete cascade,
      blob_id uuid not null constraint receipt_images_blob_fk references blobs (id),
      position integer not null default 0,
      primary key (receipt_id, blob_id)
    );
    create index receipt_images_blob_idx on receipt_images (blob_id);
    create table storage_check_images (
      storage_check_id bigint not null constraint storage_check_images_check_fk references storage_checks (id) on delete cascade,
      blob_id uuid not null constraint storage_check_images_blob_fk references blobs (id),
      position integer not null default 0,
      primary key (storage_check_id, blob_id)
    );
    create index storage_check_images_blob_idx on storage_check_images (blob_id);
    create table storage_images (
      storage_id bigint not null constraint storage_images_storage_fk references storages (id) on delete cascade,
      blob_id uuid not null constraint storage_images_blob_fk references blobs (id),
      position integer not null default 0,
      primary key (storage_id, blob_id)
    );
    create index storage_images_blob_idx on storage_images (blob_id);

    -- Chemicals, applications, applicators ------------------------------------------------------
    create table products (
      id bigint generated always as identity primary key,
      submission_id uuid constraint products_submission_uq unique,
      product_name text not null constraint products_name_not_blank check (btrim(product_name) <> ''),
      registration text not null default '',
      units text not null constraint products_units_ck check (units in ('oz', 'gal', 'other')),
      ppm numeric(12, 4) constraint products_ppm_ck check (ppm >= 0),
      ppm_constant numeric(14, 4) constraint products_ppm_constant_ck check (ppm_constant > 0),
      per numeric(12, 4) constraint products_per_ck check (per > 0),
      converter numeric(12, 4) constraint products_converter_ck check (converter >= 0),
      min_qty numeric(12, 4) not null default 0 constraint products_min_qty_ck check (min_qty >= 0),
      active boolean not null default true
    );
    create unique index products_name_uq on products (lower(product_name));

    create table applications (
      id bigint generated always as identity primary key,
      submission_id uuid constraint applications_submission_uq unique,
      name text not null constraint applications_name_not_blank check (btrim(name) <> ''),
      base_price numeric(14, 4) not null default 0 constraint applications_base_price_ck check (base_price >= 0),
      active boolean not null default true
    );
    create unique index applications_name_uq on applications (lower(name));

    create table application_products (
      application_id bigint not null constraint application_products_application_fk references applications (id) on delete cascade,
      product_id bigint not null constraint application_products_product_fk references products (id),
      position integer not null default 0,
      primary key (application_id, product_id)
    );
    create index application_products_product_idx on application_products (product_id);

    create table applicators (
      id bigint generated always as identity primary key,
      user_id bigint not null constraint applicators_user_uq unique constraint applicators_user_fk references users (id),
      license text not null default '',
      expiration date,
      active boolean not null default true
    );

    -- Pre-treats -------------------------------------------------------------------------------
    -- label is the displayed number, PT-YY-000001 (YY: the year it was handed out).
    create sequence pretreat_number_seq as bigint start with 1;
    create table pretreat_numbers (
      number bigint primary key default nextval('pretreat_number_seq'),
      year smallint not null default extract(year from current_date)::smallint
        constraint pretreat_numbers_year_ck check (year between 2000 and 2999),
      label text generated always as ('PT-' || lpad((year % 100)::text, 2, '0') || '-' || lpad(number::text, 6, '0')) stored
        constraint pretreat_numbers_label_uq unique,
      reserved_by bigint constraint pretreat_numbers_reserved_by_fk references users (id),
      reserved_at timestamptz not null default now(),
      used_by_pretreat bigint
    );
    alter sequence pretreat_number_seq owned by pretreat_numbers.number;

    create table pretreats (
      id bigint generated always as identity primary key,
      submission_id uuid not null constraint pretreats_submission_uq unique,
      status text not null default 'pending'
        constraint pretreats_status_ck check (status in ('pending', 'assigned', 'in-progress', 'to-review', 'to-review1', 'to-review2', 'completed')),
      pre_treat_number text not null constraint pretreats_number_uq unique
        constraint pretreats_number_fk references pretreat_numbers (label),
      created_at timestamptz not null default now(),
      created_by bigint not null constraint pretreats_created_by_fk references users (id),
      recommended_by bigint not null constraint pretreats_recommended_by_fk references applicators (id),
      requested_by bigint,
      other_name text not null default '',
      company_id bigint not null,
      storage_id bigint not null,
      treated_for text not null default 'Sprouting' constraint pretreats_treated_for_ck check (treated_for in ('Sprouting', 'Bacteria')),
      stock_type text not null default 'Process' constraint pretreats_stock_type_ck check (stock_type in ('Process', 'Fresh')),
      variety text not null default 'Russet - Process' constraint pretreats_variety_ck check (variety in ${sql.raw(VARIETIES)}),
      destination text not null default '',
      application_notes text not null constraint pretreats_application_notes_not_blank check (btrim(application_notes) <> ''),
      purge boolean not null default false,
      upcoming boolean not null default false,
      application_id bigint constraint pretreats_application_fk references applications (id),
      void boolean not null default false,
      void_comments text not null default '',
      application_date date,
      batch_numbers text not null default '',
      sampled_by text not null default '',
      assigned_to bigint constraint pretreats_assigned_to_fk references applicators (id),
      truck_id bigint constraint pretreats_truck_fk references trucks (id),
      start_time time,
      stop_time time,
      last_modified timestamptz not null default now(),
      last_modified_by bigint constraint pretreats_last_modified_by_fk references users (id),
      -- pile conditions
      pile_front text constraint pretreats_pile_front_ck check (pile_front in ('Dry', 'Damp', 'Wet')),
      pile_middle text constraint pretreats_pile_middle_ck check (pile_middle in ('Dry', 'Damp', 'Wet')),
      pile_back text constraint pretreats_pile_back_ck check (pile_back in ('Dry', 'Damp', 'Wet')),
      sprouting text constraint pretreats_sprouting_ck check (sprouting in ('None', 'Eyes Open', 'Peeping to 1/4"', 'Peeping to 1/2"', '1/2" or more')),
      pile_comments text not null default '',
      temps1_front numeric(6, 2),
      temps1_middle numeric(6, 2),
      temps1_back numeric(6, 2),
      temps2_front numeric(6, 2),
      temps2_middle numeric(6, 2),
      temps2_back numeric(6, 2),
      -- storage conditions
      set_point numeric(6, 2),
      ducts_open text constraint pretreats_ducts_open_ck check (ducts_open in ('All Open', 'Other')),
      ducts_open_other text not null default '',
      ducts_condition text constraint pretreats_ducts_condition_ck check (ducts_condition in ('Dry', 'Wet')),
      storage_temp_front numeric(6, 2),
      storage_temp_middle numeric(6, 2),
      storage_temp_back numeric(6, 2),
      bypass_door text constraint pretreats_bypass_door_ck check (bypass_door in ('None', 'Open', 'Closed')),
      coils_covered boolean,
      cell_covered boolean,
      -- outdoor conditions
      env_temp numeric(6, 2),
      weather text constraint pretreats_weather_ck check (weather in ('Clear', 'Cloudy', 'Snow', 'Rain', 'Windy')),
      wind_speed numeric(6, 2) constraint pretreats_wind_speed_ck check (wind_speed >= 0),
      wind_direction text constraint pretreats_wind_direction_ck check (wind_direction in ('N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW')),
      env_comments text not null default '',
      version integer not null default 1 constraint pretreats_version_ck check (version >= 1),
      constraint pretreats_storage_company_fk foreign key (storage_id, company_id) references storages (id, company_id),
      constraint pretreats_requested_by_fk foreign key (requested_by, company_id) references contacts (id, company_id),
      constraint pretreats_requested_by_ck check (requested_by is not null or btrim(other_name) <> ''),
      constraint pretreats_void_ck check (not void or btrim(void_comments) <> ''),
      constraint pretreats_ducts_open_other_ck check (ducts_open is distinct from 'Other' or btrim(ducts_open_other) <> '')
    );
    create index pretreats_created_idx on pretreats (created_at desc, id desc);
    create index pretreats_status_created_idx on pretreats (status, created_at desc, id desc);
    create index pretreats_storage_created_idx on pretreats (storage_id, created_at desc, id desc);
    create index pretreats_company_created_idx on pretreats (company_id, created_at desc, id desc);
    create index pretreats_assigned_created_idx on pretreats (assigned_to, created_at desc, id desc) where assigned_to is not null;

    alter table pretreat_numbers add constraint pretreat_numbers_pretreat_fk
      foreign key (used_by_pretreat) references pretreats (id) on delete set null;
    create index pretreat_numbers_unused_idx on pretreat_numbers (reserved_at) where used_by_pretreat is null;
    create function pretreats_claim_number() returns trigger language plpgsql as $fn$
    begin
      update pretreat_numbers set used_by_pretreat = new.id where label = new.pre_treat_number;
      return null;
    end $fn$;
    create trigger pretreats_claim_number after insert on pretreats
      for each row execute function pretreats_claim_number();

    create table pretreat_bill_to (
      pretreat_id bigint not null constraint pretreat_bill_to_pretreat_fk references pretreats (id) on delete cascade,
      company_id bigint not null constraint pretreat_bill_to_company_fk references companies (id),
      primary key (pretreat_id, company_id)
    );
    create index pretreat_bill_to_company_idx on pretreat_bill_to (company_id);

    create table pretreat_chemicals (
      id bigint generated always as identity primary key,
      pretreat_id bigint not null constraint pretreat_chemicals_pretreat_fk references pretreats (id) on delete cascade,
      product_id bigint not null constraint pretreat_chemicals_product_fk references products (id),
      cwt numeric(14, 2) not null constraint pretreat_chemicals_cwt_ck check (cwt >= 0),
      quantity_requested numeric(14, 4) constraint pretreat_chemicals_requested_ck check (quantity_requested >= 0),
      quantity_used numeric(14, 4) constraint pretreat_chemicals_used_ck check (quantity_used >= 0),
      constraint pretreat_chemicals_product_uq unique (pretreat_id, product_id)
    );
    create index pretreat_chemicals_product_idx on pretreat_chemicals (product_id);

    create table pretreat_prices (
      pretreat_id bigint not null constraint pretreat_prices_pretreat_fk references pretreats (id) on delete cascade,
      company_id bigint not null constraint pretreat_prices_company_fk references companies (id),
      price numeric(14, 4) not null constraint pretreat_prices_price_ck check (price >= 0),
      cwt_share numeric(14, 2) not null constraint pretreat_prices_cwt_share_ck check (cwt_share >= 0),
      primary key (pretreat_id, company_id)
    );

    create table final_checklists (
      id bigint generated always as identity primary key,
      pretreat_id bigint not null constraint final_checklists_pretreat_uq unique
        constraint final_checklists_pretreat_fk references pretreats (id) on delete cascade,
      inverter boolean not null,
      wires boolean not null,
      coils boolean not null,
      residue boolean not null,
      covers boolean not null,
      fan_direction boolean not null,
      system_run boolean not null,
      purge boolean not null,
      panel boolean not null,
      instructions boolean not null,
      tools boolean not null,
      lights boolean not null,
      storage boolean not null,
      purge_time integer constraint final_checklists_purge_time_ck check (purge_time > 0),
      barrel_temp numeric(6, 2) not null constraint final_checklists_barrel_temp_ck check (barrel_temp > 0),
      completed_by bigint constraint final_checklists_completed_by_fk references users (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint final_checklists_purge_time_required check (not purge or purge_time is not null)
    );

    create table restarts (
      id bigint generated always as identity primary key,
      pretreat_id bigint not null constraint restarts_pretreat_uq unique
        constraint restarts_pretreat_fk references pretreats (id) on delete cascade,
      remote boolean,
      running boolean,
      cleaned_up boolean,
      comments text not null default '',
      completed_at timestamptz,
      completed_by bigint constraint restarts_completed_by_fk references users (id),
      created_at timestamptz not null default now(),
      constraint restarts_completed_ck check ((completed_at is null) = (completed_by is null))
    );
    create index restarts_pending_idx on restarts (created_at desc, id desc) where completed_at is null;
    create index restarts_completed_idx on restarts (completed_at desc, id desc) where completed_at is not null;

    -- Exact counts for the big lists (function from 0001).
    select row_counts_install('service_sheets');
    select row_counts_install('service_reviews');
    select row_counts_install('service_status');
    select row_counts_install('receipts');
    select row_counts_install('storage_checks');
    select row_counts_install('pretreats');
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    delete from row_counts where table_name in ('service_sheets', 'service_reviews', 'service_status', 'receipts', 'storage_checks', 'pretreats');
    drop table restarts, final_checklists, pretreat_prices, pretreat_chemicals, pretreat_bill_to;
    alter table pretreat_numbers drop constraint pretreat_numbers_pretreat_fk;
    drop table pretreats, pretreat_numbers;
    drop function pretreats_claim_number();
    drop table applicators, application_products, applications, products;
    drop table storage_images, storage_check_images, receipt_images, service_sheet_images;
    drop table storage_checks, receipts, service_status, service_reviews, service_sheet_parts;
    alter table service_sheet_numbers drop constraint service_sheet_numbers_sheet_fk;
    drop table service_sheets, service_sheet_numbers;
    drop function service_sheets_claim_number();
    drop table interactions, contacts;
  `.execute(db)
}
