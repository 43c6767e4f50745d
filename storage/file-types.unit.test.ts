import { describe, expect, it } from 'vitest'
import { detectFileType, isImage, labelForMime } from './file-types.ts'

const bytes = (...parts: (string | number[] | Buffer)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.isBuffer(p) ? p : Buffer.from(p))))

function ftyp(major: string, ...compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length
  const header = Buffer.alloc(8)
  header.writeUInt32BE(size, 0)
  header.write('ftyp', 4, 'latin1')
  return bytes(header, major, [0, 0, 0, 0], compatible.join(''), [0, 0, 0, 0x20])
}

/** A zip of stored (uncompressed) entries, as Office writes them (first entry usually [Content_Types].xml). */
function zip(entries: { name: string; data: string; descriptor?: boolean }[]): Buffer {
  const out: Buffer[] = []
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const data = Buffer.from(entry.data)
    const header = Buffer.alloc(30)
    header.writeUInt32LE(0x04034b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(entry.descriptor ? 0x08 : 0, 6)
    header.writeUInt16LE(0, 8) // stored
    header.writeUInt32LE(entry.descriptor ? 0 : data.length, 18)
    header.writeUInt32LE(entry.descriptor ? 0 : data.length, 22)
    header.writeUInt16LE(name.length, 26)
    header.writeUInt16LE(0, 28)
    out.push(header, name, data)
    if (entry.descriptor) {
      const descriptor = Buffer.alloc(16)
      descriptor.writeUInt32LE(0x08074b50, 0)
      descriptor.writeUInt32LE(data.length, 8)
      descriptor.writeUInt32LE(data.length, 12)
      out.push(descriptor)
    }
  }
  out.push(bytes([0x50, 0x4b, 0x05, 0x06], new Array(18).fill(0)))
  return Buffer.concat(out)
}

describe('detectFileType', () => {
  it.each([
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png'],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg'],
    ['gif87', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['gif89', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['heic', ftyp('heic', 'mif1', 'heic'), 'image/heic'],
    ['heif (mif1 only)', ftyp('mif1', 'mif1'), 'image/heif'],
    ['heic under mif1', ftyp('mif1', 'mif1', 'heic'), 'image/heic'],
    ['avif', ftyp('avif', 'mif1', 'miaf'), 'image/avif'],
    ['avif under mif1', ftyp('mif1', 'avif', 'mif1'), 'image/avif'],
    ['pdf', bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), 'application/pdf'],
    ['plain text', bytes('Hello, storage 42.\r\nSecond line\tok'), 'text/plain'],
    ['utf-8 text', Buffer.from('Température: 45°F — ok'), 'text/plain'],
    ['binary', bytes([0, 1, 2, 3, 0xfe, 0xff]), 'application/octet-stream'],
    ['empty', Buffer.alloc(0), 'application/octet-stream'],
  ])('recognises %s', (_name, head, mime) => {
    expect(detectFileType(head).mime).toBe(mime)
  })

  it('does not trust what a file claims to be beyond its bytes: an mp4 ftyp is not an image', () => {
    expect(detectFileType(ftyp('isom', 'isom', 'mp41')).mime).toBe('application/octet-stream')
  })

  it('tells a docx from an xlsx from a plain zip by the entries inside', () => {
    const docx = zip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: '_rels/.rels', data: '<Relationships/>' },
      { name: 'word/document.xml', data: '<w:document/>' },
    ])
    const xlsx = zip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/workbook.xml', data: '<workbook/>' },
    ])
    const plain = zip([{ name: 'notes.txt', data: 'word/ is mentioned in the data, not as an entry' }])
    expect(detectFileType(docx)).toMatchObject({ mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' })
    expect(detectFileType(xlsx).extension).toBe('xlsx')
    expect(detectFileType(plain).mime).toBe('application/zip')
  })

  it('follows entries written with data descriptors (sizes after the data)', () => {
    const docx = zip([
      { name: '[Content_Types].xml', data: '<Types/>', descriptor: true },
      { name: 'word/document.xml', data: '<w:document/>', descriptor: true },
    ])
    expect(detectFileType(docx).extension).toBe('docx')
  })

  it('treats a truncated head without a known signature as binary, not text', () => {
    expect(detectFileType(bytes('abc', [0]))).toMatchObject({ mime: 'application/octet-stream' })
  })

  it('accepts text whose head ends in the middle of a multi-byte character', () => {
    const text = Buffer.from('Prüfung ä')
    expect(detectFileType(text.subarray(0, text.length - 1)).mime).toBe('text/plain')
  })
})

describe('isImage', () => {
  it('accepts the raster types phones and cameras produce', () => {
    for (const mime of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/heic', 'image/heif', 'image/avif']) {
      expect(isImage(mime)).toBe(true)
    }
  })
  it('refuses everything else, including SVG', () => {
    for (const mime of ['image/svg+xml', 'application/pdf', 'text/plain', 'application/octet-stream', 'text/html']) {
      expect(isImage(mime)).toBe(false)
    }
  })
})

describe('labelForMime', () => {
  it('gives the drive its short type names', () => {
    expect(labelForMime('application/pdf')).toBe('pdf')
    expect(labelForMime('image/png')).toBe('png')
    expect(labelForMime('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('docx')
    expect(labelForMime('video/mp4')).toBe('file')
  })
})
