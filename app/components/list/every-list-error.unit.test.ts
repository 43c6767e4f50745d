// Every list says in its own words that it could not be read (operations.md §8, 'Error fetching
// receipts'): a route that draws the list screen exports an error boundary from the list kit with
// its 'Error fetching …' text. Without one, a failed load (the database away, a proxy's 502 on the
// list's data request) would fall to the root's 'Something went wrong'.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROUTES = path.resolve(import.meta.dirname, '../../routes')

function routeSources(): { file: string; source: string }[] {
  return readdirSync(ROUTES, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx$/.test(file) && !/\.test\.tsx$/.test(file))
    .map((file) => ({ file, source: readFileSync(path.join(ROUTES, file), 'utf8') }))
}

describe('every list route', () => {
  // a list screen, or a list of the kit's wrapped for an area (<ReviewList>, <PretreatListScreen>, …)
  const lists = routeSources().filter(({ source }) => /<\w*List(Screen)?[\s/>]/.test(source))

  it('is found (the check reads the routes)', () => {
    expect(lists.map(({ file }) => file)).toEqual(expect.arrayContaining(['view-receipt.tsx', 'review-sheets.tsx', 'staged-pre-treat.tsx', 'manage-message.tsx']))
  })

  it.each(lists.map(({ file, source }) => [file, source]))("%s: its error boundary says 'Error fetching …'", (_file, source) => {
    expect(source).toMatch(/export (function|const) ErrorBoundary\b[^]*<ListErrorBoundary message="Error fetching [^"]+" \/>/)
  })
})
