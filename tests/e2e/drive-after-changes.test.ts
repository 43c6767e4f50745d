// The drive after a change, as a person sees it, with JavaScript and without: a refused folder
// delete leaves the listing current (a file added meanwhile shows, the button disables), a delete
// of files says so in the drive's words, and a name with a text-direction character is refused.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { insertFolder } from '#storage/drive.server.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, shot, shotsDir, signIn } from '../support/browser.ts'
import { httpSession } from '../support/http-session.ts'

const suite = useBrowserSuite()

const pdf = (bytes = 2048) => {
  const buffer = Buffer.alloc(bytes, 0x20)
  Buffer.from('%PDF-1.4\n').copy(buffer)
  return new Blob([buffer], { type: 'application/pdf' })
}
const folderHref = (key: string) => `/auditing?${new URLSearchParams({ p: key })}`

/** Someone else's upload, through the page's plain form post. */
async function uploadAs(username: string, folder: string, names: string[]) {
  const http = await httpSession(suite.app.url, username)
  const form = new FormData()
  form.append('csrf', await http.csrfToken())
  for (const name of names) form.append('files', pdf(), name)
  const response = await http.fetch(folderHref(folder), { method: 'POST', body: form })
  expect(response.status).toBe(302)
}

describe.each([
  { js: true, mode: 'with JavaScript' },
  { js: false, mode: 'without JavaScript' },
])('the drive after a change, $mode', ({ js }) => {
  const tag = js ? 'js' : 'nojs'
  let page: Page

  it('a refused folder delete shows the listing as it is now', async () => {
    page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js, use: 'shared' })).newPage()
    await signIn(page, 'admin')
    const admin = await suite.app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    const folder = (await insertFolder(suite.app.db, admin, '', `Stale ${tag}`))!
    await page.goto(folderHref(folder))
    if (js) await page.getByRole('button', { name: 'Upload', exact: true }).waitFor({ state: 'detached' }) // hydrated
    await page.getByText('This folder is empty.').waitFor()
    // meanwhile, someone adds a file to it
    await uploadAs('office', folder, ['added-meanwhile.pdf'])

    const alerts: string[] = []
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message())
      void dialog.accept()
    })
    await page.getByRole('button', { name: 'Delete Folder' }).click()
    const refusal = 'Folder delete error: The folder is not empty: delete its files and folders first.'
    if (js) await expect.poll(() => alerts).toEqual([refusal])
    else await page.getByRole('alert').filter({ hasText: refusal }).waitFor()
    await page.getByRole('cell', { name: 'added-meanwhile.pdf', exact: true }).waitFor()
    expect(await page.getByText('This folder is empty.').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Delete Folder' }).isDisabled()).toBe(true)
  })

  it('after deleting files the drive says what it deleted, not the forms’ “Submission Successful!”', async () => {
    const folder = `Stale ${tag}/`
    await uploadAs('admin', folder, ['one.pdf', 'two.pdf'])
    await page.goto(folderHref(folder))
    if (js) await page.getByRole('button', { name: 'Upload', exact: true }).waitFor({ state: 'detached' })
    await page.getByLabel('Select one.pdf').check()
    await page.getByLabel('Select two.pdf').check()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    if (!js) await page.getByRole('region', { name: 'Confirm delete' }).getByRole('button', { name: 'Confirm Delete' }).click()
    await page.getByRole('status').filter({ hasText: 'Deleted 2 files.' }).waitFor()
    expect(await page.getByText('Submission Successful!').count()).toBe(0)
    expect(await page.getByRole('cell', { name: 'one.pdf', exact: true }).count()).toBe(0)
    await page.getByRole('cell', { name: 'added-meanwhile.pdf', exact: true }).waitFor()
  })

  it('refuses a folder name with a right-to-left override, saying which character', async () => {
    await page.goto('/auditing')
    if (js) await page.getByRole('button', { name: 'Upload', exact: true }).waitFor({ state: 'detached' })
    await page.getByLabel('Folder name').fill(`invoice\u202Efdp.exe ${tag}`)
    await page.getByRole('button', { name: 'Create Folder' }).click()
    await page.getByRole('alert').filter({ hasText: 'A folder name cannot contain invisible or text-direction characters (U+202E found).' }).waitFor()
    expect(await suite.app.db.selectFrom('drive_entries').select('id').where('name', 'like', 'invoice%').execute()).toEqual([])
    if (shotsDir()) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        await shot(page, `drive-refused-name-${tag}-${width}`)
      }
    }
  })
})
