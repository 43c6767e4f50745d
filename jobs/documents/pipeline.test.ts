// The document pipeline against a real Postgres (with pg-boss's tables), a real Chromium and the
// filesystem BlobStore: HTML and DOCX to PDF, the content-hash cache, a crashed Chromium, bad files,
// a stuck conversion, derived PDFs deleted with their source, and the words found by the search.
import fsp from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import type PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOCUMENT_PROBLEMS } from '#storage/document-checks.server.ts'
import { releaseDerivedDocuments } from '#storage/derived-documents.server.ts'
import { FsDriver } from '#storage/fs-driver.server.ts'
import { objectKey } from '#storage/keys.ts'
import { CHROMIUM_PATH } from '../../tests/support/browser.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { blankPng, corruptDocx, sampleDocx, svgHugePictureDocx, zipBombDocx } from '../../tests/support/sample-docx.ts'
import { createBoss } from '../boss.server.ts'
import { QUEUES } from '../queues.ts'
import { startWorkers } from '../worker.ts'
import { ChromiumPool } from './chromium-pool.server.ts'
import { cleanUpBlobs } from '../blob-cleanup.job.ts'
import { conversionState, docxPdf, documentsUploaded, htmlPdf, PostedHtmlBusy, postedHtmlPdf, waitForConversion } from './conversions.server.ts'
import { runConversion } from './convert.job.ts'
import { extractText, pdfText } from './extract-text.job.ts'

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const RUN = { timeoutMs: 60_000, lastAttempt: false }

/** Marks HTML whose print waits until the pool is released: a posted document that takes as long as it likes. */
const HOLD = 'HOLD-THIS-PRINT'

/** Makes `pool`'s prints of HTML holding HOLD wait until released; `restore` gives the pool back as it was. */
function holdPrints(pool: ChromiumPool): { release(): void; restore(): void } {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const withPage = pool.withPage.bind(pool)
  pool.withPage = (kind, use, ...rest) =>
    withPage(
      kind,
      async (page) => {
        const print = page.pdf.bind(page)
        page.pdf = async (options) => {
          if ((await page.content()).includes(HOLD)) await gate
          return print(options)
        }
        return use(page)
      },
      ...rest,
    )
  return { release, restore: () => (pool.withPage = withPage) }
}

async function pdfPages(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise
  const pages = doc.numPages
  await doc.destroy()
  return { pages, text: await pdfText(new Uint8Array(bytes)) }
}

describe('document pipeline', () => {
  let t: TestDatabase
  let root: string
  let store: FsDriver
  let pool: ChromiumPool
  let boss: PgBoss
  let proxy: http.Server
  const proxied: string[] = []
  /** users posting HTML (POST /api/convert/) */
  let poster: number
  let otherPoster: number

  beforeAll(async () => {
    t = await createTestDatabase()
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'documents-'))
    store = new FsDriver({ root })
    // every request Chromium makes goes to this proxy, which records it: the documents' must not come
    proxy = http.createServer((req, res) => (proxied.push(req.url ?? ''), res.end('x')))
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const proxyPort = (proxy.address() as { port: number }).port
    pool = new ChromiumPool({ executablePath: CHROMIUM_PATH, size: 2, extraArgs: [`--proxy-server=http://127.0.0.1:${proxyPort}`] })
    // pg-boss's schema and queues, so jobs can be sent (these tests run the jobs themselves)
    boss = createBoss(t.url)
    await boss.start()
    for (const name of Object.values(QUEUES)) await boss.createQueue(name)
    const user = async (username: string) => Number((await t.db.insertInto('users').values({ username, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id)
    poster = await user('poster')
    otherPoster = await user('other-poster')
  }, 60_000)

  afterAll(async () => {
    await pool.close()
    proxy.close()
    await boss.stop({ graceful: false, wait: true })
    await t.drop()
    await fsp.rm(root, { recursive: true, force: true })
  })

  const jobs = async (queue: string) => (await sql<{ data: Record<string, string> }>`select data from pgboss.job where name = ${queue} order by created_on`.execute(t.db)).rows.map((r) => r.data)

  /** A file on the drive: its object, blob row and drive entry. */
  async function driveFile(name: string, bytes: Buffer, contentType = DOCX_MIME): Promise<string> {
    const id = crypto.randomUUID()
    const key = objectKey('drive', name)
    await store.put(key, bytes, { contentType })
    await t.db.insertInto('blobs').values({ id, area: 'drive', key, filename: name, content_type: contentType, size_bytes: bytes.length, created_by: null }).execute()
    await t.db
      .insertInto('drive_entries')
      .values({ parent: '', name, is_folder: false, blob_id: id, file_type: name.split('.').pop()!, size_bytes: bytes.length })
      .execute()
    return id
  }

  async function pdfOf(conversionId: string): Promise<Buffer> {
    const state = await conversionState(t.db, conversionId)
    if (state?.status !== 'done') throw new Error(`conversion is ${JSON.stringify(state)}`)
    const blob = await t.db.selectFrom('blobs').select('key').where('id', '=', state.pdfBlobId).executeTakeFirstOrThrow()
    const chunks: Buffer[] = []
    for await (const chunk of await store.getStream(blob.key)) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }

  const search = async (word: string) =>
    (
      await t.db
        .selectFrom('drive_entries')
        .select('name')
        .where(sql<boolean>`content @@ to_tsquery('simple', ${word})`)
        .orderBy('name')
        .execute()
    ).map((r) => r.name)

  it('prints HTML to a two-page Letter PDF with page numbers, fetching nothing', async () => {
    const html = `<html><head><title>Pre-treat order</title><link rel="stylesheet" href="http://assets.example.test/style.css"></head>
      <body><h1>Pre-treat order</h1><img src="http://assets.example.test/logo.png"><p>First page</p>
      <p style="break-before: page">Second page</p></body></html>`
    const state = await htmlPdf(t.db, html, store)
    expect(state.status).toBe('pending')
    expect(await jobs(QUEUES.renderPdf)).toEqual([{ conversionId: state.id }])
    expect(await runConversion(t.db, store, pool, state.id, RUN)).toBe('converted')
    const { pages, text } = await pdfPages(await pdfOf(state.id))
    expect(pages).toBe(2)
    expect(text).toContain('Page 1 of 2')
    expect(text).toContain('Page 2 of 2')
    expect(text).toContain('Second page')
    expect(proxied.filter((url) => url.includes('example.test'))).toEqual([])
    // the same HTML again: the same conversion, already done
    expect(await htmlPdf(t.db, html, store)).toEqual({ id: state.id, status: 'done', pdfBlobId: expect.any(String) })
  }, 60_000)

  it('converts a DOCX once: a second run, a second request and the same bytes in another file do no work', async () => {
    const bytes = await sampleDocx({ heading: 'Cellar humidity survey' })
    const first = await driveFile('survey.docx', bytes)
    const state = await docxPdf(t.db, first, store)
    expect(state.status).toBe('pending')
    expect(await jobs(QUEUES.convertDocx)).toEqual([{ conversionId: state.id }])

    const rendersBefore = pool.uses
    expect(await runConversion(t.db, store, pool, state.id, RUN)).toBe('converted')
    expect(pool.uses).toBe(rendersBefore + 1)
    const { pages, text } = await pdfPages(await pdfOf(state.id))
    expect(pages).toBe(2)
    expect(text).toContain('Cellar humidity survey')
    expect(text).toContain('Russet Burbank')

    // pg-boss runs a job twice: nothing happens the second time
    expect(await runConversion(t.db, store, pool, state.id, RUN)).toBe('skipped')
    const second = await driveFile('survey copy.docx', bytes)
    expect(await docxPdf(t.db, second, store)).toEqual({ id: state.id, status: 'done', pdfBlobId: expect.any(String) })
    expect(await docxPdf(t.db, first, store)).toMatchObject({ id: state.id, status: 'done' })
    expect(pool.uses).toBe(rendersBefore + 1)
    expect(await jobs(QUEUES.convertDocx)).toHaveLength(1)
    const row = await t.db.selectFrom('document_conversions').select(['attempts']).where('id', '=', state.id).executeTakeFirstOrThrow()
    expect(row.attempts).toBe(1)
  }, 60_000)

  it('replaces a Chromium that was killed; the next job succeeds', async () => {
    await runConversion(t.db, store, pool, (await htmlPdf(t.db, '<p>warm up</p>', store)).id, RUN)
    const pid = await pool.pid()
    expect(pid).toBeGreaterThan(0)
    process.kill(pid!, 'SIGKILL')
    const state = await docxPdf(t.db, await driveFile('after-crash.docx', await sampleDocx({ heading: 'After the crash' })), store)
    // the first try may meet the dying browser (pg-boss retries it); the pool then has a new one
    const outcome = await runConversion(t.db, store, pool, state.id, RUN).catch(async () => {
      await t.db.updateTable('document_conversions').set({ status: 'pending' }).where('id', '=', state.id).execute()
      return runConversion(t.db, store, pool, state.id, RUN)
    })
    expect(outcome).toBe('converted')
    expect((await pdfPages(await pdfOf(state.id))).text).toContain('After the crash')
    expect(await pool.pid()).not.toBe(pid)
  }, 60_000)

  it('fails a corrupt DOCX and a zip bomb with their messages, and tries a failure again only after a while', async () => {
    const corrupt = await docxPdf(t.db, await driveFile('broken.docx', await corruptDocx()), store)
    expect(await runConversion(t.db, store, pool, corrupt.id, RUN)).toBe('failed')
    expect(await docxPdf(t.db, (await t.db.selectFrom('drive_entries').select('blob_id').where('name', '=', 'broken.docx').executeTakeFirstOrThrow()).blob_id!, store)).toEqual({
      id: corrupt.id,
      status: 'failed',
      error: DOCUMENT_PROBLEMS.notDocx,
    })

    const bomb = await docxPdf(t.db, await driveFile('bomb.docx', await zipBombDocx()), store)
    const rendersBefore = pool.uses
    expect(await runConversion(t.db, store, pool, bomb.id, RUN)).toBe('failed')
    expect(await conversionState(t.db, bomb.id)).toEqual({ id: bomb.id, status: 'failed', error: DOCUMENT_PROBLEMS.docxTooLarge })
    expect(pool.uses).toBe(rendersBefore) // refused before Chromium saw it

    // ten minutes later, asking again queues it again
    const jobsBefore = (await jobs(QUEUES.convertDocx)).length
    await t.db
      .updateTable('document_conversions')
      .set({ updated_at: sql`now() - interval '11 minutes'` })
      .where('id', '=', corrupt.id)
      .execute()
    const source = (await t.db.selectFrom('document_conversions').select('source_blob_id').where('id', '=', corrupt.id).executeTakeFirstOrThrow()).source_blob_id!
    expect(await docxPdf(t.db, source, store)).toEqual({ id: corrupt.id, status: 'pending' })
    expect(await jobs(QUEUES.convertDocx)).toHaveLength(jobsBefore + 1)
  }, 60_000)

  it('fails a DOCX over the pixel budget (a photo, or a picture inside an SVG drawing) before Chromium sees it, with the message the viewer shows', async () => {
    const bad = [
      { name: 'huge-photo.docx', bytes: await sampleDocx({ pages: 1, imageBytes: blankPng(16_000, 16_000) }), error: DOCUMENT_PROBLEMS.imagesTooLarge },
      { name: 'svg-picture.docx', bytes: await svgHugePictureDocx(), error: DOCUMENT_PROBLEMS.svgWithData },
    ]
    for (const { name, bytes, error } of bad) {
      const state = await docxPdf(t.db, await driveFile(name, bytes), store)
      const rendersBefore = pool.uses
      expect(await runConversion(t.db, store, pool, state.id, RUN)).toBe('failed')
      expect(pool.uses).toBe(rendersBefore)
      expect(await conversionState(t.db, state.id)).toEqual({ id: state.id, status: 'failed', error })
    }
  }, 60_000)

  it('fails a conversion that takes longer than the timeout, with the message', async () => {
    const state = await docxPdf(t.db, await driveFile('slow.docx', await sampleDocx({ pages: 3, heading: 'Slow one' })), store)
    expect(await runConversion(t.db, store, pool, state.id, { timeoutMs: 20, lastAttempt: false })).toBe('failed')
    expect(await conversionState(t.db, state.id)).toEqual({
      id: state.id,
      status: 'failed',
      error: 'The document could not be converted: it took longer than 0.02 seconds.',
    })
  }, 60_000)

  it('extracts the words of converted DOCX files and uploaded PDFs, so a word search finds them', async () => {
    const docx = await driveFile('words.docx', await sampleDocx({ heading: 'Sprout inhibitor schedule' }))
    const state = await docxPdf(t.db, docx, store)
    await runConversion(t.db, store, pool, state.id, RUN)
    const pdfBlobId = ((await conversionState(t.db, state.id)) as { pdfBlobId: string }).pdfBlobId
    expect(await jobs(QUEUES.extractText)).toContainEqual({ pdfBlobId })
    expect(await search('inhibitor')).toEqual([])
    expect(await extractText(t.db, store, pdfBlobId)).toBe(1)
    expect(await search('inhibitor')).toEqual(['words.docx'])
    expect(await extractText(t.db, store, pdfBlobId)).toBe(0) // run twice: nothing to do

    const pdf = await pdfOf(state.id)
    const uploaded = await driveFile('uploaded.pdf', pdf, 'application/pdf')
    await documentsUploaded(t.db, [uploaded], store)
    expect(await jobs(QUEUES.extractText)).toContainEqual({ pdfBlobId: uploaded })
    await extractText(t.db, store, uploaded)
    expect(await search('inhibitor & schedule')).toEqual(['uploaded.pdf', 'words.docx'])
  }, 60_000)

  it('deletes a derived PDF with the last file of its content', async () => {
    const bytes = await sampleDocx({ heading: 'Shared content' })
    const a = await driveFile('shared-a.docx', bytes)
    const b = await driveFile('shared-b.docx', bytes)
    const state = await docxPdf(t.db, a, store)
    await runConversion(t.db, store, pool, state.id, RUN)
    const pdfBlobId = ((await conversionState(t.db, state.id)) as { pdfBlobId: string }).pdfBlobId
    const pdfKey = (await t.db.selectFrom('blobs').select('key').where('id', '=', pdfBlobId).executeTakeFirstOrThrow()).key
    await docxPdf(t.db, b, store)

    async function deleteFile(id: string) {
      await t.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('drive_entries').where('blob_id', '=', id).execute()
        const gone = await trx.deleteFrom('blobs').where('id', '=', id).returning(['id', 'sha256']).execute()
        await releaseDerivedDocuments(trx, store, gone)
      })
    }
    await deleteFile(a)
    expect(await conversionState(t.db, state.id)).toMatchObject({ status: 'done' })
    expect(await store.exists(pdfKey)).toBe(true)
    await deleteFile(b)
    expect(await conversionState(t.db, state.id)).toBeNull()
    expect(await t.db.selectFrom('blobs').select('id').where('id', '=', pdfBlobId).executeTakeFirst()).toBeUndefined()
    expect(await store.exists(pdfKey)).toBe(false)
  }, 60_000)

  it('posted HTML runs under its own caps: pages past the cap are refused, and its time is the shorter one', async () => {
    const caps = { ...RUN, posted: { timeoutMs: 60_000, maxPages: 5 } }
    const tall = await postedHtmlPdf(t.db, '<div style="height: 2000in">A very tall document</div>', poster, store)
    expect(await runConversion(t.db, store, pool, tall.id, caps)).toBe('failed')
    expect(await conversionState(t.db, tall.id)).toEqual({ id: tall.id, status: 'failed', error: 'The document could not be converted: it is longer than 5 pages.' })
    const short = await postedHtmlPdf(t.db, '<p>One</p><p style="break-before: page">Two</p>', poster, store)
    expect(await runConversion(t.db, store, pool, short.id, caps)).toBe('converted')
    expect((await pdfPages(await pdfOf(short.id))).pages).toBe(2)
    // the app's own HTML is not posted: no page cap
    const own = await htmlPdf(t.db, '<div style="height: 80in">A long record</div>', store)
    expect(await runConversion(t.db, store, pool, own.id, caps)).toBe('converted')
    expect((await pdfPages(await pdfOf(own.id))).pages).toBeGreaterThan(5)

    const slow = await postedHtmlPdf(t.db, '<p>Posted, on a tight clock</p>', poster, store)
    expect(await runConversion(t.db, store, pool, slow.id, { ...RUN, posted: { timeoutMs: 20, maxPages: 5 } })).toBe('failed')
    expect(await conversionState(t.db, slow.id)).toEqual({ id: slow.id, status: 'failed', error: 'The document could not be converted: it took longer than 0.02 seconds.' })
  }, 60_000)

  it('posted HTML expires: the clean-up deletes its conversion, HTML and PDF after CONVERT_HTML_KEEP_HOURS, the app’s own documents stay', async () => {
    const posted = await postedHtmlPdf(t.db, '<h1>Kept for a day</h1>', poster, store)
    await runConversion(t.db, store, pool, posted.id, RUN)
    const own = await htmlPdf(t.db, '<h1>Kept for good</h1>', store)
    await runConversion(t.db, store, pool, own.id, RUN)
    const blobsOf = async (id: string) => {
      const row = await t.db.selectFrom('document_conversions').select(['source_blob_id', 'pdf_blob_id', 'expires_at']).where('id', '=', id).executeTakeFirstOrThrow()
      const keys = await t.db.selectFrom('blobs').select('key').where('id', 'in', [row.source_blob_id!, row.pdf_blob_id!]).execute()
      return { expiresAt: row.expires_at, keys: keys.map((k) => k.key) }
    }
    const postedBlobs = await blobsOf(posted.id)
    expect(postedBlobs.keys).toHaveLength(2)
    const hoursLeft = (postedBlobs.expiresAt!.getTime() - Date.now()) / 3_600_000
    expect(hoursLeft).toBeGreaterThan(23.9)
    expect(hoursLeft).toBeLessThanOrEqual(24)
    expect((await blobsOf(own.id)).expiresAt).toBeNull()

    // within the day nothing goes; a day later the posted one goes, with its objects, and running again does nothing
    expect((await cleanUpBlobs(t.db, store, new Date(Date.now() + 23 * 3_600_000))).expiredConversions).toBe(0)
    expect(await conversionState(t.db, posted.id)).toMatchObject({ status: 'done' })
    const expiring = Number(
      (
        await t.db
          .selectFrom('document_conversions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('expires_at', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    )
    expect((await cleanUpBlobs(t.db, store, new Date(Date.now() + 25 * 3_600_000))).expiredConversions).toBe(expiring) // this one and the earlier tests' posted ones
    expect(await conversionState(t.db, posted.id)).toBeNull()
    expect(await t.db.selectFrom('blobs').select('id').where('key', 'in', postedBlobs.keys).execute()).toEqual([])
    for (const key of postedBlobs.keys) expect(await store.exists(key)).toBe(false)
    expect(await conversionState(t.db, own.id)).toMatchObject({ status: 'done' })
    for (const key of (await blobsOf(own.id)).keys) expect(await store.exists(key)).toBe(true)
    expect((await cleanUpBlobs(t.db, store, new Date(Date.now() + 25 * 3_600_000))).expiredConversions).toBe(0)
  }, 60_000)

  it('runs through the workers: an uploaded DOCX is converted and its words indexed', async () => {
    const workerBoss = createBoss(t.url)
    try {
      await startWorkers(
        workerBoss,
        t.db,
        () => store,
        () => pool,
      )
      const id = await driveFile('through-workers.docx', await sampleDocx({ heading: 'Ventilation logbook' }))
      await t.db.transaction().execute((trx) => documentsUploaded(trx, [id], store))
      const conversion = await t.db.selectFrom('document_conversions as c').innerJoin('blobs as b', 'b.sha256', 'c.source_hash').select('c.id').where('b.id', '=', id).executeTakeFirstOrThrow()
      expect(await waitForConversion(t.db, conversion.id, 30_000)).toMatchObject({ status: 'done' })
      for (let i = 0; i < 100 && (await search('ventilation')).length === 0; i++) await new Promise((r) => setTimeout(r, 200))
      expect(await search('ventilation')).toEqual(['through-workers.docx'])
    } finally {
      await workerBoss.stop({ graceful: false, wait: true })
    }
  }, 60_000)

  it('posted HTML has a queue and Chromium slots of its own: the app’s own PDF is rendered while posted ones are held', async () => {
    const held = holdPrints(pool) // the file's pool: two slots for the app's documents, one for posted HTML
    const workerBoss = createBoss(t.url)
    try {
      await startWorkers(
        workerBoss,
        t.db,
        () => store,
        () => pool,
      )
      // two posted documents that never finish printing, from two users
      const posted = [await postedHtmlPdf(t.db, `<p>${HOLD}: first</p>`, poster, store), await postedHtmlPdf(t.db, `<p>${HOLD}: second</p>`, otherPoster, store)]
      expect((await jobs(QUEUES.renderPostedPdf)).filter((job) => posted.some((p) => p.id === job.conversionId))).toHaveLength(2)
      // the print summary, asked for after them, is rendered while they are still held
      const own = await htmlPdf(t.db, '<h1>Scheduled pre-treats</h1>', store)
      expect(await waitForConversion(t.db, own.id, 40_000)).toMatchObject({ status: 'done' })
      for (const p of posted) expect(await conversionState(t.db, p.id)).toEqual({ id: p.id, status: 'pending' })
    } finally {
      held.release()
      await workerBoss.stop({ graceful: false, wait: true })
      held.restore()
      // what was held holds nobody back in the tests that follow
      await t.db.updateTable('document_conversions').set({ status: 'failed' }).where('status', '=', 'pending').where('expires_at', 'is not', null).execute()
    }
  }, 90_000)

  it('a user may have two posted conversions waiting: a third is refused, storing nothing; the same HTML again or another user’s is not', async () => {
    const blobCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('blobs')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const one = await postedHtmlPdf(t.db, '<p>Cap: one</p>', poster, store)
    const two = await postedHtmlPdf(t.db, '<p>Cap: two</p>', poster, store)
    const [blobsBefore, jobsBefore] = [await blobCount(), (await jobs(QUEUES.renderPostedPdf)).length]
    const third = postedHtmlPdf(t.db, '<p>Cap: three</p>', poster, store)
    await expect(third).rejects.toBeInstanceOf(PostedHtmlBusy)
    await expect(third).rejects.toThrow('You have 2 documents waiting to be converted (at most 2 at a time). Wait for them to finish, then send this one again.')
    expect([await blobCount(), (await jobs(QUEUES.renderPostedPdf)).length]).toEqual([blobsBefore, jobsBefore])
    // asking again for one already waiting adds no work; another user has room of their own
    expect(await postedHtmlPdf(t.db, '<p>Cap: one</p>', poster, store)).toEqual({ id: one.id, status: 'pending' })
    expect(await postedHtmlPdf(t.db, '<p>Cap: three</p>', otherPoster, store)).toMatchObject({ status: 'pending' })
    // once one of the user's has finished (here: failed), one more is taken; two sent at once cannot both slip under the cap
    const finish = (id: string) => t.db.updateTable('document_conversions').set({ status: 'failed' }).where('id', '=', id).execute()
    await finish(one.id)
    expect(await postedHtmlPdf(t.db, '<p>Cap: four</p>', poster, store)).toMatchObject({ status: 'pending' })
    await finish(two.id)
    const together = await Promise.allSettled([postedHtmlPdf(t.db, '<p>Cap: five</p>', poster, store), postedHtmlPdf(t.db, '<p>Cap: six</p>', poster, store)])
    expect(together.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
  }, 60_000)
})
