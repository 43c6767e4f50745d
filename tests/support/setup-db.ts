// Global setup of the `db` project: the run's PostgreSQL and the migrated template, which
// tests/support/db.ts copies for each file. (The documents' tests start their own Chromium pool.)
import type { TestProject } from 'vitest/node'
import { ensureChromium } from './browser.ts'
import { migratedTemplate, releaseCluster, useCluster } from './pg-cluster.ts'

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureChromium()
  const adminUrl = await useCluster()
  await migratedTemplate(adminUrl)
  project.provide('pgAdminUrl', adminUrl)
  return releaseCluster
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string
  }
}
