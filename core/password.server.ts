// scrypt at the OWASP password-storage parameters (N=2^17, r=8, p=1), stored as
// scrypt$N$r$p$salt$hash so parameters can be raised later without breaking old hashes.
// Django's pbkdf2_sha256 hashes (users imported from the old system, bin/users-import.ts) are
// verified too, and replaced by scrypt at their first successful sign-in (needsRehash;
// docs/decisions/0032-user-import-and-password-hashes.md). The app only ever writes scrypt.
import { pbkdf2 as pbkdf2Cb, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { dictionary } from '@zxcvbn-ts/language-common'
import { isBlankPassword, USER_MESSAGES } from './schemas/user.ts'

const N = 2 ** 17
const r = 8
const p = 1

/**
 * The cost the app hashes with: N, unless a test run lowered it. TEST_SCRYPT_LOG_N is honoured only
 * where vitest runs (VITEST, which vitest sets and the apps and CLIs a test starts inherit): a
 * hash at N costs 0.4 core-seconds here, and the suite made about 250 of them (decision 0054).
 * The tests of the hash itself and of the re-hash at sign-in run at N.
 */
function cost(): number {
  const lowered = Number(process.env.TEST_SCRYPT_LOG_N)
  return process.env.VITEST && Number.isInteger(lowered) && lowered >= 10 && lowered < 17 ? 2 ** lowered : N
}
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
  const n = cost()
  const key = await scrypt(password, salt, { N: n, r, p })
  return ['scrypt', n, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(rr), p: Number(pp) })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/**
 * Django's `pbkdf2_sha256$<iterations>$<salt>$<base64 hash>`: the salt is text (used as its UTF-8
 * bytes), the hash PBKDF2-HMAC-SHA256 of the password's UTF-8 bytes (Django does not normalise it).
 * Iterations are capped so that a stored value cannot make one sign-in run for minutes (Django 5.2
 * uses 1,000,000; 6.0 1,200,000).
 */
const DJANGO_PBKDF2 = /^pbkdf2_sha256\$([1-9]\d{0,7})\$([^$]{1,200})\$([A-Za-z0-9+/]{22,}={0,2})$/
const DJANGO_MAX_ITERATIONS = 20_000_000

function readDjangoPbkdf2(stored: string): { iterations: number; salt: string; hash: Buffer } | null {
  const match = DJANGO_PBKDF2.exec(stored)
  if (!match) return null
  const iterations = Number(match[1])
  const hash = Buffer.from(match[3]!, 'base64')
  if (iterations > DJANGO_MAX_ITERATIONS || hash.length < 16 || hash.length > 64) return null
  return { iterations, salt: match[2]!, hash }
}

function verifyDjangoPbkdf2(password: string, stored: string): Promise<boolean> {
  const django = readDjangoPbkdf2(stored)
  if (!django) return Promise.resolve(false)
  return new Promise((resolve, reject) => {
    pbkdf2Cb(Buffer.from(password, 'utf8'), Buffer.from(django.salt, 'utf8'), django.iterations, django.hash.length, 'sha256', (error, key) =>
      error ? reject(error) : resolve(timingSafeEqual(key, django.hash)),
    )
  })
}

/** The kinds of stored hash the app can verify. */
export type PasswordHashKind = 'scrypt' | 'pbkdf2_sha256'

export function passwordHashKind(stored: string): PasswordHashKind | null {
  if (stored.startsWith('scrypt$')) return 'scrypt'
  if (readDjangoPbkdf2(stored)) return 'pbkdf2_sha256'
  return null
}

/** Why a Django password value cannot be taken over as it is (null: it can), for the import's message. */
export function djangoHashProblem(stored: string): string | null {
  if (readDjangoPbkdf2(stored)) return null
  if (stored === '' || stored.startsWith('!')) return 'has an unusable password (Django "!…": set one in Django first, or leave the user out)'
  const kind = /^([a-z0-9_]{1,40})\$/.exec(stored)?.[1]
  if (kind === 'pbkdf2_sha256') return 'has a pbkdf2_sha256 hash that is not well-formed'
  return `has a password hash of an unknown kind (${kind ? `"${kind}"` : 'not a Django hash'}); only pbkdf2_sha256 can be taken over`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('pbkdf2_sha256$')) return verifyDjangoPbkdf2(password, stored)
  return verifyScrypt(password, stored)
}

/** True when the stored hash is not the one the app writes now (a Django hash, older scrypt parameters). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, rr, pp] = stored.split('$')
  return !(scheme === 'scrypt' && Number(n) === cost() && Number(rr) === r && Number(pp) === p)
}

/** Spends the same time as a real check, so an unknown username is not told apart by timing. */
let dummy: Promise<string> | undefined
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-real-password')
  await verifyPassword(password, await dummy)
  return false
}

/**
 * The most common passwords: zxcvbn-ts's list (@zxcvbn-ts/language-common, MIT, about 49,000
 * entries in lower case, ranked by how often they were found in leaked password sets), the list
 * Dropbox's zxcvbn is built on. Read once, on the first password set.
 */
let common: Set<string> | undefined

/**
 * Why a password someone sets (a new account, a new password) is refused beyond its length, or
 * null: only spaces, or one of the most common passwords (case and surrounding spaces ignored).
 * Every path that sets a password calls it (db/queries/users.ts: the users admin and user:create).
 */
export function newPasswordProblem(password: string): string | null {
  if (isBlankPassword(password)) return USER_MESSAGES.passwordBlank
  common ??= new Set(dictionary['passwords-common'])
  return common.has(password.normalize('NFKC').trim().toLowerCase()) ? USER_MESSAGES.passwordCommon : null
}
