// The idempotency key of one press of a button on a page that may press it again with other values.
// A page has one submission id, but a sheet is saved many times from it and a list's rows each
// have their own buttons: the bare id would name them all, and runCommand refuses a key sent again
// with another input. The press is named by the page's id and what tells the presses apart (the
// step, the row, the version the form showed), hashed into a UUID: the same press sent twice (a
// double tap, a retry, a replayed queue) gets the same key and acts once; the next press, another.
import { createHash } from 'node:crypto'

export function stepKey(submissionId: string, ...parts: readonly (string | number)[]): string {
  const hex = createHash('sha256')
    .update(JSON.stringify([submissionId.toLowerCase(), ...parts]))
    .digest('hex')
  // shaped as a version-8 (custom) UUID, RFC 9562
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
