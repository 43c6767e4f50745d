// Global setup of the `system` project (`npm start` and the CLIs as a user runs them): the
// production build and the run's PostgreSQL with the migrated template.
import type { TestProject } from 'vitest/node'
import { buildIfStale } from '../../bin/build.ts'
import { migratedTemplate, releaseCluster, useCluster } from './pg-cluster.ts'

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildIfStale()
  const adminUrl = await useCluster()
  await migratedTemplate(adminUrl)
  project.provide('pgAdminUrl', adminUrl)
  return releaseCluster
}
