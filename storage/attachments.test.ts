// Who may see a stored file, and which tables attach files to records, against the migrated database.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Permission } from '#core/permissions.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { insertUser } from '../tests/support/people.ts'
import { makeServiceSheet } from '../tests/support/service-sheets.ts'
import { BLOB_LINKS, RECORD_AREA_TABLES, blobForViewer } from './attachments.server.ts'

let t: TestDatabase
let uploader: number
let other: number

const viewer = (id: number, permissions: Permission[] = []) => ({ id, is_superuser: false, permissions })

async function blob(area: 'service' | 'drive' = 'service'): Promise<string> {
  const id = crypto.randomUUID()
  await t.db
    .insertInto('blobs')
    .values({ id, area, key: `${area}/${id}.png`, filename: 'a.png', content_type: 'image/png', size_bytes: 1, created_by: uploader })
    .execute()
  return id
}

beforeAll(async () => {
  t = await createTestDatabase()
  uploader = await insertUser(t.db, 'up')
  other = await insertUser(t.db, 'other')
})
afterAll(() => t.drop())

describe('attachments', () => {
  it('know every table that attaches files to records (a new one is a line in BLOB_LINKS, or in RECORD_AREA_TABLES)', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select distinct conrelid::regclass::text as table_name from pg_constraint
      where contype = 'f' and confrelid = 'blobs'::regclass and conrelid <> 'upload_sessions'::regclass
      order by 1`.execute(t.db)
    expect(rows.map((r) => r.table_name)).toEqual([...BLOB_LINKS.map((l) => l.table), ...RECORD_AREA_TABLES].sort())
  })

  it("show a sheet's image to whoever may open the sheet, and to no one else", async () => {
    const id = await blob()
    const sheet = await makeServiceSheet(t.db, { created_by: uploader })
    await t.db.insertInto('service_sheet_images').values({ service_sheet_id: sheet.id, blob_id: id }).execute()
    expect(await blobForViewer(t.db, viewer(other, ['api.view_servicesheet']), id)).toMatchObject({ id })
    expect(await blobForViewer(t.db, viewer(other, ['api.can_review_2']), id)).toMatchObject({ id })
    expect(await blobForViewer(t.db, { id: other, is_superuser: true, permissions: [] }, id)).toMatchObject({ id })
    expect(await blobForViewer(t.db, viewer(other, ['api.view_receipt', 'api.add_servicesheet']), id)).toBe('forbidden')
    // attached, it is the record's: its uploader needs the record's permission too
    expect(await blobForViewer(t.db, viewer(uploader), id)).toBe('forbidden')
  })

  it('show a file attached to nothing yet only to the user who uploaded it', async () => {
    const id = await blob()
    expect(await blobForViewer(t.db, viewer(uploader), id)).toMatchObject({ id })
    expect(await blobForViewer(t.db, viewer(other, ['api.view_servicesheet']), id)).toBe('forbidden')
  })

  it("show the drive's files to the drive's users", async () => {
    const id = await blob('drive')
    expect(await blobForViewer(t.db, viewer(other, ['api.view_s3bucket']), id)).toMatchObject({ id })
    expect(await blobForViewer(t.db, viewer(uploader, ['api.view_servicesheet']), id)).toBe('forbidden')
  })

  it('do not know ids that are not there', async () => {
    expect(await blobForViewer(t.db, viewer(uploader), crypto.randomUUID())).toBe('not-found')
    expect(await blobForViewer(t.db, viewer(uploader), 'not-an-id')).toBe('not-found')
  })
})
