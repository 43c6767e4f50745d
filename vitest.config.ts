import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'core/**/*.test.ts', 'db/**/*.test.ts', 'workflows/**/*.test.ts', 'jobs/**/*.test.ts', 'storage/**/*.test.ts', 'server/**/*.test.ts', 'bin/**/*.test.ts', 'tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser tests each start an app server and a Chromium: two at a time suits two cores.
    maxWorkers: 2,
    minWorkers: 1,
  },
})
