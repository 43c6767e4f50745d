// `npm run test:cluster`: several machines on this one (tests/cluster/cluster.ts), checked from
// outside like an operator would. Not part of `npm test` (it takes minutes and a load balancer):
// run it before each release.
import { defineConfig } from 'vitest/config'

process.env.TEST_SCRYPT_LOG_N ??= '10'

export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.cluster.ts'],
    globalSetup: ['tests/support/setup-db.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
})
