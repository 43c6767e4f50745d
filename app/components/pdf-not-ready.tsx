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

/**
 * A PDF route's page under its title: "not ready, try again", or, where there is nothing to try
 * again (`retryTo` null: a request it could not read), the message as a refusal and the way back.
 */
export function PdfPage({ title, message, retryTo, backTo, backLabel }: { title: string; message: string; retryTo: string | null; backTo: string; backLabel: string }) {
  return (
    <>
      <h1>{title}</h1>
      {retryTo ? (
        <PdfNotReady message={message} retryTo={retryTo} backTo={backTo} backLabel={backLabel} />
      ) : (
        <>
          <p className="field-error" role="alert">
            {message}
          </p>
          <p>
            <a href={backTo}>{backLabel}</a>
          </p>
        </>
      )}
    </>
  )
}
