// scrypt at the OWASP password-storage parameters (N=2^17, r=8, p=1), stored as
// scrypt$N$r$p$salt$hash so parameters can be raised later without breaking old hashes.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const N = 2 ** 17
const r = 8
const p = 1
const KEY_LENGTH = 32

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, { N, r, p })
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(rr), p: Number(pp) })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** Spends the same time as a real check, so an unknown username is not told apart by timing. */
let dummy: Promise<string> | undefined
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-real-password')
  await verifyPassword(password, await dummy)
  return false
}
