// The process's BlobStore, chosen by STORAGE_DRIVER. It lives on globalThis because the Remix server
// bundle and the code started by bin/ (HTTP server, workers) are separate module graphs.
import { config } from '#core/config.server.ts'
import type { BlobStore } from './blob-store.ts'
import { FsDriver } from './fs-driver.server.ts'
import { S3Driver } from './s3-driver.server.ts'

const holder = globalThis as typeof globalThis & { __blobStore?: BlobStore }

export function createBlobStoreFromConfig(): BlobStore {
  const c = config()
  if (c.STORAGE_DRIVER === 's3') {
    if (!c.S3_BUCKET) throw new Error('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3')
    if (!!c.S3_ACCESS_KEY_ID !== !!c.S3_SECRET_ACCESS_KEY) {
      throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together')
    }
    return new S3Driver({
      bucket: c.S3_BUCKET,
      region: c.S3_REGION,
      ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT } : {}),
      forcePathStyle: c.S3_FORCE_PATH_STYLE,
      // without keys the SDK's default chain (environment, instance role) applies
      ...(c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY ? { credentials: { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY } } : {}),
    })
  }
  return new FsDriver({ root: c.STORAGE_DIR })
}

export function getBlobStore(): BlobStore {
  return (holder.__blobStore ??= createBlobStoreFromConfig())
}

/** Replaces the process's store (tests, or a server that builds its own). */
export function setBlobStore(store: BlobStore | undefined): void {
  holder.__blobStore = store
}
