// What every blob store (the fs and the S3 driver) does alike, for each driver's test: a stream read
// whole, and an object put, read (whole, a range, its head), stated and deleted.
import type { Readable } from 'node:stream'
import { expect } from 'vitest'
import { BlobNotFoundError, type BlobStore } from '#storage/blob-store.ts'

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/** Puts 'hello, storage' at `key`, reads it back every way, then deletes it (twice: the second does nothing). `stored` checks what the driver keeps beside it. */
export async function putReadDelete(driver: BlobStore, key: string, stored: () => Promise<void> = async () => undefined): Promise<void> {
  await driver.put(key, Buffer.from('hello, storage'), { contentType: 'text/plain' })
  expect(await driver.exists(key)).toBe(true)
  expect(await driver.stat(key)).toEqual({ size: 14 })
  await stored()
  expect((await readAll(await driver.getStream(key))).toString()).toBe('hello, storage')
  expect((await readAll(await driver.getStream(key, { start: 7, end: 13 }))).toString()).toBe('storage')
  expect((await driver.readHead(key, 5)).toString()).toBe('hello')
  expect((await driver.readHead(key, 1000)).toString()).toBe('hello, storage')
  await driver.delete(key)
  expect(await driver.exists(key)).toBe(false)
  expect(await driver.stat(key)).toBeNull()
  await expect(driver.getStream(key)).rejects.toBeInstanceOf(BlobNotFoundError)
  await expect(driver.delete(key)).resolves.toBeUndefined()
}
