// The DOCX content check before a conversion (and after an upload's directory check): the pixel
// budget read from every image's header, wherever the image sits in the zip and whatever its name.
import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { blankPng, sampleDocx, svgHugePictureDocx, svgPictureDocx as withSvgPicture } from '../tests/support/sample-docx.ts'
import { DOCUMENT_PROBLEMS, MAX_DOCX_IMAGE_PIXELS, MAX_DOCX_XML_BYTES, MAX_IMAGE_PIXELS, docxContentProblem, docxEntriesProblem, zipEntries } from './document-checks.server.ts'

/** A sample DOCX with more entries added as they are (not referenced by the document). */
async function withEntries(entries: Record<string, Buffer | string>): Promise<Buffer> {
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

const svg = (inner: string, head = '') => `${head}<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">${inner}</svg>`

describe('docxContentProblem: SVG drawings', () => {
  const png = blankPng(12_000, 12_000).toString('base64')

  it('refuses the 2.6 KB DOCX whose SVG holds a 12000 × 12000 PNG, with the message the viewer shows', async () => {
    const docx = await svgHugePictureDocx()
    expect(docx.length).toBeLessThan(4 * 1024)
    expect(await docxContentProblem(docx)).toBe(DOCUMENT_PROBLEMS.svgWithData)
    expect(DOCUMENT_PROBLEMS.svgWithData).toBe(
      'This DOCX document cannot be shown: it has a drawing (SVG) with a picture or other data inside it. Please save the drawing as a PNG or JPEG picture and upload it again.',
    )
  })

  it('finds the picture however the SVG hides it: character references, a style split by comments, UTF-16, entities, CSS escapes, another name', async () => {
    const hidden = [
      svg(`<image href="d&#97;t&#x61;:image/png;base64,${png}"/>`),
      svg(`<style>rect { mask-image: url(da<!-- -->ta:image/png;base64,${png}) }</style><rect width="10" height="10"/>`),
      svg(`<style><![CDATA[rect { mask-image: url(da]]><![CDATA[ta:image/png;base64,${png}) }]]></style>`),
      svg(`<rect style="mask-image: url(d\\61ta:image/png;base64,${png})"/>`),
      svg('<use href="&img;"/>', `<!DOCTYPE svg [<!ENTITY img "data:image/png;base64,${png}">]>`),
      svg(`<s:image xmlns:s="http://www.w3.org/2000/svg" href="data:image/png;base64,${png}"/>`).replace('xmlns="http://www.w3.org/2000/svg"', 'xmlns="http://www.w3.org/2000/&#115;vg"'),
    ]
    for (const text of hidden) expect(await docxContentProblem(await withSvgPicture(text)), text.slice(0, 120)).toBe(DOCUMENT_PROBLEMS.svgWithData)
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(svg(`<image href="data:image/png;base64,${png}"/>`), 'utf16le')])
    expect(await docxContentProblem(await withSvgPicture(utf16))).toBe(DOCUMENT_PROBLEMS.svgWithData)
    // any entry, whatever its name
    expect(await docxContentProblem(await withEntries({ 'word/media/drawing.bin': svg(`<image href="data:image/png;base64,${png}"/>`) }))).toBe(DOCUMENT_PROBLEMS.svgWithData)
  })

  it('accepts a plain vector drawing (as Word’s icons are), metadata and all', async () => {
    const icon = svg('<metadata>metadata: drawn for the storage report</metadata><path d="M0 0h10v10z" fill="#1a7f37"/><text>Storage data: bin 4</text>')
    expect(await docxContentProblem(await withSvgPicture(icon))).toBeNull()
  })
})

describe('docxContentProblem: the XML cap', () => {
  const bigXml = `<?xml version="1.0"?><w:document><w:body>${'<w:p/>'.repeat(Math.ceil((MAX_DOCX_XML_BYTES + 1024 * 1024) / 6))}</w:body></w:document>`

  it('refuses a small DOCX holding more than 10 MiB of XML: by the sizes its directory declares, and by what inflates when the directory lies', async () => {
    const docx = await withEntries({ 'customXml/item1.xml': bigXml })
    expect(docx.length).toBeLessThan(200 * 1024)
    expect(docxEntriesProblem(zipEntries(docx))).toBe(DOCUMENT_PROBLEMS.xmlTooLarge)
    expect(await docxContentProblem(docx)).toBe(DOCUMENT_PROBLEMS.xmlTooLarge)
    // the central directory says 100 bytes: the inflated XML is counted all the same
    const lying = Buffer.from(docx)
    const entry = zipEntries(lying)!.find((e) => e.name === 'customXml/item1.xml')!
    const at = lying.indexOf(Buffer.from('customXml/item1.xml'), lying.length - 4096) - 46
    expect(lying.readUInt32LE(at + 24)).toBe(entry.uncompressedSize)
    lying.writeUInt32LE(100, at + 24)
    expect(docxEntriesProblem(zipEntries(lying))).toBeNull()
    expect(await docxContentProblem(lying)).toBe(DOCUMENT_PROBLEMS.xmlTooLarge)
    expect(DOCUMENT_PROBLEMS.xmlTooLarge).toBe('This DOCX document cannot be shown: it has more than 10 MiB of text and layout (XML). Please split it into smaller documents and upload them again.')
  })

  it('counts XML by what it is, not its name; 2 MiB of it passes', async () => {
    expect(await docxContentProblem(await withEntries({ 'word/media/part.bin': bigXml }))).toBe(DOCUMENT_PROBLEMS.xmlTooLarge)
    expect(await docxContentProblem(await withEntries({ 'customXml/item1.xml': `<w:document>${'<w:p/>'.repeat(300_000)}</w:document>` }))).toBeNull()
  })
})
