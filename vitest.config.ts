import { defineConfig } from 'vitest/config'
import FileTimes from './tests/support/file-times.ts'
import LongestFirst from './tests/support/sequencer.ts'

// Three projects, told apart by where a test file is and what it is named:
// - `unit`: files named `*.unit.test.ts(x)`. Code alone: no database, no server, no browser, no
//   child process, no global setup. `npm run test:unit` runs them alone in seconds.
// - `db`: every other test beside the code it tests, against a real PostgreSQL (each file copies
//   the migrated template: tests/support/db.ts). `npm run test:db`.
// - `browser`: tests/e2e and server/: the app (the production build, on a copy of the demo
//   template: tests/support/app-server.ts) over HTTP and in the run's one Chromium; and bin/*.test.ts:
//   `npm start` and the CLIs as a user runs them, in their own processes (the same setup serves them:
//   the build and the run's PostgreSQL).
// A global setup per project makes only what its files need (tests/support/setup-*.ts; one
// PostgreSQL serves them all). `npm test` runs them all, with the type check, lint and format
// check beside them (bin/test.ts).
// Passwords are hashed at a lower scrypt cost in tests, apps and CLIs they start included (core/password.server.ts,
// decision 0054); the tests of the hash itself run at the real cost.
process.env.TEST_SCRYPT_LOG_N ??= '10'

const FOLDERS = ['app', 'core', 'db', 'workflows', 'commands', 'jobs', 'storage', 'mail', 'server', 'bin', 'tests']
const UNIT = FOLDERS.map((folder) => `${folder}/**/*.unit.test.{ts,tsx}`)
const BROWSER = ['tests/e2e/**/*.test.ts', 'server/**/*.test.ts', 'bin/*.test.ts']

/**
 * A file's packages stay loaded for the next file in its worker (the threads pool, without
 * isolation); the app's modules and the process's settings are fresh per file (file-reset.ts).
 * The db project: 108 -> 75 core-seconds (decision 0052); the browser project: 800 -> 711, its
 * files' collection (vitest, Playwright's client, the support code) 79 -> 10 s (decision 0072).
 */
const SHARED_WORKERS = { pool: 'threads' as const, setupFiles: ['tests/support/file-reset.ts'] }

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // three files at a time on two cores: with two, a tenth of the CPU sat idle while each file
    // waited on its app, Chromium or PostgreSQL (decision 0052)
    maxWorkers: 3,
    // as many as at most: with fewer, vitest stops an idle worker of a project without isolation
    // while it is being handed a file ('Terminating worker thread')
    minWorkers: 3,
    // every project in the one threads pool and its queue: vitest runs a pool's projects one after
    // another, each project's files longest first (tests/support/sequencer.ts), so the run ends on
    // the many short db and unit files instead of a few long ones beside idle workers (the db and
    // unit files in a group after the others, and `npm start`'s tests as a project of their own,
    // left one or two files running at the end of each; decision 0091)
    poolOptions: { threads: { isolate: false } },
    reporters: ['default', new FileTimes()],
    sequence: { sequencer: LongestFirst },
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, ...SHARED_WORKERS } },
      {
        extends: true,
        test: {
          name: 'db',
          include: FOLDERS.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
          exclude: [...UNIT, ...BROWSER],
          globalSetup: ['tests/support/setup-db.ts'],
          ...SHARED_WORKERS,
        },
      },
      { extends: true, test: { name: 'browser', include: BROWSER, exclude: UNIT, globalSetup: ['tests/support/setup-browser.ts'], ...SHARED_WORKERS } },
    ],
  },
})
