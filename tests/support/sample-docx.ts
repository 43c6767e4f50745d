// Small real DOCX files made in the tests (jszip), so no binary fixture hides what a test relies on:
// a heading, a table, an image and explicit page breaks (one page per `pages`). Plus bad files the
// document checks refuse: a corrupt one, a zip bomb, an SVG drawing with a huge picture inside.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import JSZip from 'jszip'
import { encodePng } from '../../bin/demo/png.ts'

export interface SampleDocxOptions {
  /** the first page's heading (default 'Storage audit report') */
  heading?: string
  /** pages, separated by explicit page breaks (default 2) */
  pages?: number
  /** paragraphs of body text on each page (default 3) */
  paragraphsPerPage?: number
  /** a table on the first page (default true) */
  table?: boolean
  /** a PNG image on the first page (default true) */
  image?: boolean
  /** the image's bytes (default a 4×4 red PNG) */
  imageBytes?: Buffer
  /** an alt chunk (w:altChunk) on the first page: an HTML part the document embeds as it is */
  altChunkHtml?: string
  /** hyperlinks on the first page, each to an external target */
  links?: readonly { text: string; target: string }[]
  /** the section's page size, w:pgSz (default true: Letter; false leaves it out) */
  pageSize?: boolean
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

// A 4×4 red PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGP4z8CAB+GTG8HSALfKY52fTcuYAAAAAElFTkSuQmCC', 'base64')

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const paragraph = (text: string, style?: string) => `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`
const pageBreak = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>'

function table(): string {
  const cell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr>${paragraph(text)}</w:tc>`
  const rows = [
    ['Storage', 'Variety', 'Temperature'],
    ['North bin 1', 'Russet Burbank', '45 °F'],
    ['South bin 4', 'Yukon Gold', '47 °F'],
  ]
  const borders = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`).join('')
  return `<w:tbl><w:tblPr><w:tblW w:w="9000" w:type="dxa"/><w:tblBorders>${borders}</w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>${rows
    .map((r) => `<w:tr>${r.map(cell).join('')}</w:tr>`)
    .join('')}</w:tbl>`
}

const image = `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="914400" cy="914400"/><wp:docPr id="1" name="Picture 1"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="1" name="image1.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImage1"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="914400"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`

const LOREM = 'The pile was inspected from the plenum to the top of the storage; air flow, humidity and temperature were read at every station and written on the check sheet.'

/** A valid DOCX (Word 2007+ zip) with a heading, a table, an image and `pages` pages. */
export async function sampleDocx(options: SampleDocxOptions = {}): Promise<Buffer> {
  const { heading = 'Storage audit report', pages = 2, paragraphsPerPage = 3, table: withTable = true, image: withImage = true, imageBytes = PNG, altChunkHtml, links = [], pageSize = true } = options
  const body: string[] = []
  const rels: string[] = [`<Relationship Id="rIdStyles" Type="${R}/styles" Target="styles.xml"/>`, `<Relationship Id="rIdImage1" Type="${R}/image" Target="media/image1.png"/>`]
  for (let page = 1; page <= pages; page++) {
    if (page > 1) body.push(pageBreak)
    body.push(paragraph(page === 1 ? heading : `Page ${page} findings`, 'Heading1'))
    if (page === 1 && altChunkHtml !== undefined) {
      body.push('<w:altChunk r:id="rIdAlt1"/>')
      rels.push(`<Relationship Id="rIdAlt1" Type="${R}/aFChunk" Target="alt1.html"/>`)
    }
    if (page === 1) {
      links.forEach((link, i) => {
        body.push(`<w:p><w:hyperlink r:id="rIdLink${i}"><w:r><w:t xml:space="preserve">${escapeXml(link.text)}</w:t></w:r></w:hyperlink></w:p>`)
        rels.push(`<Relationship Id="rIdLink${i}" Type="${R}/hyperlink" Target="${escapeXml(link.target).replace(/"/g, '&quot;')}" TargetMode="External"/>`)
      })
    }
    if (page === 1 && withTable) body.push(table())
    if (page === 1 && withImage) body.push(image)
    for (let i = 1; i <= paragraphsPerPage; i++) body.push(paragraph(`${i}. ${LOREM}`))
  }
  const zip = new JSZip()
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Default Extension="html" ContentType="text/html"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`,
  )
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`,
  )
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
  )
  zip.file(
    'word/styles.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${W}"><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:rPr><w:sz w:val="22"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:spacing w:after="240"/></w:pPr><w:rPr><w:b/><w:sz w:val="36"/></w:rPr></w:style></w:styles>`,
  )
  zip.file('word/media/image1.png', imageBytes)
  if (altChunkHtml !== undefined) zip.file('word/alt1.html', altChunkHtml)
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${body.join('')}<w:sectPr>${pageSize ? '<w:pgSz w:w="12240" w:h="15840"/>' : ''}<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  )
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
}

/** Starts like a DOCX (a zip's local header naming word/document.xml) but is cut short: not a valid zip. */
export async function corruptDocx(): Promise<Buffer> {
  const whole = await sampleDocx()
  return whole.subarray(0, Math.floor(whole.length / 2))
}

/**
 * A real DOCX whose one extra entry inflates to 210 MiB of zeros (about 200 KiB compressed). Made
 * once and kept in the temporary folder for the files after (jszip deflates 210 MiB in 4-6 s of CPU;
 * three files use it); written whole, then renamed, so a file never reads half of one.
 */
export async function zipBombDocx(): Promise<Buffer> {
  const kept = path.join(os.tmpdir(), 'test-zip-bomb-210MiB-v1.docx')
  if (fs.existsSync(kept)) return fs.readFileSync(kept)
  const zip = await JSZip.loadAsync(await sampleDocx({ pages: 1 }))
  zip.file('word/media/padding.bin', Buffer.alloc(210 * 1024 * 1024))
  const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } })
  const part = `${kept}.${process.pid}.${Math.random().toString(36).slice(2)}`
  fs.writeFileSync(part, bomb)
  fs.renameSync(part, kept)
  return bomb
}

/**
 * A real, decodable white PNG of `width` × `height` pixels, kept small: 1 bit per pixel, every row
 * the same, so a 16000 × 16000 image is about 40 KiB (a browser still decodes it to 1 GB of pixels).
 */
export function blankPng(width: number, height: number): Buffer {
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff)
  row[0] = 0 // filter: none
  return encodePng(width, height, 'bit', zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 }))
}

/** A DOCX whose picture is the SVG `svg`, declared image/svg+xml (so docx-preview hands it to Chromium as an SVG). */
export async function svgPictureDocx(svg: Buffer | string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await sampleDocx({ pages: 1 }))
  zip.file('word/media/image1.png', svg)
  const types = await zip.file('[Content_Types].xml')!.async('string')
  zip.file('[Content_Types].xml', types.replace('ContentType="image/png"', 'ContentType="image/svg+xml"'))
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
}

/** The 2.6 KB DOCX of issue 38: an SVG drawing, 100 × 100, holding a 12000 × 12000 PNG as a data: URL (1.7 GB to draw). */
export function svgHugePictureDocx(): Promise<Buffer> {
  const png = blankPng(12_000, 12_000).toString('base64')
  return svgPictureDocx(`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><image width="100" height="100" href="data:image/png;base64,${png}"/></svg>`)
}
