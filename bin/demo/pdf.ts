// A small real PDF (demo files and tests): plain PDF syntax (no compression), one line of text per page
// ('<text> <n>'), Helvetica, Letter pages and a correct cross-reference table, so pdf.js, Chromium
// and pdf tools read it without repairing it.

export interface SamplePdfOptions {
  /** bytes of PDF comment added to each page's content stream, to make a file of a given size */
  padBytesPerPage?: number
}

/** A PDF of `pages` pages; page n reads `${text} ${n}`. */
export function samplePdf(pages: number, text = 'Page', options: SamplePdfOptions = {}): Buffer {
  if (!Number.isInteger(pages) || pages < 1) throw new Error('A PDF needs at least one page')
  const escaped = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`)
  const pad = options.padBytesPerPage ? `% ${'x'.repeat(Math.max(0, options.padBytesPerPage - 3))}\n` : ''
  // objects 1: catalog, 2: page tree, 3: font, 4 … 3 + pages: the pages, then their contents.
  // The page objects sit together, as PDF producers write them, so a reader checking the page
  // tree (pdf.js looks at the last page on opening) reads one stretch of the file, not all of it.
  const objects: string[] = []
  const pageId = (n: number) => 4 + n
  const contentId = (n: number) => 4 + pages + n
  objects.push('<< /Type /Catalog /Pages 2 0 R >>')
  objects.push(`<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, n) => `${pageId(n)} 0 R`).join(' ')}] /Count ${pages} >>`)
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  for (let n = 0; n < pages; n++) {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId(n)} 0 R >>`)
  }
  for (let n = 0; n < pages; n++) {
    const stream = `${pad}BT /F1 24 Tf 72 700 Td (${escaped(`${text} ${n + 1}`)}) Tj ET\n`
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}endstream`)
  }
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
