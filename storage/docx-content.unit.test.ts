// The DOCX content check before a conversion (and after an upload's directory check): the pixel
// budget read from every image's header, wherever the image sits in the zip and whatever its name.
import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { blankPng, sampleDocx } from '../tests/support/sample-docx.ts'
import { DOCUMENT_PROBLEMS, MAX_DOCX_IMAGE_PIXELS, MAX_IMAGE_PIXELS, docxContentProblem } from './document-checks.server.ts'

/** A sample DOCX with more entries added as they are (not referenced by the document). */
async function withEntries(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await sampleDocx({ pages: 1 }))
  for (const [name, bytes] of Object.entries(entries)) zip.file(name, bytes)
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
}

/** A baseline JPEG header of `width` × `height` after `metadataBytes` of APP1 segments (no picture data: only the size matters here). */
function jpegHeader(width: number, height: number, metadataBytes = 0): Buffer {
  const parts = [Buffer.from([0xff, 0xd8])]
  for (let left = metadataBytes; left > 0; left -= 65_533) {
    const length = Math.min(65_533, left)
    const segment = Buffer.alloc(length + 4, 0x20)
    segment.set([0xff, 0xe1], 0)
    segment.writeUInt16BE(length + 2, 2)
    parts.push(segment)
  }
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01])
  sof.writeUInt16BE(height, 5)
  sof.writeUInt16BE(width, 7)
  return Buffer.concat([...parts, sof, Buffer.from([0xff, 0xd9])])
}

describe('docxContentProblem: the pixel budget', () => {
  it('has the budget of decision 0043: 50 MP an image, 150 MP a document', () => {
    expect([MAX_IMAGE_PIXELS, MAX_DOCX_IMAGE_PIXELS]).toEqual([50_000_000, 150_000_000])
  })

  it('accepts a plain DOCX and refuses one whose PNG is 16000 × 16000', async () => {
    expect(await docxContentProblem(await sampleDocx())).toBeNull()
    expect(await docxContentProblem(await sampleDocx({ imageBytes: blankPng(16_000, 16_000) }))).toBe(DOCUMENT_PROBLEMS.imagesTooLarge)
  })

  it('looks at every entry, whatever its name: a large image named .xml is counted', async () => {
    expect(await docxContentProblem(await withEntries({ 'customXml/item9.xml': blankPng(10_000, 6_000) }))).toBe(DOCUMENT_PROBLEMS.imagesTooLarge)
  })

  it('counts all images together: four 40 MP images are over 150 MP, three pass', async () => {
    const image = blankPng(8_000, 5_000)
    const images = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`word/media/photo${i}.png`, image]))
    expect(await docxContentProblem(await withEntries(images(3)))).toBeNull()
    expect(await docxContentProblem(await withEntries(images(4)))).toBe(DOCUMENT_PROBLEMS.imagesTooLarge)
  })

  it('reads a JPEG’s size after its metadata; one whose size is past its first 16 MiB is refused', async () => {
    expect(await docxContentProblem(await withEntries({ 'word/media/photo.jpeg': jpegHeader(6_000, 4_000, 1024 * 1024) }))).toBeNull()
    expect(await docxContentProblem(await withEntries({ 'word/media/photo.jpeg': jpegHeader(9_000, 9_000, 1024 * 1024) }))).toBe(DOCUMENT_PROBLEMS.imagesTooLarge)
    expect(await docxContentProblem(await withEntries({ 'word/media/photo.jpeg': jpegHeader(100, 100, 17 * 1024 * 1024) }))).toBe(DOCUMENT_PROBLEMS.imagesTooLarge)
  })

  it('leaves alone what only starts like an image and is not one (a browser draws nothing of it)', async () => {
    expect(await docxContentProblem(await withEntries({ 'word/embeddings/notes.bin': Buffer.from('BM not a bitmap at all, just text') }))).toBeNull()
  })
})
