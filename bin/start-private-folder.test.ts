// `npm start` from a folder only its owner may enter (root's home, `mktemp -d`): the embedded
// PostgreSQL must start there, as root too (CI runs as root), with nothing asked of the person.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { spawnApp } from '../tests/support/app-process.ts'

const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-private-'))
fs.chmodSync(privateDir, 0o700)
const dataDir = path.join(privateDir, 'data')

afterAll(() => fs.rmSync(privateDir, { recursive: true, force: true }))

describe('npm start in a private folder', () => {
  it(`starts with demo data from a 0700 folder (running as uid ${process.getuid?.()}), and keeps the database's secrets readable by the owner only`, async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, STORAGE_DIR: path.join(dataDir, 'blobs') }
    delete env.DATABASE_URL
    const app = spawnApp(env)
    onTestFinished(() => void app.stop())
    const url = await app.url
    expect((await fetch(`${url}/login`)).status).toBe(200)
    expect(app.output()).toContain('Seeded demo data into the empty database.')
    expect(app.output()).toContain(`embedded PostgreSQL in ${path.join(dataDir, 'pg')}`) // where the data is, said as it is

    const urlFile = path.join(dataDir, 'pg-url')
    expect(fs.statSync(urlFile).mode & 0o777).toBe(0o600)
    const client = new pg.Client({ connectionString: fs.readFileSync(urlFile, 'utf8') })
    await client.connect()
    const { rows } = await client.query(`select username from users where username = 'admin'`)
    await client.end()
    expect(rows).toEqual([{ username: 'admin' }])
    expect(await app.stop('SIGINT')).toBe(0)
    expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700) // nothing was opened up to make it work
  }, 120_000)
})
