// Global setup of the `browser` project (apps and Chromium): the production build, the run's
// PostgreSQL with the migrated and the demo templates (each app copies the demo's database and
// files instead of seeding), and one Chromium for the run, which every file connects to.
import { randomBytes } from 'node:crypto'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { buildIfStale } from '../../bin/build.ts'
import { bundleAppChild } from './app-child-bundle.ts'
import { CHROMIUM_FLAGS, ensureChromium, launchDefaultsLeftOut, testBrowserPath } from './browser.ts'
import { demoTemplate, releaseCluster, runDir, useCluster } from './pg-cluster.ts'

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildIfStale()
  ensureChromium()
  const adminUrl = await useCluster()
  const [{ blobDir }, chromiumServer, appChild] = await Promise.all([
    demoTemplate(adminUrl),
    chromium.launchServer({ executablePath: testBrowserPath(), args: CHROMIUM_FLAGS, ...launchDefaultsLeftOut() }),
    bundleAppChild(runDir),
  ])
  project.provide('pgAdminUrl', adminUrl)
  project.provide('appChild', appChild)
  project.provide('runDir', runDir)
  project.provide('demoBlobDir', blobDir)
  project.provide('chromiumEndpoint', chromiumServer.wsEndpoint())
  // one signing secret for every app of the run (instead of each writing .data/session-secret)
  project.provide('sessionSecret', randomBytes(24).toString('base64url'))
  return async () => {
    await chromiumServer.close()
    await releaseCluster()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    demoBlobDir: string
    /** tests/support/app-child.ts bundled (tests/support/app-child-bundle.ts) */
    appChild: string
    /** a folder of the run's own, removed after it (the crawl's shards share their discovery there) */
    runDir: string
    chromiumEndpoint: string
    sessionSecret: string
  }
}
