// A PDF the app renders, in a light box (issue 12; docs/decisions/0040): a link that, without
// JavaScript, is the PDF itself (a GET route that redirects to it); with JavaScript it opens a
// <dialog> named after the document, asks the convert call for the URL (POST with the CSRF header:
// { pdf_url } or 503 { error: 'PDF not ready — try again' }) and shows it in the drive's pdf.js
// viewer. Escape or Close closes it; "Try again" asks again.
import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { PdfViewer } from '#app/components/drive/pdf-viewer.tsx'
import { Icon } from '#app/components/icons.tsx'
import { useCsrfToken } from '#app/components/csrf.tsx'

const NOT_READY = 'PDF not ready — try again'

type Answer = { state: 'asking' } | { state: 'ready'; url: string } | { state: 'failed'; message: string }

/** POSTs `convertUrl` and reads { pdf_url } or { error }; anything else is the not-ready message. */
async function askPdf(convertUrl: string, csrf: string): Promise<Answer> {
  try {
    const response = await fetch(convertUrl, { method: 'POST', headers: { 'X-CSRF-Token': csrf, Accept: 'application/json' } })
    const body = (await response.json().catch(() => ({}))) as { pdf_url?: unknown; error?: unknown }
    if (response.ok && typeof body.pdf_url === 'string') return { state: 'ready', url: body.pdf_url }
    return { state: 'failed', message: typeof body.error === 'string' && response.status !== 503 ? body.error : NOT_READY }
  } catch {
    return { state: 'failed', message: NOT_READY }
  }
}

export function PdfLightbox({ title, convertUrl, onClose }: { title: string; convertUrl: string; onClose: () => void }) {
  const csrf = useCsrfToken()
  const [answer, setAnswer] = useState<Answer>({ state: 'asking' })
  const [attempt, setAttempt] = useState(0)
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    let current = true
    setAnswer({ state: 'asking' })
    void askPdf(convertUrl, csrf).then((a) => current && setAnswer(a))
    return () => {
      current = false
    }
  }, [convertUrl, csrf, attempt])

  useEffect(() => {
    ref.current?.focus()
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onClose])

  return createPortal(
    // React events bubble through a portal: a click in here must not reach the list row below.
    // The backdrop is no control (presentation): a click on it closes, as Escape and Close do from the keys.
    <div
      role="presentation"
      className="modal-backdrop"
      onClick={(e) => {
        e.stopPropagation()
        if (e.target === e.currentTarget) onClose()
      }}
    >
      <dialog open className="modal pdf-lightbox" aria-modal="true" aria-labelledby="pdf-lightbox-title" ref={ref} tabIndex={-1} style={{ width: 'min(960px, 100%)' }}>
        <h2 id="pdf-lightbox-title">{title}</h2>
        <button type="button" className="icon-button modal-close" aria-label="Close" onClick={onClose}>
          <Icon name="close" />
        </button>
        {answer.state === 'asking' ? (
          <p className="muted" role="status">
            Preparing the PDF…
          </p>
        ) : answer.state === 'ready' ? (
          <PdfViewer url={answer.url} name={`${title}.pdf`} />
        ) : (
          <div className="pdf-not-ready">
            <p className="notice" role="status">
              {answer.message}
            </p>
            <p className="form-actions">
              <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
            </p>
          </div>
        )}
      </dialog>
    </div>,
    document.body,
  )
}

/** A link to a PDF route that, with JavaScript, opens the PDF in the light box instead. */
export function PdfLink({ href, convertUrl, title, children, label }: { href: string; convertUrl: string; title: string; children: ReactNode; label?: string }) {
  const [open, setOpen] = useState(false)
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return // a new tab gets the PDF itself
    event.preventDefault()
    setOpen(true)
  }
  return (
    <>
      <a href={href} type="application/pdf" onClick={onClick} className="pdf-link" aria-label={label} style={{ position: 'relative', zIndex: 1 }}>
        {children}
      </a>
      {open ? <PdfLightbox title={title} convertUrl={convertUrl} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

/**
 * A POST form to a PDF route (the print summary): without JavaScript the server answers with the
 * PDF (a redirect); with it the same POST is sent by fetch and the PDF opens in the light box.
 */
export function PdfForm({ action, title, children }: { action: string; title: string; children: ReactNode }) {
  const csrf = useCsrfToken()
  const [open, setOpen] = useState(false)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setOpen(true)
  }
  return (
    <form method="post" action={action} onSubmit={onSubmit} className="pdf-form">
      <input type="hidden" name="csrf" value={csrf} />
      {children}
      {open ? <PdfLightbox title={title} convertUrl={action} onClose={() => setOpen(false)} /> : null}
    </form>
  )
}
