// Every project's files share their workers (the threads pool without
// isolation, vitest.config.ts; decisions 0052 and 0072): the packages stay loaded (Playwright's
// client among them), but each file starts with the app's own modules fresh, and what it set in the
// process (settings, the pool, the blob store) is put back after it.
import { afterAll, vi } from 'vitest'

const env = { ...process.env }

afterAll(async () => {
  const { closeDb } = await import('#db/client.server.ts')
  const { setBlobStore } = await import('#storage/index.server.ts')
  await closeDb()
  setBlobStore(undefined)
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key]
  Object.assign(process.env, env)
  vi.resetModules()
})
