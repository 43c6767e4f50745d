// Issue 10, the workflow inspector (docs/decisions/0033-workflow-inspector.md):
// - service_sheets.state_since and pretreats.state_since: when the record entered its state. The
//   transition runner moves it in the same UPDATE that saves a new status (saveWorkflowStatus), so
//   "how long in its state" and "stuck longer than N days" never read the history. Backfilled from
//   the last state change in workflow_events, else the record's creation. Indexed (status,
//   state_since, id) for a state's page, (state_since, id) for all states, and (state_since, id) of
//   the records not in their final state for "stuck longer than N days" (a finished record is not
//   stuck; without it the page walked ~960,000 complete sheets to find ten open ones).
// - call_ins (created_at, id): a stored call is in its final state since it was made.
// - workflow_state_counts: records per (workflow, state), kept by statement triggers in the same
//   transaction as the change, so the counts at the top of the inspector and a state's total are
//   one indexed row each instead of a count over a million rows. A change that moves no record
//   (hours saved at the same level) nets to nothing and touches no count row.
// - workflow_events (entity, actor_id, entity_id): the records someone took a step on.
import { sql, type Kysely } from 'kysely'

/** The tables whose status column holds a workflow state, with their entity in workflow_events. */
const TRACKED = [
  { table: 'service_sheets', entity: 'service_sheet', final: 'complete' },
  { table: 'pretreats', entity: 'pretreat', final: 'completed' },
] as const

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table workflow_state_counts (
      entity text not null,
      state text not null,
      n bigint not null,
      constraint workflow_state_counts_pk primary key (entity, state)
    );
    -- One statement per change: the states' deltas, in state order (so two changes lock count rows
    -- in the same order), only the states whose count moves. tg_argv[0] is the workflow's entity.
    create function workflow_state_counts_track() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'TRUNCATE' then
        delete from workflow_state_counts where entity = tg_argv[0];
      elsif tg_op = 'INSERT' then
        insert into workflow_state_counts (entity, state, n)
        select tg_argv[0], status, count(*) from new_rows group by status order by status
        on conflict (entity, state) do update set n = workflow_state_counts.n + excluded.n;
      elsif tg_op = 'DELETE' then
        update workflow_state_counts c set n = c.n - d.k
        from (select status, count(*) as k from old_rows group by status) d
        where c.entity = tg_argv[0] and c.state = d.status;
      else
        insert into workflow_state_counts (entity, state, n)
        select tg_argv[0], state, sum(delta) from (
          select status as state, -1 as delta from old_rows
          union all
          select status, 1 from new_rows
        ) d group by state having sum(delta) <> 0 order by state
        on conflict (entity, state) do update set n = workflow_state_counts.n + excluded.n;
      end if;
      return null;
    end $fn$;
    create index workflow_events_actor_idx on workflow_events (entity, actor_id, entity_id);
    create index call_ins_created_idx on call_ins (created_at, id);
  `.execute(db)
  for (const { table, entity, final } of TRACKED) {
    const t = sql.table(table)
    await sql`
      alter table ${t} add column state_since timestamptz not null default now();
      update ${t} r set state_since = coalesce(
        (select max(e.at) from workflow_events e where e.entity = ${sql.lit(entity)} and e.entity_id = r.id and e.from_state <> e.to_state),
        r.created_at);
      create index ${sql.id(`${table}_status_since_idx`)} on ${t} (status, state_since, id);
      create index ${sql.id(`${table}_since_idx`)} on ${t} (state_since, id);
      create index ${sql.id(`${table}_open_since_idx`)} on ${t} (state_since, id) where status <> ${sql.lit(final)};
      insert into workflow_state_counts (entity, state, n) select ${sql.lit(entity)}, status, count(*) from ${t} group by status;
      create trigger ${sql.id(`${table}_state_counts_ins`)} after insert on ${t} referencing new table as new_rows
        for each statement execute function workflow_state_counts_track(${sql.lit(entity)});
      create trigger ${sql.id(`${table}_state_counts_upd`)} after update on ${t} referencing old table as old_rows new table as new_rows
        for each statement execute function workflow_state_counts_track(${sql.lit(entity)});
      create trigger ${sql.id(`${table}_state_counts_del`)} after delete on ${t} referencing old table as old_rows
        for each statement execute function workflow_state_counts_track(${sql.lit(entity)});
      create trigger ${sql.id(`${table}_state_counts_trunc`)} after truncate on ${t}
        for each statement execute function workflow_state_counts_track(${sql.lit(entity)});
    `.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of TRACKED) {
    const t = sql.table(table)
    for (const op of ['ins', 'upd', 'del', 'trunc']) await sql`drop trigger ${sql.id(`${table}_state_counts_${op}`)} on ${t}`.execute(db)
    await sql`alter table ${t} drop column state_since`.execute(db)
  }
  await sql`
    drop index call_ins_created_idx;
    drop index workflow_events_actor_idx;
    drop table workflow_state_counts;
    drop function workflow_state_counts_track();
  `.execute(db)
}
