// Outgoing mail without a mail server (SMTP_URL unset): each message is written into the app's file
// store as mail/<name>, read back by that name only when it is one the mailer makes, written again
// under the same key when sent again, and left alone by the hourly clean-up (which works from the
// blobs table, where no message is named).
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cleanUpBlobs } from '#jobs/blob-cleanup.job.ts'
import { FsDriver } from '#storage/fs-driver.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { mailKey, readMailFile, sendMail, type OutgoingMessage } from './mailer.server.ts'

const message: OutgoingMessage = {
  to: [{ name: 'Ann Owner', address: 'ann@grower.test' }],
  subject: 'Application record PT-1 — North Cellar',
  text: 'Attached is the application record.',
  messageId: '<grower-report-1@keystone.test>',
  attachments: [{ filename: 'PT-1.pdf', content: Buffer.from('%PDF-1.7 test'), contentType: 'application/pdf' }],
}

describe('outgoing mail written into the file store', () => {
  let t: TestDatabase
  let root: string
  let store: FsDriver

  beforeAll(async () => {
    delete process.env.SMTP_URL
    process.env.MAIL_FROM = 'Keystone Storage Services <reports@keystone.test>'
    t = await createTestDatabase()
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'mailer-'))
    store = new FsDriver({ root })
  })
  afterAll(async () => {
    await t?.drop()
    await fsp.rm(root, { recursive: true, force: true })
  })

  it('writes the whole message under mail/<name> and reads it back by that name', async () => {
    const delivery = await sendMail(store, message, '2026-11-20 PT-1/report 1')
    expect(delivery).toEqual({ transport: 'file', file: '2026-11-20-PT-1-report-1.eml', messageId: message.messageId, accepted: ['ann@grower.test'], rejected: [] })
    const file = (delivery as { file: string }).file
    expect(await store.exists(mailKey(file))).toBe(true)
    const bytes = (await readMailFile(store, file))!
    const mail = await simpleParser(bytes)
    expect(mail.subject).toBe(message.subject)
    expect(mail.messageId).toBe(message.messageId)
    expect(mail.from?.value).toEqual([{ name: 'Keystone Storage Services', address: 'reports@keystone.test' }])
    expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['PT-1.pdf', '%PDF-1.7 test']])

    // sent again (a job run twice): the same key, one message, still whole
    const again = await sendMail(store, { ...message, text: 'Sent again.' }, '2026-11-20 PT-1/report 1')
    expect(again).toMatchObject({ transport: 'file', file })
    expect(await fsp.readdir(path.join(root, 'mail'))).toEqual([file])
    expect((await simpleParser((await readMailFile(store, file))!)).text?.trim()).toBe('Sent again.')
  })

  it('reads only names the mailer makes, and answers null for a message the store does not have', async () => {
    const asked: string[] = []
    const watching: BlobStore = new Proxy(store, {
      get: (target, key, receiver) => (key === 'getStream' ? (k: string) => (asked.push(k), target.getStream(k)) : Reflect.get(target, key, receiver)),
    })
    for (const name of ['../secret.eml', 'mail/../x.eml', 'a/b.eml', '.hidden.eml', '..eml', 'report.txt', 'report.eml\n', ''])
      expect(await readMailFile(watching, name), JSON.stringify(name)).toBeNull()
    expect(asked).toEqual([])
    expect(await readMailFile(watching, '2026-11-20-PT-2-report-9.eml')).toBeNull()
    expect(asked).toEqual(['mail/2026-11-20-PT-2-report-9.eml'])
  })

  it('the hourly clean-up leaves written messages, however old', async () => {
    const { file } = (await sendMail(store, message, 'cleanup-survivor')) as { file: string }
    const later = new Date(Date.now() + 365 * 24 * 3600 * 1000)
    const result = await cleanUpBlobs(t.db, store, later)
    expect(result.failures).toBe(0)
    expect(await readMailFile(store, file)).not.toBeNull()
  })
})
