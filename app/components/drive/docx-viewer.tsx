// A DOCX is shown as the PDF it is converted to. While the conversion runs the viewer says
// 'Converting…': with JavaScript it asks GET /api/convert/ (which answers as soon as the PDF is
// ready, or after `wait` ms with 202) until there is an answer; without it the page reloads
// itself every 2 seconds (a refresh inside <noscript>, so it never fires when the script polls).
import { useEffect, useState } from 'react'
import type { OpenedFile } from '#app/drive-viewer.server.ts'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { PdfViewer } from './pdf-viewer.tsx'

type DocxFile = Extract<OpenedFile, { kind: 'docx' }>
type Conversion = { status: 'pending' } | { status: 'done'; url: string } | { status: 'failed'; error: string }

/** How long one poll may wait on the server (the contract allows up to 25 s). */
export const POLL_WAIT_MS = 10_000
/** Pause before asking again after the network failed (weak signal in a storage). */
const RETRY_MS = 2_000
/** Polls are at least this far apart. */
const MIN_POLL_MS = 1_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export const CONVERSION_FAILED = 'This document could not be converted.'

export function DocxViewer({ file }: { file: DocxFile }) {
  const hydrated = useHydrated()
  const conversion = useConversion(file, hydrated)
  if (conversion.status === 'done') return <PdfViewer url={conversion.url} name={file.name.replace(/\.docx$/i, '') + '.pdf'} />
  if (conversion.status === 'failed') {
    return (
      <p className="notice notice-error" role="alert">
        {conversion.error}
      </p>
    )
  }
  return (
    <>
      <p className="drive-viewer-converting" role="status">
        Converting…
      </p>
      <noscript>
        <meta httpEquiv="refresh" content="2" />
      </noscript>
    </>
  )
}

function initial(file: DocxFile): Conversion {
  if (file.status === 'done') return { status: 'done', url: file.url }
  if (file.status === 'failed') return { status: 'failed', error: file.error }
  return { status: 'pending' }
}

/** The conversion's state, polled from /api/convert/ while it is pending (with JavaScript). */
function useConversion(file: DocxFile, hydrated: boolean): Conversion {
  const [conversion, setConversion] = useState<Conversion>(() => initial(file))
  useEffect(() => setConversion(initial(file)), [file])
  const pending = hydrated && conversion.status === 'pending'
  useEffect(() => {
    if (!pending) return
    const abort = new AbortController()
    const poll = async (): Promise<void> => {
      while (!abort.signal.aborted) {
        try {
          const asked = Date.now()
          const response = await fetch(`/api/convert/?url=${encodeURIComponent(file.key)}&wait=${POLL_WAIT_MS}`, { signal: abort.signal, headers: { Accept: 'application/json' } })
          if (response.status === 202) {
            // the server waited for the PDF; should it answer at once, do not ask in a tight loop
            await sleep(Math.max(0, MIN_POLL_MS - (Date.now() - asked)))
            continue
          }
          const body = (await response.json().catch(() => ({}))) as { pdf_url?: unknown; error?: unknown }
          if (response.ok && typeof body.pdf_url === 'string') return setConversion({ status: 'done', url: body.pdf_url })
          return setConversion({ status: 'failed', error: typeof body.error === 'string' && body.error ? body.error : CONVERSION_FAILED })
        } catch {
          if (abort.signal.aborted) return
          await sleep(RETRY_MS)
        }
      }
    }
    void poll()
    return () => abort.abort()
  }, [pending, file.key])
  return conversion
}
