// The pre-treat sheet's PDF against a real Postgres (with pg-boss's tables), a real Chromium and the
// filesystem BlobStore: what it prints (read back from the PDF with pdf.js), the cache answering a
// second ask with the same conversion, and a changed pre-treat making a new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChromiumPool } from '#jobs/documents/chromium-pool.server.ts'
import { conversionState } from '#jobs/documents/conversions.server.ts'
import { runConversion } from '#jobs/documents/convert.job.ts'
import { pdfText } from '#jobs/documents/extract-text.job.ts'
import type { FsDriver } from '#storage/fs-driver.server.ts'
import { CHECKED } from '../../../tests/support/sheet-forms.ts'
import type { TestDatabase } from '../../../tests/support/db.ts'
import { startDocuments, type DocumentsBeside } from '../../../tests/support/documents.ts'
import { makePretreat } from '../../../tests/support/pretreats.ts'
import { queuePretreatPdf } from './pretreat-pdf.server.ts'

const RUN = { timeoutMs: 60_000, lastAttempt: false }

describe('the pre-treat sheet PDF', () => {
  let t: TestDatabase
  let documents: DocumentsBeside | undefined
  let store: FsDriver
  let pool: ChromiumPool

  beforeAll(async () => {
    documents = await startDocuments('pretreat-pdf', { workers: false })
    ;({ t, store, pool } = documents)
  }, 60_000)

  afterAll(() => documents?.stop())

  /** The conversion run as the worker would, and the PDF's text. */
  async function renderedText(conversionId: string): Promise<string> {
    expect(await runConversion(t.db, store, pool, conversionId, RUN)).toBe('converted')
    const state = await conversionState(t.db, conversionId)
    if (state?.status !== 'done') throw new Error(`conversion is ${JSON.stringify(state)}`)
    const blob = await t.db.selectFrom('blobs').select('key').where('id', '=', state.pdfBlobId).executeTakeFirstOrThrow()
    const chunks: Buffer[] = []
    for await (const chunk of await store.getStream(blob.key)) chunks.push(chunk as Buffer)
    return pdfText(new Uint8Array(Buffer.concat(chunks)))
  }

  it('prints the number, the product with its EPA number, the price and the restart; a second ask is the same PDF, a change a new one', async () => {
    const pt = await makePretreat(t.db, { stage: 'completed', cwt: 1000, quantityUsed: 16.6, wind_speed: 4, wind_direction: 'NW' })
    await t.db.updateTable('products').set({ product_name: 'Sprout Nip 7A', registration: 'EPA Reg. No. 5481-560' }).where('id', '=', pt.product_id).execute()
    await t.db.updateTable('applications').set({ base_price: '0.0625' }).execute()
    await t.db.updateTable('pretreat_prices').set({ price: '0.0625' }).where('pretreat_id', '=', pt.id).execute()
    await t.db
      .updateTable('restarts')
      .set({ remote: true, running: true, cleaned_up: false, comments: 'Fans back on at 6 am, plenum door latched', completed_at: new Date('2026-11-02T14:00:00Z'), completed_by: 1 })
      .where('pretreat_id', '=', pt.id)
      .execute()

    await t.db
      .insertInto('final_checklists')
      .values({
        pretreat_id: pt.id,
        ...CHECKED,
        purge: false,
        barrel_temp: '72.5',
      })
      .execute()

    const first = await queuePretreatPdf(t.db, pt.id)
    expect(first.status).toBe('pending')
    const text = (await renderedText(first.id)).replace(/\s+/g, ' ')
    expect(text).toContain(pt.pre_treat_number)
    expect(text).toContain('Page 1 of')
    expect(text).toContain('Sprout Nip 7A')
    expect(text).toContain('EPA Reg. No. 5481-560')
    expect(text).toContain('0.0625')
    expect(text).toContain('Fans back on at 6 am, plenum door latched')
    expect(text).toContain('Final Checklist')
    expect(text).toContain('Barrel Temperature (°F) 72.5 °F')
    expect(text).toContain('Outdoor Conditions')
    expect(text).toContain('NW')
    // the storage, then its GPS under its own label: a link's "Map" means nothing on paper (issue 19, item 27)
    expect(text).toContain('Storage Pre-Treat Test Cellar GPS 43.380000, -112.120000')
    expect(text).not.toMatch(/\bMap\b/)

    // asked again, nothing changed: the same conversion, done
    expect(await queuePretreatPdf(t.db, pt.id)).toEqual({ id: first.id, status: 'done', pdfBlobId: expect.any(String) })

    // a reviewer's correction: a new PDF that prints it
    await t.db.updateTable('restarts').set({ comments: 'Fans back on at 7 am' }).where('pretreat_id', '=', pt.id).execute()
    const changed = await queuePretreatPdf(t.db, pt.id)
    expect(changed.id).not.toBe(first.id)
    expect((await renderedText(changed.id)).replace(/\s+/g, ' ')).toContain('Fans back on at 7 am')
  }, 90_000)

  it('refuses a pre-treat that does not exist', async () => {
    await expect(queuePretreatPdf(t.db, 987_654)).rejects.toThrow('Pre-treat not found.')
  })
})
