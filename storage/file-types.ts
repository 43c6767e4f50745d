// A file's type from its first bytes, never from its name. No I/O: give it the head of the file
// (storage/blob-store.ts HEAD_BYTES is enough to find a DOCX's 'word/' entry).

export interface FileType {
  /** MIME type stored with the blob */
  mime: string
  /** extension used when the server names the file, without the dot */
  extension: string
  /** short label for lists ('png', 'pdf', 'docx', …) */
  label: string
}

export const FILE_TYPES = {
  png: { mime: 'image/png', extension: 'png', label: 'png' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg', label: 'jpeg' },
  gif: { mime: 'image/gif', extension: 'gif', label: 'gif' },
  webp: { mime: 'image/webp', extension: 'webp', label: 'webp' },
  heic: { mime: 'image/heic', extension: 'heic', label: 'heic' },
  heif: { mime: 'image/heif', extension: 'heif', label: 'heif' },
  avif: { mime: 'image/avif', extension: 'avif', label: 'avif' },
  pdf: { mime: 'application/pdf', extension: 'pdf', label: 'pdf' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx', label: 'docx' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx', label: 'xlsx' },
  zip: { mime: 'application/zip', extension: 'zip', label: 'zip' },
  text: { mime: 'text/plain', extension: 'txt', label: 'text' },
  binary: { mime: 'application/octet-stream', extension: 'bin', label: 'file' },
} as const satisfies Record<string, FileType>

const IMAGE_MIMES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/heic', 'image/heif', 'image/avif'])

/** True for the image types the app accepts (SVG is not one: it can carry scripts). */
export function isImage(mime: string): boolean {
  return IMAGE_MIMES.has(mime)
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  let out = ''
  for (let i = start; i < Math.min(start + length, bytes.length); i++) out += String.fromCharCode(bytes[i]!)
  return out
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean => bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

const u16 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8)
const u32 = (b: Uint8Array, o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0
const u32be = (b: Uint8Array, o: number) => ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0

export function detectFileType(head: Uint8Array): FileType {
  const b = head
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return FILE_TYPES.png
  if (startsWith(b, [0xff, 0xd8, 0xff])) return FILE_TYPES.jpeg
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return FILE_TYPES.gif
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return FILE_TYPES.webp
  if (b.length >= 12 && ascii(b, 4, 4) === 'ftyp') {
    const isobmff = isobmffType(b)
    if (isobmff) return isobmff
  }
  if (b.length >= 5 && ascii(b, 0, 5) === '%PDF-') return FILE_TYPES.pdf
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return zipType(b)
  if (startsWith(b, [0x50, 0x4b, 0x05, 0x06])) return FILE_TYPES.zip // empty archive
  if (looksLikeText(b)) return FILE_TYPES.text
  return FILE_TYPES.binary
}

/** HEIC/HEIF/AVIF: an ISO-BMFF 'ftyp' box naming its major and compatible brands. */
function isobmffType(b: Uint8Array): FileType | null {
  const boxSize = Math.min(u32be(b, 0), b.length)
  const brands = [ascii(b, 8, 4)]
  for (let o = 16; o + 4 <= boxSize; o += 4) brands.push(ascii(b, o, 4))
  const major = brands[0]!
  if (major === 'avif' || major === 'avis') return FILE_TYPES.avif
  if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs'].includes(major)) return FILE_TYPES.heic
  if (major === 'mif1' || major === 'msf1' || major === 'heif') {
    if (brands.includes('avif') || brands.includes('avis')) return FILE_TYPES.avif
    if (brands.some((x) => ['heic', 'heix', 'hevc', 'hevx'].includes(x))) return FILE_TYPES.heic
    return FILE_TYPES.heif
  }
  if (brands.includes('avif')) return FILE_TYPES.avif
  return null
}

/** Walks the local file headers for an Office folder: 'word/' → docx, 'xl/' → xlsx. */
function zipType(b: Uint8Array): FileType {
  let o = 0
  let guard = 0
  while (o + 30 <= b.length && guard++ < 1000) {
    if (u32(b, o) !== 0x04034b50) {
      // lost the chain (a data descriptor follows the data): find the next local header
      const next = indexOfSignature(b, o + 1)
      if (next < 0) break
      o = next
      continue
    }
    const flags = u16(b, o + 6)
    const compressed = u32(b, o + 18)
    const nameLength = u16(b, o + 26)
    const extraLength = u16(b, o + 28)
    if (o + 30 + nameLength > b.length) break
    const name = ascii(b, o + 30, nameLength)
    if (name.startsWith('word/')) return FILE_TYPES.docx
    if (name.startsWith('xl/')) return FILE_TYPES.xlsx
    const dataStart = o + 30 + nameLength + extraLength
    if (flags & 0x08 && compressed === 0) {
      const next = indexOfSignature(b, dataStart)
      if (next < 0) break
      o = next
    } else {
      o = dataStart + compressed
    }
  }
  return FILE_TYPES.zip
}

function indexOfSignature(b: Uint8Array, from: number): number {
  for (let i = from; i + 4 <= b.length; i++) {
    if (b[i] === 0x50 && b[i + 1] === 0x4b && b[i + 2] === 0x03 && b[i + 3] === 0x04) return i
  }
  return -1
}

/** UTF-8 (or ASCII) without control characters other than tab, newlines and form feed. */
function looksLikeText(b: Uint8Array): boolean {
  if (b.length === 0) return false
  for (const byte of b) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return false
    if (byte === 0x7f) return false
  }
  // A multi-byte character cut at the end of the head is fine: trim up to 3 trailing bytes.
  for (let cut = 0; cut <= 3 && cut < b.length; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, b.length - cut))
      return true
    } catch {
      // try a shorter slice
    }
  }
  return false
}

/** The label shown in the drive's File Type column for a stored MIME type. */
export function labelForMime(mime: string): string {
  for (const type of Object.values(FILE_TYPES)) if (type.mime === mime) return type.label
  return 'file'
}
