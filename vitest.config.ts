import { defineConfig } from 'vitest/config'

// Two projects, told apart by the file name:
// - `unit`: files named `*.unit.test.ts(x)`. Code alone: no database, no server, no browser, no
//   child process, no global setup. `npm run test:unit` runs them alone in seconds.
// - `integration`: every other `*.test.ts(x)`, with the global setup (one PostgreSQL, the
//   production build, Chromium): tests against the real database, S3 server, app and browser
//   (tests/e2e). A test not marked as a unit test lands here, where everything it may need exists.
// `npm test` runs both.
const FOLDERS = ['app', 'core', 'db', 'workflows', 'jobs', 'storage', 'server', 'bin', 'tests']
const tests = (pattern: string) => FOLDERS.map((folder) => `${folder}/**/${pattern}`)

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser tests each start an app server and a Chromium: two at a time suits two cores.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      { extends: true, test: { name: 'unit', include: tests('*.unit.test.{ts,tsx}') } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: tests('*.test.{ts,tsx}'),
          exclude: tests('*.unit.test.{ts,tsx}'),
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
})
