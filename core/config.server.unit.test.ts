import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

async function load(env: Record<string, string | undefined>) {
  vi.unstubAllEnvs()
  vi.resetModules()
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v)
  const { config } = await import('./config.server.ts')
  return config()
}

const FLAG_VALUES = [
  ['true', true],
  ['1', true],
  ['yes', true],
  ['on', true],
  ['false', false],
  ['0', false],
  ['no', false],
  ['off', false],
] as const

describe('config', () => {
  it("reads every flag's words for true and false, each flag from its own variable, and unset as false", async () => {
    for (const [word, value] of FLAG_VALUES) {
      // the two flags get opposite words, so one read from the other's variable would show
      const opposite = FLAG_VALUES.find(([, v]) => v !== value)![0]
      const read = await load({ TRUST_PROXY: word, S3_FORCE_PATH_STYLE: opposite })
      expect({ TRUST_PROXY: read.TRUST_PROXY, S3_FORCE_PATH_STYLE: read.S3_FORCE_PATH_STYLE }, word).toEqual({ TRUST_PROXY: value, S3_FORCE_PATH_STYLE: !value })
      const swapped = await load({ TRUST_PROXY: opposite, S3_FORCE_PATH_STYLE: word })
      expect({ TRUST_PROXY: swapped.TRUST_PROXY, S3_FORCE_PATH_STYLE: swapped.S3_FORCE_PATH_STYLE }, word).toEqual({ TRUST_PROXY: !value, S3_FORCE_PATH_STYLE: value })
    }
    const unset = await load({ TRUST_PROXY: undefined, S3_FORCE_PATH_STYLE: undefined })
    expect({ TRUST_PROXY: unset.TRUST_PROXY, S3_FORCE_PATH_STYLE: unset.S3_FORCE_PATH_STYLE }).toEqual({ TRUST_PROXY: false, S3_FORCE_PATH_STYLE: false })
  })

  it('stops with a clear message on a bad value', async () => {
    await expect(load({ PORT: 'eighty' })).rejects.toThrow(/PORT/)
    await expect(load({ TRUST_PROXY: 'maybe' })).rejects.toThrow(/TRUST_PROXY: must be true or false/)
    await expect(load({ S3_FORCE_PATH_STYLE: 'maybe' })).rejects.toThrow(/S3_FORCE_PATH_STYLE: must be true or false/)
  })

  it('runs one HTTP process per core unless WEB_CONCURRENCY says otherwise, each with DB_POOL_SIZE connections', async () => {
    const os = await import('node:os')
    expect(await load({})).toMatchObject({ WEB_CONCURRENCY: os.availableParallelism(), DB_POOL_SIZE: 10 })
    expect(await load({ WEB_CONCURRENCY: '3', DB_POOL_SIZE: '4' })).toMatchObject({ WEB_CONCURRENCY: 3, DB_POOL_SIZE: 4 })
    await expect(load({ WEB_CONCURRENCY: '0' })).rejects.toThrow(/WEB_CONCURRENCY/)
    await expect(load({ DB_POOL_SIZE: 'many' })).rejects.toThrow(/DB_POOL_SIZE/)
  })
})
