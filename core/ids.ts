// A record's id as a request carries it (a URL's segment, a query parameter, a form's field): decimal
// digits only, 1 to Number.MAX_SAFE_INTEGER (ids are bigint). The one reader of them: Number() and
// z.coerce.number() read '0x7' as 7, '1e1' as 10, ' 7' as 7 and '' as 0, so a request could name a
// record by another spelling of its id (decision 0014: numbers are plain decimals).

const DIGITS = /^\d{1,16}$/

/** The id `text` spells, or null for anything but decimal digits naming 1 to MAX_SAFE_INTEGER. */
export function parseId(text: string | null | undefined): number | null {
  if (typeof text !== 'string' || !DIGITS.test(text)) return null
  const id = Number(text)
  return id >= 1 && id <= Number.MAX_SAFE_INTEGER ? id : null
}
