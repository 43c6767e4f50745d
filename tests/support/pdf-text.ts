// A PDF's pages and text, read by pdf.js (what a test can say a document holds).
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes, verbosity: 0 }).promise
  let text = ''
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ')
  }
  const pages = doc.numPages
  await doc.destroy()
  return { pages, text }
}
