import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { crc32, crc32Portable } from './crc32.ts'

describe('crc32', () => {
  it('gives the standard check value, in one go or continued', () => {
    const bytes = Buffer.from('123456789')
    expect(crc32(bytes)).toBe(0xcbf43926)
    expect(crc32Portable(bytes)).toBe(0xcbf43926)
    expect(crc32Portable(bytes.subarray(4), crc32Portable(bytes.subarray(0, 4)))).toBe(0xcbf43926)
  })

  it('agrees with zlib on random data (the portable one is what Node < 20.15 uses)', () => {
    const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251))
    expect(crc32Portable(data)).toBe(crc32(data))
    // zlib's deflate trailer of a gzip member is the CRC-32 of its input
    const gz = zlib.gzipSync(data)
    expect(crc32Portable(data)).toBe(gz.readUInt32LE(gz.length - 8))
  })
})
