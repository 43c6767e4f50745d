import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FsDriver } from '#storage/fs-driver.server.ts'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { newContext, signIn, watchProgressBars } from '../support/browser.ts'
import { connectBrowser } from '../support/shared-browser.ts'
import { makeServiceSheet } from '../support/service-sheets.ts'

// One app whose file store is a folder this file knows, so tests can count what is stored.
let app: AppServer
let browser: Browser
const storeRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-e2e-'))

beforeAll(async () => {
  ;[app, browser] = await Promise.all([startAppServer({ STORAGE_DIR: storeRoot }), connectBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  fs.rmSync(storeRoot, { recursive: true, force: true })
})

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A file that starts like a PNG, of the given size. */
function pngOf(bytes: number): Buffer {
  const body = Buffer.alloc(bytes, 7)
  PNG_SIGNATURE.copy(body)
  return body
}
const png = (name: string, bytes = 4096) => ({ name, mimeType: 'image/png', buffer: pngOf(bytes) })
const notAnImage = (name: string) => ({ name, mimeType: 'image/png', buffer: Buffer.from('just some text, not an image') })
const MiB = 1024 * 1024
const IMAGE_UPLOAD_ERROR = 'Error while uploading images.  Please try again.'

/** Every stored object under the store's folder (the driver's work folders are dot-folders). */
function storedFiles(): string[] {
  return (fs.readdirSync(storeRoot, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(storeRoot, path.join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith('.'))
}
const blobCount = async () =>
  Number(
    (
      await app.db
        .selectFrom('blobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

async function page(user: string, javaScriptEnabled = true): Promise<Page> {
  const p = await (await newContext(browser, app.url, { javaScriptEnabled })).newPage()
  await signIn(p, user)
  return p
}

async function aberdeenForm() {
  const storage = await app.db
    .selectFrom('storages as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.id'])
    .where('c.company_name', '=', 'Aberdeen Acres')
    .orderBy('s.name')
    .executeTakeFirstOrThrow()
  return `/service-form?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`
}

describe('uploads to the drive', () => {
  it('with JavaScript: a chosen 12 MiB file goes up in three 5 MiB chunks with a progress bar and is saved in that one step', async () => {
    const p = await page('office')
    await p.goto('/auditing')
    const parts: string[] = []
    p.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/blobs/p/')) parts.push(request.url())
    })
    // nothing to press after choosing: the upload is the save (the button without JavaScript
    // goes once the page's script runs, so wait for that rather than read it at once)
    await p.getByRole('button', { name: 'Upload', exact: true }).waitFor({ state: 'detached' })
    const progressBars = await watchProgressBars(p)
    await p.getByLabel('Upload File').setInputFiles({ name: 'storage-survey.png', mimeType: 'image/png', buffer: pngOf(12 * MiB) })
    await p.getByRole('status').filter({ hasText: 'Uploaded: storage-survey.png' }).waitFor({ timeout: 30_000 })
    expect(await progressBars()).toContain('Upload of storage-survey.png')
    expect(parts).toHaveLength(3)
    // the finished item left the uploader, and the file is in the drive's table
    expect(await p.getByRole('progressbar').count()).toBe(0)
    await p.getByRole('cell', { name: 'storage-survey.png', exact: true }).waitFor()

    const blob = await app.db.selectFrom('blobs').selectAll().where('filename', 'like', '%storage-survey%').executeTakeFirstOrThrow()
    expect(blob).toMatchObject({ area: 'drive', size_bytes: 12 * MiB, content_type: 'image/png' })
    const session = await app.db.selectFrom('upload_sessions').selectAll().where('blob_id', '=', blob.id).executeTakeFirstOrThrow()
    expect(session).toMatchObject({ status: 'completed', chunk_count: 3 })
  })

  it('without JavaScript: the file travels with the form post', async () => {
    const p = await page('office', false)
    await p.goto('/auditing')
    await p.getByLabel('Upload File').setInputFiles({ name: 'bin-report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% a small pdf\n') })
    await p.getByRole('button', { name: 'Upload', exact: true }).click()
    await p.waitForURL(/flash=submitted/)
    await p.getByRole('cell', { name: 'bin-report.pdf', exact: true }).waitFor()
    const blob = await app.db.selectFrom('blobs').selectAll().where('filename', 'like', '%bin-report%').executeTakeFirstOrThrow()
    expect(blob.content_type).toBe('application/pdf')
  })

  it('refuses a user without drive upload permission', async () => {
    const p = await page('tech')
    expect((await p.goto('/auditing'))?.status()).toBe(403)
  })
})

describe('a refused form keeps none of its files', () => {
  it('without JavaScript: three refused service sheet posts with 20 × 1 MiB images each leave nothing stored', async () => {
    const p = await page('tech', false)
    const url = await aberdeenForm()
    await p.goto(url)
    const value = (name: string) => p.locator(`input[name="${name}"]`).first().getAttribute('value') as Promise<string>
    const fields = {
      csrf: await value('csrf'),
      submission_id: await value('submission_id'),
      sheet_number: await value('sheet_number'),
      company_id: await value('company_id'),
      storage_id: await value('storage_id'),
      requested_by: 'X',
      service_rendered: 'Fan',
      service_date: '2026-11-01',
      travel_hours: '-1', // refused
      labor_hours: '1',
      description: 'refused',
      notes: 'refused',
    }
    const before = { blobs: await blobCount(), files: storedFiles() }
    for (let post = 0; post < 3; post++) {
      // Playwright's multipart takes one file per name, so this post is built by hand.
      const form = new FormData()
      for (const [name, v] of Object.entries(fields)) form.append(name, v)
      for (let i = 0; i < 20; i++) form.append('images', new Blob([new Uint8Array(pngOf(MiB))], { type: 'image/png' }), `photo-${i}.png`)
      const cookies = (await p.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
      const response = await fetch(`${app.url}${url}`, { method: 'POST', body: form, headers: { Cookie: cookies, Origin: app.url }, redirect: 'manual' })
      const html = await response.text()
      expect({ status: response.status, refused: html.includes('Travel hours must be 0 or more.') }).toEqual({ status: 400, refused: true })
      // the form shown again does not offer the deleted files
      expect(html).not.toContain('files already attached')
    }
    expect({ blobs: await blobCount(), files: storedFiles() }).toEqual(before)
  })

  it("without JavaScript: a bad image among good ones shows the spec's Error modal and keeps no file; OK closes it, keeping what was typed (issue 19)", async () => {
    const p = await page('tech', false)
    const url = await aberdeenForm()
    await p.goto(url)
    const before = { blobs: await blobCount(), files: storedFiles() }
    await p.getByLabel('Requested By').fill('Ann')
    await p.getByLabel('Fan', { exact: true }).check()
    await p.getByLabel('Travel Hours').fill('1')
    await p.getByLabel('Labor Hours').fill('1')
    await p.getByLabel('Call Description').fill('Fan 2')
    await p.getByLabel('Detailed Notes').fill('Belt')
    await p.getByLabel('Images').setInputFiles([png('good.png'), notAnImage('notes.png')])
    await p.getByRole('button', { name: 'Submit' }).click()

    const modal = p.getByRole('dialog', { name: 'Error' })
    await modal.waitFor()
    expect(await modal.getByRole('alert').textContent()).toBe(IMAGE_UPLOAD_ERROR)
    expect({ blobs: await blobCount(), files: storedFiles() }).toEqual(before)
    await modal.getByRole('link', { name: 'OK' }).click()
    await p.getByRole('dialog', { name: 'Error' }).waitFor({ state: 'hidden' })
    expect(new URL(p.url()).search).toBe(new URL(url, app.url).search)
    expect(await p.getByLabel('Requested By').inputValue()).toBe('Ann')
    expect(await p.getByLabel('Detailed Notes').inputValue()).toBe('Belt')
  })

  it("with JavaScript: an image the server refuses shows the spec's Error modal; OK clears the failed file and the form can go on", async () => {
    const p = await page('tech')
    await p.goto(await aberdeenForm())
    await p.getByLabel('Requested By').fill('Ann')
    await p.getByLabel('Images').setInputFiles([png('good.png'), notAnImage('notes.png')])
    const modal = p.getByRole('dialog', { name: 'Error' })
    await modal.waitFor()
    expect(await modal.getByRole('alert').textContent()).toBe(IMAGE_UPLOAD_ERROR)
    expect(await modal.innerText()).toContain('notes.png: Only image files are accepted.')
    await modal.getByRole('button', { name: 'OK' }).click()
    await modal.waitFor({ state: 'detached' })
    // the failed file left; the good one stays attached, and what was typed stays
    expect(await p.getByRole('button', { name: 'Remove notes.png' }).count()).toBe(0)
    await p.getByRole('button', { name: 'Remove good.png' }).waitFor()
    expect(await p.getByLabel('Requested By').inputValue()).toBe('Ann')
  })
})

describe('image links', () => {
  it("a sheet's image is served to users who may open the sheet, and not signed out or without the permission", async () => {
    const tech = await app.db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirstOrThrow()
    const id = crypto.randomUUID()
    const key = `service/2026/11/${id}-fan.png`
    const image = pngOf(2048)
    await new FsDriver({ root: storeRoot }).put(key, image, { contentType: 'image/png' })
    await app.db
      .insertInto('blobs')
      .values({ id, area: 'service', key, filename: 'tech_service_20261101120000_0.png', content_type: 'image/png', size_bytes: image.length, created_by: tech.id })
      .execute()
    const sheet = await makeServiceSheet(app.db, { created_by: tech.id })
    await app.db.insertInto('service_sheet_images').values({ service_sheet_id: sheet.id, blob_id: id }).execute()

    const reviewer = await page('reviewer1')
    await reviewer.goto(`/view-service/${sheet.id}`)
    const src = await reviewer.getByRole('dialog', { name: 'Service Sheet Details' }).getByRole('img', { name: 'tech_service_20261101120000_0.png' }).getAttribute('src')
    expect(src).toBe(`/images/${id}`)
    const seen = await reviewer.request.get(src!)
    expect({ status: seen.status(), type: seen.headers()['content-type'], cache: seen.headers()['cache-control'] }).toEqual({ status: 200, type: 'image/png', cache: 'private, no-cache' })
    expect(Buffer.from(await seen.body()).equals(image)).toBe(true)

    // signed out, the same address no longer serves
    await reviewer.goto('/')
    await reviewer.getByRole('button', { name: 'Log out' }).locator('visible=true').click()
    await reviewer.getByText('Please log in to see the forms.').waitFor() // signed out (the page was already at /)
    expect((await reviewer.request.get(src!, { maxRedirects: 0 })).status()).toBe(401)
    expect((await fetch(`${app.url}${src}`, { redirect: 'manual' })).status).toBe(401)

    // signed in without the sheet's permission: refused
    const office = await page('office')
    expect((await office.request.get(src!)).status()).toBe(403)
    expect((await office.request.get(`/images/${crypto.randomUUID()}`)).status()).toBe(404)
  })

  it('a file not attached to anything yet is shown only to the user who uploaded it (the form preview)', async () => {
    const tech = await page('tech', false)
    await tech.goto(await aberdeenForm())
    await tech.getByLabel('Images').setInputFiles(png('preview.png'))
    // Add Part without JavaScript posts the form back: the image is stored and shown attached
    await tech.getByLabel('Part Number').fill('DOOR-ROLLER')
    await tech.getByLabel('Quantity').fill('1')
    await tech.getByRole('button', { name: 'Add Part' }).click()
    const thumb = tech.getByRole('img', { name: 'Attached file 1' })
    await thumb.waitFor()
    const src = (await thumb.getAttribute('src'))!
    expect(src).toMatch(/^\/images\/[0-9a-f-]{36}$/)
    expect((await tech.request.get(src)).status()).toBe(200)
    const reviewer = await page('reviewer1')
    expect((await reviewer.request.get(src)).status()).toBe(403)
  })
})
