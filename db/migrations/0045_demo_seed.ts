// The demo's mark (issue 38, decision 0076): one row when the demo seed (npm start on the embedded
// database or with DEMO=1, npm run seed:demo) made this database. A start on a database without
// it refuses to run while a demo account still signs in with the published demo password.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table demo_seed (
      only_row boolean primary key default true constraint demo_seed_one_row_ck check (only_row),
      seeded_at timestamptz not null default now()
    )
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table demo_seed`.execute(db)
}
