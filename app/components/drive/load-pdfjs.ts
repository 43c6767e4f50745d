// pdf.js is loaded only when a PDF is opened (it and its worker are about 1.5 MiB): never part of
// the drive page's first bundle. The legacy build, because staff use old phones and tablets. The
// worker is a file of the app's own (Vite's `?url`), so the Content-Security-Policy's 'self' covers it.
type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs')

let loading: Promise<Pdfjs> | undefined

export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default
      return pdfjs
    },
    (error: unknown) => {
      loading = undefined // a failed download (weak signal) may be tried again
      throw error
    },
  )
  return loading
}
