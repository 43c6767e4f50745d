// Every screen exports the rule its loader checks (app/access.ts), and the rule is the one the menus
// read. Public pages, API routes and file routes are the only ones without one.
// The route modules are read from the production build the browser tests run (as the server routes
// them): importing every route's source instead costs a unit run 5 s alone and 50 s beside the suite.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { ACCESS } from '#app/access.ts'
import { SERVER_BUILD } from '../../bin/build.ts'

const ROUTES = path.resolve(import.meta.dirname, '../../app/routes')
/** Signed out allowed (/, /login, /logout, unknown paths, the load balancer’s /readyz), or JSON/file/form endpoints with their own checks (any signed-in user marks their own notices seen). */
const OPEN = /^(_index|login|logout|readyz|\$)\.tsx?$|^(api|blobs|images|notices)\./

/** 'review-editor.$id.tsx' → '/review-editor/:id'; a trailing _ leaves the parent's layout, not the URL ('pretreats_.$id', 'pretreats_.$id_.pdf') */
function pathOf(file: string): string {
  return `/${file
    .replace(/\.tsx?$/, '')
    .split('.')
    .map((part) => (part.startsWith('$') ? `:${part.slice(1).replace(/_$/, '')}` : part.replace(/_$/, '')))
    .join('/')}`
}

describe('screen rules', () => {
  // route modules: files, and route folders ('service-form/route.tsx' is the screen 'service-form.tsx')
  const folders = fs.readdirSync(ROUTES).filter((f) => fs.existsSync(path.join(ROUTES, f, 'route.tsx')))
  const files = [...fs.readdirSync(ROUTES).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f)), ...folders.map((f) => `${f}.tsx`)]

  it('every screen module exports the rule of its path (a record modal takes its list’s)', async () => {
    const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild
    const missing: string[] = []
    for (const file of files.filter((f) => !OPEN.test(f))) {
      const module = build.routes[`routes/${file.replace(/\.tsx?$/, '')}`]?.module as { access?: unknown } | undefined
      expect(module, `${file} is in the build`).toBeDefined()
      if (!module?.access) missing.push(file)
      const own = (ACCESS as Record<string, unknown>)[pathOf(file)]
      const list = (ACCESS as Record<string, unknown>)[pathOf(file).replace(/\/:[^/]+$/, '')]
      // the build holds its own copy of the table: the same rule, by value
      if (own ?? list) expect(module?.access, file).toEqual(own ?? list)
    }
    expect(missing).toEqual([])
  })

  it('every rule belongs to a screen that exists', () => {
    const paths = new Set(files.map(pathOf))
    expect(Object.keys(ACCESS).filter((p) => !paths.has(p))).toEqual([])
  })
})
