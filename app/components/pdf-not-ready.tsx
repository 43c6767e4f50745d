// "PDF not ready — try again" (issue 12): what a PDF link shows instead of a broken page while the
// render-pdf job has not finished (or failed; it is logged). Try again is a plain link to the same URL.
export function PdfNotReady({ message, retryTo, backTo, backLabel }: { message: string; retryTo: string; backTo: string; backLabel: string }) {
  return (
    <div className="pdf-not-ready">
      <p className="notice" role="status">
        {message}
      </p>
      <p className="form-actions">
        <a href={retryTo} className="button">
          Try again
        </a>
        <a href={backTo} className="button button-secondary">
          {backLabel}
        </a>
      </p>
    </div>
  )
}
