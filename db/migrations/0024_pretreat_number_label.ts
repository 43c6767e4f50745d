// Pre-treat numbers past 999,999: 0002's label padded the number to six digits with lpad, which
// also cuts a longer number to six, so PT-26-1000000 read PT-26-100000 and clashed with an older
// label. The label now keeps every digit (six at least), so a number is never reused.
import { sql, type Kysely } from 'kysely'

const label = (digits: string) => sql.raw(`'PT-' || lpad((year % 100)::text, 2, '0') || '-' || lpad(number::text, ${digits}, '0')`)

async function relabel(db: Kysely<any>, digits: string): Promise<void> {
  await sql`
    alter table pretreats drop constraint pretreats_number_fk;
    alter table pretreat_numbers drop column label;
    alter table pretreat_numbers add column label text generated always as (${label(digits)}) stored
      constraint pretreat_numbers_label_uq unique;
    alter table pretreats add constraint pretreats_number_fk foreign key (pre_treat_number) references pretreat_numbers (label);
  `.execute(db)
}

export async function up(db: Kysely<any>): Promise<void> {
  await relabel(db, 'greatest(6, length(number::text))')
}

export async function down(db: Kysely<any>): Promise<void> {
  await relabel(db, '6')
}
