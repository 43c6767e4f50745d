// Where to come back to after signing in (docs/decisions/0045): a path on this site, else a
// fallback. Pure, so its unit test covers every case; the login route and the guard use it.

/** One slash, then visible ASCII only: no control character, space or anything a browser re-encodes. */
const SITE_PATH = /^\/(?!\/)[\x21-\x7e]*$/
/**
 * In the path: an encoded slash or backslash, or an encoded percent (decoded once more it could
 * become one). The app's own paths never hold them; a proxy or server that decodes the path
 * before acting on it could read `/%2F%2Fevil.example` as `//evil.example`.
 */
const DISGUISED_PATH = /%(?:2f|5c|25)/i
/** Anywhere: an encoded control character (a CR/LF decoded by a proxy would split a header). */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i
const BASE = 'http://return.invalid'

/**
 * A path on this site, else `fallback`. Browsers drop tabs and newlines inside a URL and read `\`
 * as `/`, so `/\t/evil.com` or `/\evil.com` lead off the site, and CR/LF would break the Location
 * header. The query and fragment are data: there the app's own encodings (a drive folder's
 * `?p=a%2Fb%2F`) come back whole.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || !SITE_PATH.test(value) || value.includes('\\') || ENCODED_CONTROL.test(value)) return fallback
  const end = value.search(/[?#]/)
  if (DISGUISED_PATH.test(end === -1 ? value : value.slice(0, end))) return fallback
  // and the URL parser agrees it stays here
  try {
    return new URL(value, BASE).origin === BASE ? value : fallback
  } catch {
    return fallback
  }
}
