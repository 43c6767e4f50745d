// The hostile values every input of the app must survive (docs/decisions/0014-input-bounds.md).
// Unit tests send all of them to every field builder, form schema and list-parameter parser
// (core/schemas/hostile.unit.test.ts, app/lists/list-params-hostile.unit.test.ts); the crawl over
// every route (tests/e2e/hostile-crawl-*.test.ts) sends the ones that can only fail end to end.

/** A hostile value as it goes on the wire: percent-encoded (query strings, url-encoded bodies). */
export interface Hostile {
  label: string
  encoded: string
}

/** Every hostile value a JavaScript string can carry. */
export const TEXTS: [label: string, value: string][] = [
  ['NUL', '\0'],
  ['text with NUL inside', 'Fan\0 3'],
  ['CR LF', 'one\r\ntwo'],
  ['CRLF header injection', '/\r\nSet-Cookie: hacked=1'],
  ['control characters', '\t\x01\x08\x1b\x7f'],
  ['literal %00', '%00'],
  ['10 KB text', 'x'.repeat(10_240)],
  ['0x10', '0x10'],
  ['1e309', '1e309'],
  ['-1', '-1'],
  ['-0x10', '-0x10'],
  ['a tiny fraction', '0.00001'],
  ['full-width digits', '２０'],
  ['huge integer', '99999999999999999999'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['0000-01-01', '0000-01-01'],
  ['9999-12-31', '9999-12-31'],
  ['1000-01-01', '1000-01-01'],
  ['not a day', '2025-02-30'],
  ['path traversal', '../../etc/passwd'],
  ['script', '<script>alert(1)</script>'],
  ['quote and SQL', `' OR '1'='1'; DROP TABLE users; --\\`],
  ['right-to-left override', '\u202Eevil'],
  ['emoji', '🥔💥'],
  ['whitespace only', '   '],
  ['empty', ''],
  ['[]', '[]'],
  ['{}', '{"__proto__":{"admin":true}}'],
  ['protocol-relative URL', '//evil.example/'],
  // what the broken bytes below leave after decoding, in a field
  ['a broken escape, decoded', '%ZZ%'],
  ['invalid UTF-8, decoded', '\uFFFD\uFFFD\uFFFD'],
]

/** All of them on the wire, with what no JavaScript string carries: broken escapes and invalid UTF-8. */
export const HOSTILE: Hostile[] = [
  ...TEXTS.map(([label, value]) => ({ label, encoded: encodeURIComponent(value) })),
  { label: 'bad escape', encoded: '%ZZ%' },
  { label: 'invalid UTF-8', encoded: '%FF%FE%C0%80' },
  { label: 'lone surrogate', encoded: '%ED%A0%80' },
]

/**
 * What can only fail end to end, and so goes to every route, parameter and field in the crawl: the
 * bytes (NUL, CR LF into a header, broken escapes, invalid UTF-8), the length, and the types that
 * PostgreSQL refuses where a check was missed (an integer it cannot hold, Infinity, a year 0).
 * A value that a route could only take wrongly without a 5xx (0x10 read as 16) is a rule of one
 * field, proven in the unit tests with all the others.
 */
export const END_TO_END: Hostile[] = HOSTILE.filter((v) =>
  ['text with NUL inside', 'CRLF header injection', '10 KB text', 'huge integer', '1e309', '0000-01-01', 'bad escape', 'invalid UTF-8'].includes(v.label),
)

/**
 * Of them, what breaks the decoding of a whole query or body: the decoder reads every field alike,
 * so the crawl sends each once per form and per page, in every field at once (but the CSRF token),
 * and what a field is left with (a literal '%ZZ%', U+FFFD) is in TEXTS, sent to every field
 * builder by the unit tests.
 */
export const DECODING: Hostile[] = END_TO_END.filter((v) => v.label === 'bad escape' || v.label === 'invalid UTF-8')
/** The others go to each field and parameter in turn. */
export const PER_FIELD: Hostile[] = END_TO_END.filter((v) => !DECODING.includes(v))

/** Raw request bodies (JSON read by the APIs): the same, and an object that tries to reach __proto__. */
export const RAW_BODIES: Hostile[] = [...END_TO_END, ...HOSTILE.filter((v) => v.label === '{}')]
