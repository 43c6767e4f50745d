// Checks of a stored document before it is accepted (upload completion, no-JS upload) and before it
// is converted: a DOCX that is not one, a DOCX that inflates past 200 MiB (zip bomb), a DOCX whose
// images are too large to decode (a pixel budget: docs/decisions/0043), an encrypted PDF. A DOCX's
// central directory is read first (its end only); when that is sound, the DOCX (at most the upload
// cap) is read and every entry inflated, counting its real size and reading the size of every
// image it holds from the image's header. Its XML is capped (declared sizes, then real ones), and an
// SVG holding embedded data (a picture in a data: URL) is refused (docs/decisions/0080). A PDF's
// head and tail only.
import zlib from 'node:zlib'
import { imageSize } from 'image-size'
import type { BlobStore } from './blob-store.ts'
import type { FileType } from './file-types.ts'

/** A DOCX may inflate to at most this many bytes (its declared sizes first, then its real ones). */
export const MAX_DOCX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024
/** One image of a DOCX may have at most this many pixels (a 50 MP camera photo; a browser decodes it to 4 bytes a pixel). */
export const MAX_IMAGE_PIXELS = 50_000_000
/** All the images of a DOCX together (about 12 uncompressed 12 MP phone photos). */
export const MAX_DOCX_IMAGE_PIXELS = 150_000_000
/** The XML of a DOCX (its text and layout, every part that reads as XML) may inflate to at most this many bytes. */
export const MAX_DOCX_XML_BYTES = 10 * 1024 * 1024

export const DOCUMENT_PROBLEMS = {
  notDocx: 'This file is not a valid DOCX document.',
  docxTooLarge: 'This DOCX document is too large when uncompressed (more than 200 MiB).',
  imagesTooLarge: 'This DOCX document has images too large to convert (more than 50 megapixels in one image, or 150 megapixels in all). Please make the pictures smaller and upload it again.',
  encryptedPdf: 'This PDF is password-protected (encrypted). Please upload a copy without a password.',
  xmlTooLarge: 'This DOCX document cannot be shown: it has more than 10 MiB of text and layout (XML). Please split it into smaller documents and upload them again.',
  svgWithData: 'This DOCX document cannot be shown: it has a drawing (SVG) with a picture or other data inside it. Please save the drawing as a PNG or JPEG picture and upload it again.',
} as const

export interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  /** as declared by the central directory (a zip bomb may lie; the converter counts the real bytes) */
  uncompressedSize: number
  /** offset of the entry's local header */
  localHeaderOffset: number
}

const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
/** end of central directory record (22 bytes) + the longest zip comment */
const MAX_EOCD_BYTES = 22 + 0xffff
/** a DOCX's central directory is a few KiB; anything this big is not a document */
const MAX_CENTRAL_DIRECTORY_BYTES = 4 * 1024 * 1024

/** The end of central directory record in `tail` (the last bytes of a `size`-byte file), or null. */
function findEndOfCentralDirectory(tail: Buffer, size: number): { count: number; directorySize: number; directoryOffset: number } | null {
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD_SIGNATURE) continue
    const commentLength = tail.readUInt16LE(i + 20)
    if (i + 22 + commentLength !== tail.length) continue
    const count = tail.readUInt16LE(i + 10)
    const directorySize = tail.readUInt32LE(i + 12)
    const directoryOffset = tail.readUInt32LE(i + 16)
    // ZIP64 markers (0xffff / 0xffffffff): no DOCX needs them, and they would hide the real sizes
    if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) return null
    const tailStart = size - tail.length
    if (directoryOffset + directorySize > tailStart + i) return null
    return { count, directorySize, directoryOffset }
  }
  return null
}

/** The entries of a zip's central directory, or null when `directory` is not one. */
export function parseCentralDirectory(directory: Buffer, count: number): ZipEntry[] | null {
  const entries: ZipEntry[] = []
  let o = 0
  for (let n = 0; n < count; n++) {
    if (o + 46 > directory.length || directory.readUInt32LE(o) !== CENTRAL_SIGNATURE) return null
    const nameLength = directory.readUInt16LE(o + 28)
    const extraLength = directory.readUInt16LE(o + 30)
    const commentLength = directory.readUInt16LE(o + 32)
    if (o + 46 + nameLength > directory.length) return null
    entries.push({
      name: directory.toString('utf8', o + 46, o + 46 + nameLength),
      method: directory.readUInt16LE(o + 10),
      compressedSize: directory.readUInt32LE(o + 20),
      uncompressedSize: directory.readUInt32LE(o + 24),
      localHeaderOffset: directory.readUInt32LE(o + 42),
    })
    o += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** The central directory of a whole zip held in memory (the converter's copy), or null. */
export function zipEntries(bytes: Buffer): ZipEntry[] | null {
  const tail = bytes.subarray(Math.max(0, bytes.length - MAX_EOCD_BYTES))
  const end = findEndOfCentralDirectory(tail, bytes.length)
  if (!end) return null
  return parseCentralDirectory(bytes.subarray(end.directoryOffset, end.directoryOffset + end.directorySize), end.count)
}

/** Why a list of zip entries is not an acceptable DOCX, or null (by the sizes they declare: the real ones are counted while inflating). */
export function docxEntriesProblem(entries: readonly ZipEntry[] | null): string | null {
  if (!entries || !entries.some((e) => e.name === 'word/document.xml') || !entries.some((e) => e.name === '[Content_Types].xml')) {
    return DOCUMENT_PROBLEMS.notDocx
  }
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0)
  if (declared > MAX_DOCX_UNCOMPRESSED_BYTES) return DOCUMENT_PROBLEMS.docxTooLarge
  const declaredXml = entries.filter((e) => /\.(xml|rels)$/i.test(e.name)).reduce((sum, e) => sum + e.uncompressedSize, 0)
  return declaredXml > MAX_DOCX_XML_BYTES ? DOCUMENT_PROBLEMS.xmlTooLarge : null
}

/** The sizes a BMP's second header has (what browsers read); text that only starts with "BM" has none of them. */
const BMP_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124])

/**
 * Whether `head` starts like an image format a browser decodes into a bitmap (PNG, JPEG, GIF, BMP,
 * WebP, ICO/CUR, AVIF/HEIF). Formats a browser does not draw (TIFF, EMF, WMF…) cost it nothing, and
 * SVG is drawn at the size it is shown.
 */
function decodableImage(head: Buffer): boolean {
  if (head.length < 18) return head.length >= 2 && head[0] === 0xff && head[1] === 0xd8
  const ascii = (from: number, to: number) => head.toString('latin1', from, to)
  return (
    head.readUInt32BE(0) === 0x89504e47 || // PNG
    (head[0] === 0xff && head[1] === 0xd8) || // JPEG
    ascii(0, 4) === 'GIF8' ||
    (ascii(0, 2) === 'BM' && head.length >= 18 && BMP_HEADER_SIZES.has(head.readUInt32LE(14))) ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') ||
    head.readUInt32BE(0) === 0x00000100 || // ICO
    head.readUInt32BE(0) === 0x00000200 || // CUR
    ascii(4, 8) === 'ftyp' // AVIF, HEIF
  )
}

/** An image's header is read from at most this much of its start (a JPEG's size comes after its metadata). */
const IMAGE_HEAD_BYTES = 16 * 1024 * 1024
/** The image's size is looked for when this much of it is there, then at each doubling. */
const FIRST_IMAGE_LOOK = 64 * 1024

/** The pixels of the image whose start is `head` (the largest one of an icon), or null when no size can be read. */
function pixelsOf(head: Buffer): number | null {
  try {
    const size = imageSize(head)
    const largest = [size, ...(size.images ?? [])].reduce((a, b) => Math.max(a, b.width * b.height), 0)
    return Number.isFinite(largest) ? largest : null
  } catch {
    return null
  }
}

/** What an entry of a DOCX holds, as far as the checks need it. */
interface EntryFacts {
  /** its real (inflated) size, or more than the budget when past it */
  bytes: number
  /** its bytes, when it reads as XML (docx-preview parses it, or Chromium draws it as an SVG), up to the XML budget */
  xml?: Buffer
  /** its pixels, when it is an image a browser decodes and its size was read */
  pixels?: number
  /** an image whose size was not found in the part of it that was kept (it may lie further on) */
  unmeasured?: boolean
}

/** Bytes an XML text may start with before its first '<': whitespace, a byte order mark, UTF-16's zero bytes. */
const XML_LEAD = new Set([0x00, 0x09, 0x0a, 0x0d, 0x20, 0xef, 0xbb, 0xbf, 0xfe, 0xff])

/**
 * Inflates (or copies) one entry, counting its bytes up to `budget` (up to `xmlBudget` when it reads
 * as XML: its first byte past whitespace and a byte order mark is '<'), keeping an XML entry's bytes
 * and reading an image's size on the way.
 */
async function entryFacts(data: Buffer, method: number, budget: number, xmlBudget: number): Promise<EntryFacts> {
  const head: Buffer[] = []
  let bytes = 0
  let image: boolean | undefined
  let pixels: number | null = null
  let nextLook = FIRST_IMAGE_LOOK
  let xml: boolean | undefined
  const xmlChunks: Buffer[] = []
  const take = (chunk: Buffer) => {
    const before = bytes
    bytes += chunk.length
    if (xml === undefined) {
      const first = chunk.findIndex((byte) => !XML_LEAD.has(byte))
      if (first >= 0) xml = chunk[first] === 0x3c
    }
    if (xml !== false && bytes <= xmlBudget) xmlChunks.push(chunk)
    if (image === false || pixels !== null) return
    if (before < IMAGE_HEAD_BYTES) head.push(chunk.subarray(0, IMAGE_HEAD_BYTES - before))
    const kept = Math.min(bytes, IMAGE_HEAD_BYTES)
    if (image === undefined && kept >= 18) image = decodableImage(Buffer.concat(head))
    if (image && kept >= nextLook) {
      pixels = pixelsOf(Buffer.concat(head))
      nextLook = kept * 2
    }
  }
  if (method === 0) take(data)
  else {
    const inflater = zlib.createInflateRaw()
    inflater.end(data)
    try {
      for await (const chunk of inflater) {
        take(chunk as Buffer)
        if (bytes > budget || (xml && bytes > xmlBudget)) break
      }
    } finally {
      inflater.destroy()
    }
  }
  if (xml) return { bytes, xml: Buffer.concat(xmlChunks) }
  image ??= decodableImage(Buffer.concat(head))
  if (!image) return { bytes }
  pixels ??= pixelsOf(Buffer.concat(head))
  // unreadable and whole: a browser cannot decode it either (a broken picture costs nothing)
  if (pixels === null) return bytes > IMAGE_HEAD_BYTES ? { bytes, unmeasured: true } : { bytes }
  return { bytes, pixels }
}

/** The text of XML bytes: UTF-16 by its byte order mark or the zero byte beside its first '<'; otherwise byte for byte (every other encoding a browser reads XML in keeps ASCII as it is). */
function xmlText(bytes: Buffer): string {
  const lt = bytes.indexOf(0x3c)
  const bigEndian = (bytes[0] === 0xfe && bytes[1] === 0xff) || (lt > 0 && bytes[lt - 1] === 0x00)
  const littleEndian = (bytes[0] === 0xff && bytes[1] === 0xfe) || (lt >= 0 && bytes[lt + 1] === 0x00)
  if (bigEndian)
    return Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)))
      .swap16()
      .toString('utf16le')
  if (littleEndian) return bytes.toString('utf16le')
  return bytes.toString('latin1')
}

/** XML's character references and predefined entities decoded (&#100; → d, &quot; → "), once, as an XML parser does. */
function decodeReferences(text: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
  return text.replace(/&(#x[0-9a-f]{1,8}|#[0-9]{1,10}|lt|gt|amp|quot|apos);/gi, (_, ref: string) => {
    if (ref[0] !== '#') return named[ref.toLowerCase()]!
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1))
    return code <= 0x10ffff ? String.fromCodePoint(code) : ''
  })
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg'
/** A data: URL's scheme where a URL may start (not inside a word such as 'metadata:'). */
const DATA_URL = /(^|[^a-z0-9+.-])data:/i
/** One attribute of a start tag: its value quoted (a '>' may sit inside it). */
const ATTRIBUTE = /^\s+[^\s=/>]+\s*=\s*(?:"([^"]*)"|'([^']*)')/

/**
 * Where an SVG's markup holds URLs: every attribute value, and the text of its style elements (CSS
 * reads it joined, however comments, CDATA sections or child elements split it); character
 * references decoded. Read with a small tokenizer, so a quote or a '>' in text or in a value cannot
 * hide a value.
 */
function urlPlaces(raw: string): string[] {
  const places: string[] = []
  let style = ''
  let inStyle = 0
  const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase()
  for (let i = 0; i < raw.length;) {
    const lt = raw.indexOf('<', i)
    if (inStyle > 0) style += raw.slice(i, lt < 0 ? raw.length : lt)
    if (lt < 0) break
    const past = (marker: string, from: number) => {
      const at = raw.indexOf(marker, from)
      return at < 0 ? raw.length : at + marker.length
    }
    if (raw.startsWith('<!--', lt)) i = past('-->', lt + 4)
    else if (raw.startsWith('<![CDATA[', lt)) {
      i = past(']]>', lt + 9)
      if (inStyle > 0) style += raw.slice(lt + 9, i - 3)
    } else if (raw.startsWith('<?', lt)) i = past('?>', lt + 2)
    else if (raw.startsWith('<!', lt) || raw.startsWith('</', lt)) {
      i = past('>', lt + 2)
      if (raw[lt + 1] === '/' && localName(raw.slice(lt + 2, i - 1).trim()) === 'style' && inStyle > 0) inStyle--
    } else {
      const name = /^<([^\s/>]*)/.exec(raw.slice(lt, lt + 256))![1]!
      let at = lt + 1 + name.length
      for (let attribute: RegExpExecArray | null; (attribute = ATTRIBUTE.exec(raw.slice(at, at + 64 * 1024 * 1024))); at += attribute[0].length) {
        places.push(decodeReferences(attribute[1] ?? attribute[2] ?? ''))
      }
      i = past('>', at)
      if (localName(name) === 'style' && raw[i - 2] !== '/') inStyle++
    }
  }
  return [...places, decodeReferences(style)]
}

/**
 * Whether the XML `bytes` are an SVG that carries data inside it, which Chromium would decode
 * whatever the pixel budget says: a data: URL (a picture, a font, another SVG) in an attribute or a
 * style, or what could hide one: a document type with its own declarations (entities, default
 * attributes), a CSS escape (a backslash) where URLs are read. Only an SVG is looked at (its root is
 * in the SVG namespace): a plain vector drawing, such as Word's icons, passes.
 */
export function svgHoldsData(bytes: Buffer): boolean {
  const raw = xmlText(bytes)
  if (!/svg/i.test(raw)) return false
  if (/<!(ENTITY|ATTLIST)/i.test(raw)) return true
  if (!decodeReferences(raw).includes(SVG_NAMESPACE)) return false
  return urlPlaces(raw).some((place) => DATA_URL.test(place) || place.includes('\\'))
}

/**
 * Why the whole DOCX `bytes` cannot be converted, or null: not a DOCX (no central directory, a
 * damaged or unknown entry), more than 200 MiB inflated (counted while inflating: a zip bomb may lie
 * in its directory), or images over the pixel budget: one over MAX_IMAGE_PIXELS, all together over
 * MAX_DOCX_IMAGE_PIXELS, or an image longer than 16 MiB whose size is not in its first 16 MiB (a
 * JPEG's comes after its metadata), more than MAX_DOCX_XML_BYTES of XML (counted by content while
 * inflating), or an SVG drawing that holds data (svgHoldsData).
 * A browser decodes an image wherever it sits and whatever its name says, so every entry is looked at.
 */
export async function docxContentProblem(bytes: Buffer): Promise<string | null> {
  const entries = zipEntries(bytes)
  const declared = docxEntriesProblem(entries)
  if (declared) return declared
  let total = 0
  let xmlTotal = 0
  let pixels = 0
  for (const entry of entries!) {
    const o = entry.localHeaderOffset
    if (o + 30 > bytes.length || bytes.readUInt32LE(o) !== 0x04034b50) return DOCUMENT_PROBLEMS.notDocx
    if (entry.method !== 0 && entry.method !== 8) return DOCUMENT_PROBLEMS.notDocx
    const start = o + 30 + bytes.readUInt16LE(o + 26) + bytes.readUInt16LE(o + 28)
    let facts: EntryFacts
    try {
      facts = await entryFacts(bytes.subarray(start, start + entry.compressedSize), entry.method, MAX_DOCX_UNCOMPRESSED_BYTES - total, MAX_DOCX_XML_BYTES - xmlTotal)
    } catch {
      return DOCUMENT_PROBLEMS.notDocx
    }
    total += facts.bytes
    if (total > MAX_DOCX_UNCOMPRESSED_BYTES) return DOCUMENT_PROBLEMS.docxTooLarge
    if (facts.xml) {
      xmlTotal += facts.bytes
      if (xmlTotal > MAX_DOCX_XML_BYTES) return DOCUMENT_PROBLEMS.xmlTooLarge
      if (svgHoldsData(facts.xml)) return DOCUMENT_PROBLEMS.svgWithData
    }
    if (facts.unmeasured || (facts.pixels ?? 0) > MAX_IMAGE_PIXELS) return DOCUMENT_PROBLEMS.imagesTooLarge
    pixels += facts.pixels ?? 0
    if (pixels > MAX_DOCX_IMAGE_PIXELS) return DOCUMENT_PROBLEMS.imagesTooLarge
  }
  return null
}

async function readRange(store: BlobStore, key: string, start: number, end: number): Promise<Buffer> {
  if (end < start) return Buffer.alloc(0)
  const chunks: Buffer[] = []
  for await (const chunk of await store.getStream(key, { start, end })) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function docxProblem(store: BlobStore, key: string, type: FileType, size: number): Promise<string | null> {
  if (type.label !== 'docx' || size < 22) return DOCUMENT_PROBLEMS.notDocx
  const tailStart = Math.max(0, size - MAX_EOCD_BYTES)
  const tail = await readRange(store, key, tailStart, size - 1)
  const end = findEndOfCentralDirectory(tail, size)
  if (!end || end.directorySize > MAX_CENTRAL_DIRECTORY_BYTES) return DOCUMENT_PROBLEMS.notDocx
  const inTail = end.directoryOffset - tailStart
  const directory = inTail >= 0 ? tail.subarray(inTail, inTail + end.directorySize) : await readRange(store, key, end.directoryOffset, end.directoryOffset + end.directorySize - 1)
  const declared = docxEntriesProblem(parseCentralDirectory(directory, end.count))
  if (declared) return declared
  // a sound directory: the whole file (at most the upload cap) is inflated, its images measured
  return docxContentProblem(await readRange(store, key, 0, size - 1))
}

/** An encrypted PDF names its /Encrypt dictionary in the trailer: at the end, or at the start when linearized. */
const PDF_TRAILER_BYTES = 64 * 1024

async function pdfProblem(store: BlobStore, key: string, size: number): Promise<string | null> {
  const head = await store.readHead(key, PDF_TRAILER_BYTES)
  const tail = size > PDF_TRAILER_BYTES ? await readRange(store, key, size - PDF_TRAILER_BYTES, size - 1) : Buffer.alloc(0)
  const encrypted = [head, tail].some((part) => /\/Encrypt[\s/<]/.test(part.toString('latin1')))
  return encrypted ? DOCUMENT_PROBLEMS.encryptedPdf : null
}

/** The user-facing reason to refuse the stored object at `key`, or null when it is fine. */
export async function documentProblem(store: BlobStore, key: string, type: FileType, name: string, size: number): Promise<string | null> {
  if (type.label === 'docx' || /\.docx$/i.test(name)) return docxProblem(store, key, type, size)
  if (type.label === 'pdf') return pdfProblem(store, key, size)
  return null
}
