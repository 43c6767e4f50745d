// Every screen exports the rule its loader checks (app/access.ts), and the rule is the one the menus
// read. Public pages, API routes and file routes are the only ones without one.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ACCESS } from './access.ts'

const ROUTES = path.join(import.meta.dirname, 'routes')
/** Signed out allowed (/, /login, /logout, unknown paths, the load balancer’s /readyz), or JSON/file/form endpoints with their own checks (any signed-in user marks their own notices seen). */
const OPEN = /^(_index|login|logout|readyz|\$)\.tsx?$|^(api|blobs|images|notices)\./

/** 'review-editor.$id.tsx' → '/review-editor/:id'; a trailing _ leaves the parent's layout, not the URL ('pretreats_.$id', 'pretreats_.$id_.pdf') */
function pathOf(file: string): string {
  return `/${file.replace(/\.tsx?$/, '').split('.').map((part) => (part.startsWith('$') ? `:${part.slice(1).replace(/_$/, '')}` : part.replace(/_$/, ''))).join('/')}`
}

describe('screen rules', () => {
  // route modules: files, and route folders ('service-form/route.tsx' is the screen 'service-form.tsx')
  const folders = fs.readdirSync(ROUTES).filter((f) => fs.existsSync(path.join(ROUTES, f, 'route.tsx')))
  const files = [...fs.readdirSync(ROUTES).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f)), ...folders.map((f) => `${f}.tsx`)]
  const modulePath = (file: string) => (folders.includes(file.replace(/\.tsx$/, '')) ? path.join(ROUTES, file.replace(/\.tsx$/, ''), 'route.tsx') : path.join(ROUTES, file))

  it('every screen module exports the rule of its path (a record modal takes its list’s)', async () => {
    const missing: string[] = []
    for (const file of files.filter((f) => !OPEN.test(f))) {
      const module = (await import(modulePath(file))) as { access?: unknown; loader?: unknown }
      if (!module.access) missing.push(file)
      const own = (ACCESS as Record<string, unknown>)[pathOf(file)]
      const list = (ACCESS as Record<string, unknown>)[pathOf(file).replace(/\/:[^/]+$/, '')]
      if (own ?? list) expect(module.access, file).toBe(own ?? list)
    }
    expect(missing).toEqual([])
  })

  it('every rule belongs to a screen that exists', () => {
    const paths = new Set(files.map(pathOf))
    expect(Object.keys(ACCESS).filter((p) => !paths.has(p))).toEqual([])
  })
})
