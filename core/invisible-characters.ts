// Invisible characters that change how a text reads without showing themselves (docs/decisions/
// 0046): a name 'invoice‮fdp.exe' shows as 'invoiceexe.pdf'. Refused in drive names; the list is
// shared with the migration that cleaned the names stored before (db/migrations/0030).

/** [first, last] code points. Zero-width joiner and non-joiner (U+200C, U+200D) are not here: scripts and emoji need them. */
export const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad], // soft hyphen
  [0x061c, 0x061c], // Arabic letter mark
  [0x180e, 0x180e], // Mongolian vowel separator
  [0x200b, 0x200b], // zero-width space
  [0x200e, 0x200f], // left-to-right and right-to-left marks
  [0x2028, 0x202e], // line and paragraph separators; embeddings and overrides (LRE, RLE, PDF, LRO, RLO)
  [0x2060, 0x2064], // word joiner, invisible operators
  [0x2066, 0x206f], // isolates (LRI, RLI, FSI, PDI) and deprecated format characters
  [0xfeff, 0xfeff], // zero-width no-break space (byte order mark)
  [0xfff9, 0xfffb], // interlinear annotation
  [0xe0000, 0xe007f], // tag characters
]

const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0')
const PATTERN = new RegExp(`[${INVISIBLE_RANGES.map(([a, b]) => `\\u{${hex(a, 4)}}-\\u{${hex(b, 4)}}`).join('')}]`, 'gu')

/** The same class for a PostgreSQL regular expression. */
export const INVISIBLE_PG_CLASS = `[${INVISIBLE_RANGES.map(([a, b]) => `\\U${hex(a, 8)}-\\U${hex(b, 8)}`).join('')}]`

/** The first such character as 'U+202E', or null when there is none. */
export function invisibleCharacter(text: string): string | null {
  const found = text.match(new RegExp(PATTERN.source, 'u'))?.[0]
  return found === undefined ? null : `U+${hex(found.codePointAt(0)!, 4)}`
}

/** The text without them. */
export function withoutInvisible(text: string): string {
  return text.replace(PATTERN, '')
}
