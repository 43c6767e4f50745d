// The restore drill (issue 25): the demo, with its files and a grower's report written as a .eml
// file (no mail server), backed up (bin/backup.ts) to an S3 bucket (a real S3-protocol server,
// s3rver, on loopback) and restored (bin/restore.ts) into an empty database and file store; the app
// started on what came back, the message downloaded from it. And the same backup to a folder.
process.env.S3_ACCESS_KEY_ID = 'S3RVER'
process.env.S3_SECRET_ACCESS_KEY = 'S3RVER'
process.env.S3_FORCE_PATH_STYLE = 'true'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { createRequire } from 'node:module'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import { appTables, backupStore, MANIFEST, type Manifest } from '../../bin/backup/format.ts'
import { makeBackup } from '../../bin/backup.ts'
import { restoreBackup, RestoreRefused } from '../../bin/restore.ts'
import type { CommandOutput } from '../../bin/cli-io.ts'
import { mailKey, sendMail } from '../../mail/mailer.server.ts'
import { FsDriver } from '../../storage/fs-driver.server.ts'
import { objectKey } from '../../storage/keys.ts'
import { startAppServer } from '../support/app-server.ts'
import { createTestDatabase, type TestDatabase } from '../support/db.ts'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-drill-'))
const dirs = { source: path.join(work, 'source'), backups: path.join(work, 'backups'), target: path.join(work, 'target'), s3: path.join(work, 's3') }
type S3rverClass = new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> }
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass
let s3: InstanceType<S3rverClass>
const quiet: CommandOutput = { out: () => undefined, err: () => undefined }
let source: TestDatabase
let target: TestDatabase
/** the grower's report written as a .eml file, as the job writes it with no mail server set */
let message: { id: number; file: string }
beforeAll(async () => {
  ;[source, target] = await Promise.all([createTestDatabase({ demo: true }), createTestDatabase({ empty: true })])
  fs.mkdirSync(dirs.s3)
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dirs.s3 })
  const { port } = await s3.run()
  process.env.S3_ENDPOINT = `http://127.0.0.1:${port}`
  await new S3Client({ region: 'us-east-1', endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }).send(
    new CreateBucketCommand({ Bucket: 'backups' }),
  )
  fs.cpSync(inject('demoBlobDir'), dirs.source, { recursive: true })
  // the demo's few files, and 25 more of random bytes (up to 300 KB), as uploads leave them
  const store = new FsDriver({ root: dirs.source })
  for (let i = 0; i < 25; i++) {
    const bytes = randomBytes(1 + Math.floor(Math.random() * 300_000))
    const key = objectKey('service', `photo-${i}.jpg`)
    await store.put(key, bytes, { contentType: 'image/jpeg' })
    await source.db
      .insertInto('blobs')
      .values({ id: randomUUID(), area: 'service', key, filename: `photo-${i}.jpg`, content_type: 'image/jpeg', size_bytes: bytes.length })
      .execute()
  }
  const pretreat = await source.db.selectFrom('pretreats').select('id').orderBy('id').executeTakeFirstOrThrow()
  const pdf = { filename: 'PT-drill.pdf', content: randomBytes(50_000), contentType: 'application/pdf' }
  const to = [{ name: 'Ann Owner', address: 'ann@grower.test' }]
  const delivery = await sendMail(store, { to, subject: 'Application record PT-drill', text: 'Attached.', messageId: '<grower-report-drill@localhost>', attachments: [pdf] }, 'drill-report')
  if (delivery.transport !== 'file') throw new Error('expected the message written into the store')
  const report = await source.db
    .insertInto('grower_reports')
    .values({
      pretreat_id: pretreat.id,
      reason: 'resend',
      requested_by: null,
      status: 'sent',
      sent_at: new Date(),
      transport: 'file',
      message_id: delivery.messageId,
      recipients: 'ann@grower.test',
      eml_file: delivery.file,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  message = { id: report.id, file: delivery.file }
})
afterAll(async () => {
  await Promise.all([source?.drop(), target?.drop(), s3?.close()])
  fs.rmSync(work, { recursive: true, force: true })
})

const rowCounts = async (t: TestDatabase) => {
  const counts: Record<string, number> = {}
  for (const table of await appTables(t.db)) counts[table.name] = (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table.name)}`.execute(t.db)).rows[0]!.n
  return counts
}
const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex')

it('backs up the demo with its files, restores it into an empty database and store, and the app runs on it', async () => {
  const before = await rowCounts(source)
  const bucket = await backupStore('s3://backups/nightly')
  const name = await makeBackup({ databaseUrl: source.url, store: new FsDriver({ root: dirs.source }), target: bucket, location: 's3://backups/nightly' }, quiet)
  expect(name).toMatch(/^backup-\d{4}-\d\d-\d\dT/)

  const manifest = await restoreBackup(bucket, name, target.url, new FsDriver({ root: dirs.target }), quiet)
  expect(manifest.missing_files).toEqual([])
  // the demo's 5, the 25 added and the written message (named by its report, not by blobs)
  expect(manifest.files).toHaveLength(31)
  expect(manifest.files.map((f) => f.key)).toContain(mailKey(message.file))

  const after = await rowCounts(target)
  expect(Object.keys(before).length).toBeGreaterThan(40)
  expect(Object.values(before).reduce((a, b) => a + b, 0)).toBeGreaterThan(500)
  expect(after).toEqual(before)
  // recorded, once whole, in the database it backed up (not in the backup: it was not whole yet)
  expect(await source.db.selectFrom('backups').select(['name', 'location', 'files', 'missing_files']).execute()).toEqual([{ name, location: 's3://backups/nightly', files: 31, missing_files: 0 }])

  // twenty stored files, chosen at random
  const keys = (
    await source.db
      .selectFrom('blobs')
      .select('key')
      .orderBy(sql`random()`)
      .limit(20)
      .execute()
  ).map((b) => b.key)
  expect(keys).toHaveLength(20)
  for (const key of [...keys, mailKey(message.file)]) expect(sha256(path.join(dirs.target, ...key.split('/'))), key).toBe(sha256(path.join(dirs.source, ...key.split('/'))))

  // an identity goes on past the restored rows
  const last = await target.db
    .selectFrom('users')
    .select(sql<number>`max(id)`.as('id'))
    .executeTakeFirstOrThrow()
  const added = await target.db.insertInto('users').values({ username: 'after-restore', password_hash: 'x', first_name: 'A', last_name: 'R' }).returning('id').executeTakeFirstOrThrow()
  expect(added.id).toBeGreaterThan(last.id)
  await target.db.deleteFrom('users').where('id', '=', added.id).execute()

  // the app on the restored database and files: a demo user signs in
  const app = await startAppServer({ STORAGE_DIR: dirs.target, BACKUP_TO: dirs.backups }, { ...target, drop: async () => undefined })
  try {
    const login = await fetch(`${app.url}/login`)
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const csrf = /name="csrf" value="([^"]+)"/.exec(await login.text())![1]!
    const signIn = await fetch(`${app.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: app.url, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, username: 'admin', password: 'demo-pass-1', redirectTo: '/' }),
    })
    expect(signIn.status).toBe(302)
    const session = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    expect(await (await fetch(`${app.url}/`, { headers: { cookie: `${cookie}; ${session}` } })).text()).toContain('Welcome,')
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200)
    // the message came back with its report: Outgoing Mail's link downloads it as it was written
    const eml = await fetch(`${app.url}/outgoing-mail/${message.id}.eml`, { headers: { cookie: `${cookie}; ${session}` } })
    expect(eml.status).toBe(200)
    expect(
      createHash('sha256')
        .update(Buffer.from(await eml.arrayBuffer()))
        .digest('hex'),
    ).toBe(sha256(path.join(dirs.source, ...mailKey(message.file).split('/'))))
    // Admin → Backups: none yet in this database; then one, seen with where it went
    // and the bell warns them while there is none (backups are set up: BACKUP_TO)
    const backupsPage = async () => (await fetch(`${app.url}/backups`, { headers: { cookie: `${cookie}; ${session}` } })).text()
    const overdue = async () =>
      ((await (await fetch(`${app.url}/api/alerts/`, { headers: { cookie: `${cookie}; ${session}` } })).json()) as { type: string; count: number }[]).find((a) => a.type === 'backup_overdue')
    expect(await backupsPage()).toContain('No backup has finished yet.')
    expect(await overdue()).toEqual({ type: 'backup_overdue', count: 1 })
    const again = await makeBackup({ databaseUrl: target.url, store: new FsDriver({ root: dirs.target }), target: await backupStore(dirs.backups), location: dirs.backups }, quiet)
    expect(await backupsPage()).toContain(`${dirs.backups}/${again}`)
    expect(await overdue()).toEqual({ type: 'backup_overdue', count: 0 })
    // 27 hours later: overdue again
    await target.db
      .updateTable('backups')
      .set({ finished_at: sql<Date>`now() - interval '27 hours'` })
      .execute()
    expect(await overdue()).toEqual({ type: 'backup_overdue', count: 1 })
  } finally {
    await app.stop()
  }

  // never over data: a second restore into the now full database is refused, and changes nothing
  const signedIn = await rowCounts(target)

  await expect(restoreBackup(bucket, name, target.url, new FsDriver({ root: dirs.target }), quiet)).rejects.toThrow('The database is not empty')
  await expect(restoreBackup(bucket, 'backup-none', target.url, new FsDriver({ root: dirs.target }), quiet)).rejects.toThrow(RestoreRefused)
  expect(await rowCounts(target)).toEqual(signedIn)

  // the folder's backup (of the restored database, by the app's side): the files as in the bucket
  const inFolder = JSON.parse(
    fs.readFileSync(
      path.join(
        dirs.backups,
        fs.readdirSync(dirs.backups).find((n) => n.startsWith('backup-'))!,
        MANIFEST,
      ),
      'utf8',
    ),
  ) as Manifest
  expect(inFolder.files).toEqual(manifest.files)
  expect(inFolder.tables.map((t) => t.name)).toEqual(manifest.tables.map((t) => t.name))
})
