// Checks of a stored document before it is accepted (upload completion, no-JS upload): a DOCX that
// is not one, a DOCX that inflates past 200 MiB (zip bomb), an encrypted PDF. Only the bytes needed
// are read through the BlobStore: a DOCX's end (its zip central directory), a PDF's head and tail.
import type { BlobStore } from './blob-store.ts'
import type { FileType } from './file-types.ts'

/** A DOCX may inflate to at most this many bytes (its declared sizes here, its real ones when converted). */
export const MAX_DOCX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024

export const DOCUMENT_PROBLEMS = {
  notDocx: 'This file is not a valid DOCX document.',
  docxTooLarge: 'This DOCX document is too large when uncompressed (more than 200 MiB).',
  encryptedPdf: 'This PDF is password-protected (encrypted). Please upload a copy without a password.',
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

/** Why a list of zip entries is not an acceptable DOCX, or null. */
export function docxEntriesProblem(entries: readonly ZipEntry[] | null): string | null {
  if (!entries || !entries.some((e) => e.name === 'word/document.xml') || !entries.some((e) => e.name === '[Content_Types].xml')) {
    return DOCUMENT_PROBLEMS.notDocx
  }
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0)
  return declared > MAX_DOCX_UNCOMPRESSED_BYTES ? DOCUMENT_PROBLEMS.docxTooLarge : null
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
  const directory =
    inTail >= 0
      ? tail.subarray(inTail, inTail + end.directorySize)
      : await readRange(store, key, end.directoryOffset, end.directoryOffset + end.directorySize - 1)
  return docxEntriesProblem(parseCentralDirectory(directory, end.count))
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

