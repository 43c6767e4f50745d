// The sign-in throttle records an attempt before it checks the password (docs/decisions/0012-sign-in-throttle.md):
// - succeeded is null while the check runs, and such an attempt counts as a failure, so tries sent
//   in parallel count each other;
// - username_key is capped like the form's field, so a long name cannot break the index.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table login_attempts alter column succeeded drop not null;
    delete from login_attempts where char_length(username_key) > 150;
    alter table login_attempts add constraint login_attempts_username_length_ck check (char_length(username_key) <= 150);
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    update login_attempts set succeeded = false where succeeded is null;
    alter table login_attempts
      drop constraint login_attempts_username_length_ck,
      alter column succeeded set not null;
  `.execute(db)
}
