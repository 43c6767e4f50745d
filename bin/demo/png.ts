// A real RGB PNG drawn by a function of (x, y), for demo files and tests (no image library needed).
import zlib from 'node:zlib'
import { crc32 } from '#storage/crc32.ts'

export type Rgb = readonly [number, number, number]

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const out = Buffer.alloc(body.length + 8)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), body.length + 4)
  return out
}

export function drawPng(width: number, height: number, colourAt: (x: number, y: number) => Rgb): Buffer {
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3) // filter byte 0, then the pixels
    for (let x = 0; x < width; x++) row.set(colourAt(x, y), 1 + x * 3)
    rows.push(row)
  }
  return encodePng(width, height, 'rgb', zlib.deflateSync(Buffer.concat(rows)))
}

/**
 * A PNG file around its compressed rows (each row a filter byte, then its pixels): 8-bit RGB, or
 * 1-bit greyscale (a blank image of any size kept small: tests/support/sample-docx.ts).
 */
export function encodePng(width: number, height: number, pixels: 'rgb' | 'bit', deflatedRows: Buffer): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set(pixels === 'rgb' ? [8, 2, 0, 0, 0] : [1, 0, 0, 0, 0], 8) // bit depth, colour type, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflatedRows), chunk('IEND', Buffer.alloc(0))])
}
