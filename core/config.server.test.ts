import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

async function load(env: Record<string, string>) {
  vi.unstubAllEnvs()
  vi.resetModules()
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v)
  const { config } = await import('./config.server.ts')
  return config()
}

describe('config', () => {
  it("reads 'false' as false and 'true' as true", async () => {
    expect((await load({ TRUST_PROXY: 'false', S3_FORCE_PATH_STYLE: 'true' })).TRUST_PROXY).toBe(false)
    expect((await load({ TRUST_PROXY: '1' })).TRUST_PROXY).toBe(true)
  })

  it('stops with a clear message on a bad value', async () => {
    await expect(load({ PORT: 'eighty' })).rejects.toThrow(/PORT/)
    await expect(load({ TRUST_PROXY: 'maybe' })).rejects.toThrow(/TRUST_PROXY: must be true or false/)
  })

  it('runs one HTTP process per core unless WEB_CONCURRENCY says otherwise, each with DB_POOL_SIZE connections', async () => {
    const os = await import('node:os')
    expect(await load({})).toMatchObject({ WEB_CONCURRENCY: os.availableParallelism(), DB_POOL_SIZE: 10 })
    expect(await load({ WEB_CONCURRENCY: '3', DB_POOL_SIZE: '4' })).toMatchObject({ WEB_CONCURRENCY: 3, DB_POOL_SIZE: 4 })
    await expect(load({ WEB_CONCURRENCY: '0' })).rejects.toThrow(/WEB_CONCURRENCY/)
    await expect(load({ DB_POOL_SIZE: 'many' })).rejects.toThrow(/DB_POOL_SIZE/)
  })
})
