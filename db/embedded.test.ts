// The embedded PostgreSQL's two ways of running as root, its password, and clusters made by the
// older version (as the `postgres` user, password 'embedded').
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres } from './embedded.ts'

const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-test-'))
// reachable by other users, as the postgres-user way needs
const reachableDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-test-'))
fs.chmodSync(reachableDir, 0o755)
afterAll(() => {
  fs.rmSync(reachableDir, { recursive: true, force: true })
  fs.rmSync(privateDir, { recursive: true, force: true })
})

/** Whether other users may enter every folder down to the checkout (not so in a 0700 folder). */
function checkoutReachableByOthers(): boolean {
  let dir = path.resolve(import.meta.dirname, '..')
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) if ((fs.statSync(dir).mode & 0o001) === 0) return false
  return true
}

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

function passwordOf(url: string): string {
  return new URL(url).password
}

describe('the embedded PostgreSQL', () => {
  it('gives each cluster its own random password, kept for the owner only', async () => {
    const start = (name: string) => startEmbeddedPostgres({ dataDir: path.join(privateDir, name), database: 'app' })
    const [a, b] = await Promise.all([start('a'), start('b')])
    try {
      expect(passwordOf(a.url)).toMatch(/^[0-9a-f]{48}$/)
      expect(passwordOf(a.url)).not.toBe(passwordOf(b.url))
      const file = path.join(privateDir, 'a', 'postgres-password')
      expect(fs.readFileSync(file, 'utf8')).toBe(passwordOf(a.url))
      expect(fs.statSync(file).mode & 0o777).toBe(0o600)
      expect(fs.statSync(file).uid).toBe(process.getuid!())
      expect(await query(a.url, 'select 1 as one')).toEqual([{ one: 1 }])
    } finally {
      await a.stop()
      await b.stop()
    }
  })

  describe.runIf(process.getuid?.() === 0)('as root', () => {
    it('where user namespaces are refused, runs as the postgres user and says plainly when that user cannot reach the folder', async () => {
      const dataDir = path.join(privateDir, 'fallback', 'pg')
      await expect(startEmbeddedPostgres({ dataDir, database: 'app', rootMode: 'postgres-user' })).rejects.toThrow(
        // the folder, or the binaries when the checkout itself is private
        /this system refuses user namespaces \(unshare --user\), so it runs as the "postgres" user, which cannot reach \/\S+\. Let that user enter every folder above it \(chmod o\+x\), or set DATABASE_URL\./,
      )
    })

    it.runIf(checkoutReachableByOthers())('where user namespaces are refused, runs as the postgres user in a folder it can reach', async () => {
      const dataDir = path.join(reachableDir, 'fallback')
      const cluster = await startEmbeddedPostgres({ dataDir, database: 'app', rootMode: 'postgres-user' })
      try {
        expect(fs.statSync(path.join(dataDir, 'PG_VERSION')).uid).not.toBe(0)
        expect(await query(cluster.url, 'select current_database() as db')).toEqual([{ db: 'app' }])
      } finally {
        await cluster.stop()
      }
    })

    it("takes over a cluster made by the older version (owned by the postgres user, password 'embedded') and replaces that password", async () => {
      const dataDir = path.join(privateDir, 'legacy')
      const made = await startEmbeddedPostgres({ dataDir, database: 'app' })
      await query(made.url, 'create table marker (id int)')
      await query(made.url, `alter role postgres password 'embedded'`)
      await made.stop()
      // as the older version left it: no password file, every file owned by another user
      fs.rmSync(path.join(dataDir, 'postgres-password'))
      const other = 65534
      fs.chownSync(dataDir, other, other)
      for (const entry of fs.readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) fs.lchownSync(path.join(dataDir, entry), other, other)

      const cluster = await startEmbeddedPostgres({ dataDir, database: 'app' })
      try {
        expect(passwordOf(cluster.url)).toMatch(/^[0-9a-f]{48}$/)
        expect(fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8')).toBe(passwordOf(cluster.url))
        expect(await query(cluster.url, 'select count(*)::int as n from marker')).toEqual([{ n: 0 }])
        const legacy = new URL(cluster.url)
        legacy.password = 'embedded'
        await expect(query(legacy.toString(), 'select 1')).rejects.toThrow(/password authentication failed/)
      } finally {
        await cluster.stop()
      }
    })
  })
})
