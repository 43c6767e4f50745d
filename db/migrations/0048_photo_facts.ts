// Photos made to travel (issue 40, decision 0096): an image's record keeps what the original's EXIF
// said of when and where it was taken, since the travelling copy (resized on the device or by the
// server) carries no EXIF of its own.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table blobs
      add column taken_at timestamptz,
      add column latitude numeric(9, 6) constraint blobs_latitude_ck check (latitude between -90 and 90),
      add column longitude numeric(9, 6) constraint blobs_longitude_ck check (longitude between -180 and 180),
      add constraint blobs_position_ck check ((latitude is null) = (longitude is null))
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table blobs drop constraint blobs_position_ck, drop column taken_at, drop column latitude, drop column longitude`.execute(db)
}
