// The key for signed cookies and signed file URLs. Production sets SESSION_SECRET (shared by every
// app instance); the embedded setup generates one on first start and keeps it in .data/.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

let secret: string | undefined

export function signingSecret(): string {
  if (secret) return secret
  if (process.env.SESSION_SECRET) {
    if (process.env.SESSION_SECRET.length < 16) throw new Error('SESSION_SECRET must be at least 16 characters')
    return (secret = process.env.SESSION_SECRET)
  }
  const file = path.resolve(process.env.DATA_DIR ?? '.data', 'session-secret')
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' })
    } catch (error) {
      // Another process (the app and a CLI starting together) wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  return (secret = fs.readFileSync(file, 'utf8').trim())
}

/** HMAC-SHA256 of `value`, base64url. */
export function sign(value: string): string {
  return createHmac('sha256', signingSecret()).update(value).digest('base64url')
}

export function verifySignature(value: string, signature: string): boolean {
  const expected = Buffer.from(sign(value))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
