import { describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A file that starts like a PNG, of the given size. */
function pngOf(bytes: number): Buffer {
  const body = Buffer.alloc(bytes, 7)
  PNG_SIGNATURE.copy(body)
  return body
}

describe('uploads to the drive', () => {
  it('with JavaScript: a 12 MiB file goes up in three 5 MiB chunks with a progress bar', async () => {
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'office')
    await page.goto('/auditing')
    const parts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/blobs/p/')) parts.push(request.url())
    })
    await page.getByLabel('Upload File').setInputFiles({ name: 'storage-survey.png', mimeType: 'image/png', buffer: pngOf(12 * 1024 * 1024) })
    const progress = page.getByRole('progressbar', { name: 'Upload of storage-survey.png' })
    await progress.waitFor()
    await page.getByText('Uploaded').waitFor({ timeout: 30_000 })
    expect(await progress.getAttribute('value')).toBe('100')
    expect(parts).toHaveLength(3)
    await page.getByRole('cell', { name: 'storage-survey.png' }).waitFor()

    const blob = await suite.app.db.selectFrom('blobs').selectAll().where('filename', 'like', '%storage-survey%').executeTakeFirstOrThrow()
    expect(blob).toMatchObject({ area: 'drive', size_bytes: 12 * 1024 * 1024, content_type: 'image/png' })
    const session = await suite.app.db.selectFrom('upload_sessions').selectAll().where('blob_id', '=', blob.id).executeTakeFirstOrThrow()
    expect(session).toMatchObject({ status: 'completed', chunk_count: 3 })
  })

  it('without JavaScript: the file travels with the form post', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'office')
    await page.goto('/auditing')
    await page.getByLabel('Upload File').setInputFiles({ name: 'bin-report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% a small pdf\n') })
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await page.waitForURL(/flash=submitted/)
    await page.getByRole('cell', { name: 'bin-report.pdf' }).waitFor()
    const blob = await suite.app.db.selectFrom('blobs').selectAll().where('filename', 'like', '%bin-report%').executeTakeFirstOrThrow()
    expect(blob.content_type).toBe('application/pdf')
  })

  it('refuses a user without drive upload permission', async () => {
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'tech')
    expect((await page.goto('/auditing'))?.status()).toBe(403)
  })
})
