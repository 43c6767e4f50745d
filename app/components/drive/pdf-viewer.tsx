// A PDF in the page: one page at a time, drawn by pdf.js on a canvas at the viewer's width (or a
// zoom), Previous/Next, Download. The file is read by HTTP range requests (no auto-fetch, no
// stream), so a 300-page PDF opens at once and only the pages looked at are downloaded and drawn.
// Without JavaScript (or before it runs) the PDF opens in the browser's own viewer.
import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { loadPdfjs } from './load-pdfjs.ts'

const ZOOM_STEP = 1.25
const MIN_SCALE = 0.25
const MAX_SCALE = 4

export function PdfViewer({ url, name }: { url: string; name: string }) {
  const hydrated = useHydrated()
  if (!hydrated) {
    return (
      <p className="pdf-viewer-fallback">
        <a className="button" href={url} target="_blank" rel="noopener">
          Open PDF
        </a>
      </p>
    )
  }
  return <PdfCanvasViewer url={url} name={name} />
}

type Zoom = 'fit' | number

function PdfCanvasViewer({ url, name }: { url: string; name: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null)
  const [failed, setFailed] = useState(false)
  const [pageNumber, setPageNumber] = useState(1)
  const [zoom, setZoom] = useState<Zoom>('fit')
  const [scale, setScale] = useState(1) // the scale the current page is drawn at
  const [width, setWidth] = useState(0) // the page area's width, for fit-width
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const areaRef = useRef<HTMLDivElement>(null)
  const revalidator = useRevalidator()
  const askedForFreshUrl = useRef(false)

  useEffect(() => {
    let task: { destroy(): Promise<void> } | undefined
    let cancelled = false
    // a new URL for the same file (the page's data was reloaded): the reader stays on their page
    setFailed(false)
    loadPdfjs()
      .then((pdfjs) => {
        if (cancelled) return
        const loading = pdfjs.getDocument({ url, disableAutoFetch: true, disableStream: true, isEvalSupported: false })
        task = loading
        return loading.promise.then((loaded) => {
          if (cancelled) return
          setDoc(loaded)
          setPageNumber((n) => Math.min(n, loaded.numPages))
        })
      })
      .catch(() => {
        if (!cancelled) setFailed(true)
      })
    return () => {
      cancelled = true
      void task?.destroy()
    }
  }, [url])

  useEffect(() => {
    const area = areaRef.current
    if (!area) return
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)))
    observer.observe(area)
    return () => observer.disconnect()
  }, [doc])

  useEffect(() => {
    const canvas = canvasRef.current
    if (!doc || !canvas || (zoom === 'fit' && width === 0)) return
    let render: RenderTask | undefined
    let cancelled = false
    doc
      .getPage(pageNumber)
      .then((page) => {
        if (cancelled) return
        const natural = page.getViewport({ scale: 1 })
        const pageScale = zoom === 'fit' ? width / natural.width : zoom
        const viewport = page.getViewport({ scale: pageScale })
        const ratio = window.devicePixelRatio || 1
        canvas.width = Math.floor(viewport.width * ratio)
        canvas.height = Math.floor(viewport.height * ratio)
        canvas.style.width = `${Math.floor(viewport.width)}px`
        canvas.style.height = `${Math.floor(viewport.height)}px`
        setScale(pageScale)
        delete canvas.dataset.drawn
        render = page.render({ canvasContext: canvas.getContext('2d')!, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] })
        // which page the canvas shows once it is drawn (the bench waits for it)
        return render.promise.then(() => {
          canvas.dataset.drawn = String(pageNumber)
          askedForFreshUrl.current = false
        })
      })
      .catch((error: unknown) => {
        if (cancelled || (error as Error)?.name === 'RenderingCancelledException') return
        // The signed URL lives 10 minutes: a reader who stays longer gets a fresh one from the
        // page's loader (once), and the document is opened again on the same page.
        if (askedForFreshUrl.current) return setFailed(true)
        askedForFreshUrl.current = true
        revalidator.revalidate()
      })
    return () => {
      cancelled = true
      render?.cancel()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- not revalidator: it changes as its reload goes, and a new draw would cancel the one that asked
  }, [doc, pageNumber, zoom, width])

  if (failed) {
    return (
      <div className="pdf-viewer">
        <p className="notice notice-error" role="alert">
          This PDF could not be shown here.{' '}
          <a href={url} target="_blank" rel="noopener">
            Open PDF
          </a>
        </p>
      </div>
    )
  }
  if (!doc) {
    return (
      <p className="muted" role="status">
        Loading PDF…
      </p>
    )
  }
  const pages = doc.numPages
  const zoomBy = (factor: number) => setZoom(Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale * factor)))
  return (
    <div className="pdf-viewer">
      <div className="pdf-toolbar" role="toolbar" aria-label="PDF">
        <span className="pdf-toolbar-group">
          <button type="button" className="button button-secondary" onClick={() => setPageNumber((n) => n - 1)} disabled={pageNumber <= 1}>
            Previous
          </button>
          <span className="pdf-page-count" aria-live="polite">
            Page {pageNumber} of {pages}
          </span>
          <button type="button" className="button button-secondary" onClick={() => setPageNumber((n) => n + 1)} disabled={pageNumber >= pages}>
            Next
          </button>
        </span>
        <span className="pdf-toolbar-group">
          <button type="button" className="button button-secondary" onClick={() => zoomBy(1 / ZOOM_STEP)} disabled={scale <= MIN_SCALE} aria-label="Zoom out">
            −
          </button>
          <span className="pdf-zoom" aria-live="polite">
            {Math.round(scale * 100)}%
          </span>
          <button type="button" className="button button-secondary" onClick={() => zoomBy(ZOOM_STEP)} disabled={scale >= MAX_SCALE} aria-label="Zoom in">
            +
          </button>
          <button type="button" className="button button-secondary" onClick={() => setZoom('fit')} aria-pressed={zoom === 'fit'}>
            Fit width
          </button>
          <a className="button button-secondary" href={url} download={name}>
            Download
          </a>
        </span>
      </div>
      <div className="pdf-page-area" ref={areaRef}>
        <canvas ref={canvasRef} className="pdf-page" role="img" aria-label={`${name}, page ${pageNumber}`} />
      </div>
    </div>
  )
}
