// A real app for one test file: its own database and files (copies of the run's demo template,
// tests/support/pg-cluster.ts) served by the production build in a child process
// (tests/support/app-child.ts). Copying instead of seeding, and one process instead of `npm start`'s
// primary and HTTP processes, is what keeps a browser file's start to a second or two; the tests
// of `npm start` itself spawn it whole (tests/support/app-process.ts).
import { fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import { createTestDatabase, type TestDatabase } from './db.ts'
import { registerApp } from './apps.ts'
import { testBrowserPath } from './browser.ts'

export interface AppServer {
  url: string
  db: TestDatabase['db']
  /** what the app has written to its standard output and error so far (its JSON log lines among them) */
  output(): string
  stop(): Promise<void>
}

export interface AppOptions {
  /**
   * Thousands of requests (the crawl): V8 whole. Otherwise the app runs without V8's optimizing
   * compiler: a browser file's app serves a few hundred requests, too few for optimized code to
   * pay back its compiling (a sixth less CPU in the app; the crawl's app takes 45 % more without it).
   */
  manyRequests?: boolean
}

/** An app on a copy of the demo, or on `given` (a database and its files, as they are). */
export async function startAppServer(env: Record<string, string> = {}, given?: TestDatabase, options: AppOptions = {}): Promise<AppServer> {
  const database = given ?? (await createTestDatabase({ demo: true }))
  const ownStore = !env.STORAGE_DIR
  const blobs = env.STORAGE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'app-blobs-'))
  if (!given) await copyDemoFiles(database, blobs, env)
  // the run's bundle of tests/support/app-child.ts (plain Node starts it in half the time of tsx)
  const child = fork(inject('appChild'), [], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    // APP_CPU_PROF=<folder>: each app writes a CPU profile there when it stops (decision 0053)
    execArgv: [...(options.manyRequests ? [] : ['--no-opt']), ...(process.env.APP_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.APP_CPU_PROF] : [])],
    // the log keeps only trouble: a line per request would cost the crawl's thousands of requests their writing
    env: {
      ...process.env,
      SESSION_SECRET: inject('sessionSecret'),
      WORKERS: 'off',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // the documents an app renders (its workers on): in the headless shell the browser tests
      // drive, a sixth less CPU than the full Chromium; the documents' own tests (jobs/documents)
      // render with CHROMIUM_PATH, the Chromium the app runs with in production
      CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? testBrowserPath(),
      ...env,
      DATABASE_URL: database.url,
      STORAGE_DIR: blobs,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The app did not start within 60 s:\n${output}`)), 60_000)
    child.once('message', (message: { port: number }) => (clearTimeout(timer), resolve(message.port)))
    void exited.then(() => (clearTimeout(timer), reject(new Error(`The app exited before listening:\n${output}`))))
  })
  const url = `http://localhost:${port}`
  registerApp(url, database.db)
  return {
    url,
    db: database.db,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
      await database.drop()
      if (ownStore) fs.rmSync(blobs, { recursive: true, force: true })
    },
  }
}

/** The demo's files, where its database says they are: the app's folder, or its S3 bucket. */
async function copyDemoFiles(database: TestDatabase, blobs: string, env: Record<string, string>): Promise<void> {
  const demo = inject('demoBlobDir')
  if (env.STORAGE_DRIVER !== 's3') {
    fs.cpSync(demo, blobs, { recursive: true })
    return
  }
  const { S3Driver } = await import('#storage/s3-driver.server.ts')
  const store = new S3Driver({
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
  })
  for (const blob of await database.db.selectFrom('blobs').select(['key', 'content_type']).execute()) {
    const file = path.join(demo, ...blob.key.split('/'))
    if (fs.existsSync(file)) await store.put(blob.key, fs.readFileSync(file), { contentType: blob.content_type })
  }
}
