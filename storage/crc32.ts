// CRC-32 (the zip and PNG checksum). Node's zlib.crc32 is native but only from Node 20.15 and 22.2;
// the app runs on any Node 20, so older ones get the table-driven version (same results).
import zlib from 'node:zlib'

let table: Uint32Array | undefined

export function crc32Portable(bytes: Uint8Array, initial = 0): number {
  if (!table) {
    table = new Uint32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      table[n] = c >>> 0
    }
  }
  let crc = ~initial >>> 0
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8)
  return ~crc >>> 0
}

const native = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32

/** CRC-32 of `bytes`, continuing from `initial` (the CRC of what came before). */
export const crc32: (bytes: Uint8Array, initial?: number) => number = native ?? crc32Portable
