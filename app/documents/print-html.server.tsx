// A printed document's HTML (docs/decisions/0040): React rendered to static markup, with its print
// CSS inline, so the PDF page fetches nothing. The render-pdf pipeline prints the <title> in each
// page's header and "Page n of N" in the footer, on Letter. Nothing here may vary between two
// renders of the same record (no "printed at"): the content hash is the PDF cache's key.
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

const PRINT_CSS = `
*{box-sizing:border-box}
body{font:10pt/1.35 "DejaVu Sans",Arial,sans-serif;color:#111;margin:0;font-variant-ligatures:none}
h1{font-size:15pt;margin:0 0 4pt}
h2{font-size:11.5pt;margin:0 0 4pt;padding-bottom:2pt;border-bottom:1px solid #999}
.doc-sub{color:#444;margin:0 0 8pt}
section,.sheet-section{break-inside:avoid;margin:0 0 9pt}
a{color:inherit;text-decoration:none}
dl{display:grid;grid-template-columns:max-content 1fr max-content 1fr;gap:2pt 8pt;margin:0}
dt{font-weight:700;color:#333}
dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;vertical-align:top;padding:2pt 4pt;border-bottom:1px solid #ccc;overflow-wrap:break-word}
table.dense{font-size:8.5pt}
.nowrap{white-space:nowrap}
th{background:#eee}
td.num,th.num{text-align:right;white-space:nowrap}
thead{display:table-header-group}
tr{break-inside:avoid}
.form-section,.checklist__items{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:3pt 8pt}
.checklist{display:grid;gap:5pt}
.trio{grid-column:1/-1;border:0;margin:0;padding:0;min-width:0}
.trio legend{font-weight:700;padding:0}
.trio__fields{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:3pt 8pt}
.field--read{display:grid}
.field__label{font-weight:700;color:#333;font-size:8.5pt}
.field__value{white-space:pre-wrap;overflow-wrap:anywhere}
.sheet-section .field:has(.field__value:only-child){grid-column:auto}
.notice{border:1px solid #c90;background:#fff8e1;padding:4pt;margin:4pt 0}
.notice ul{margin:2pt 0;padding-left:12pt}
.muted{color:#555}
.void{color:#b00;font-weight:700}
`

/** The whole HTML document: `title` is what the page header prints. */
export function printHtml(title: string, body: ReactNode): string {
  const markup = renderToStaticMarkup(<>{body}</>)
  const escaped = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escaped}</title><style>${PRINT_CSS}</style></head><body>${markup}</body></html>`
}
