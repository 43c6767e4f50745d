// The drive's viewer for its one opened row (`?open=<key>`): a PDF, an image or a DOCX (as its
// PDF). Close is a link to the drive without `open`; with JavaScript, Escape closes it too.
import { Link, useNavigate } from '@remix-run/react'
import { useEffect } from 'react'
import type { OpenedFile } from '#app/drive-viewer.server.ts'
import { DocxViewer } from './docx-viewer.tsx'
import { PdfViewer } from './pdf-viewer.tsx'

export interface FileViewerProps {
  file: OpenedFile
  /** where Close goes (the drive's URL without `open`) */
  closeHref: string
}

export function FileViewer({ file, closeHref }: FileViewerProps) {
  const navigate = useNavigate()
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      // Escape in a field or an open dialog belongs to them
      if (event.target instanceof Element && event.target.closest('input, textarea, select, dialog')) return
      if (document.querySelector('dialog[open]')) return
      navigate(closeHref, { preventScrollReset: true })
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [navigate, closeHref])
  return (
    <section className="drive-viewer" aria-label={`Viewer: ${file.name}`}>
      <header className="drive-viewer-head">
        <h2 className="drive-viewer-title">{file.name}</h2>
        <Link className="button button-secondary" to={closeHref} preventScrollReset>
          Close
        </Link>
      </header>
      <div className="drive-viewer-body">
        {file.kind === 'docx' ? (
          <DocxViewer key={file.key} file={file} />
        ) : file.kind === 'image' ? (
          <img className="drive-viewer-image" src={file.url} alt={file.name} />
        ) : (
          <PdfViewer key={file.key} url={file.url} name={file.name} />
        )}
      </div>
    </section>
  )
}
