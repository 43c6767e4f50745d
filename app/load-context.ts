// What the HTTP server (server/http.ts) hands every loader and action besides the request.
export {}

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** nonce for the inline scripts Remix renders (Content-Security-Policy) */
    cspNonce: string
    /** this visitor's CSRF token, the same value as in the signed csrf cookie */
    csrfToken: string
    /** this request's id (X-Request-Id, the log line, the error page) */
    requestId?: string
  }
}
