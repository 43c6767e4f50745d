// scrypt at the OWASP password-storage parameters (N=2^17, r=8, p=1), stored as
// scrypt$N$r$p$salt$hash so parameters can be raised later without breaking old hashes.
// Django's pbkdf2_sha256 hashes (users imported from the old system, bin/users-import.ts) are
// verified too, and replaced by scrypt at their first successful sign-in (needsRehash;
// docs/decisions/0032-user-import-and-password-hashes.md). The app only ever writes scrypt.
import { pbkdf2 as pbkdf2Cb, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'
import { config } from './config.server.ts'
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
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)))
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
 * The least zxcvbn score (0–4) a new password must reach: 3 is "safely unguessable: moderate
 * protection from an offline slow-hash scenario", about 10^8 guesses (decision 0079).
 */
export const PASSWORD_MIN_SCORE = 3

/** zxcvbn with the common dictionaries and keyboard layouts, made on the first password set. */
let scorer: ZxcvbnFactory | undefined

/** Why zxcvbn found a password easy to guess, by its warning's key, in the app's words. */
const WEAKNESS: Record<string, string> = {
  userInputs: 'it contains a name, username or e-mail of the account, or the company’s name.',
  simpleRepeat: 'repeated characters like “aaa” are easy to guess.',
  extendedRepeat: 'repeated patterns like “abcabc” are easy to guess.',
  sequences: 'sequences like “abc” or “6543” are easy to guess.',
  straightRow: 'a row of keys on the keyboard is easy to guess.',
  keyPattern: 'a pattern of keys on the keyboard is easy to guess.',
  dates: 'dates are easy to guess.',
  recentYears: 'recent years are easy to guess.',
  topTen: 'it is one of the most used passwords.',
  topHundred: 'it is one of the most used passwords.',
  common: 'it is one of the most used passwords.',
  similarToCommon: 'it is close to one of the most used passwords.',
  wordByItself: 'a single word is easy to guess.',
  namesByThemselves: 'a name by itself is easy to guess.',
  commonNames: 'common names are easy to guess.',
  pwned: 'it has appeared in leaked passwords.',
}

/** What a guesser knows of an account: its username, names, e-mail and company (any may be empty). */
export interface PasswordAccount {
  username?: string
  firstName?: string
  lastName?: string
  email?: string
  company?: string | null
}

/**
 * The words a guesser would try first: the account's values and the company's name, each whole,
 * and its parts (split at anything not a letter or digit), alone and run together, side by side
 * ("Keystone Storage Services" → "keystone", "keystonestorage", "storageservices", ...).
 */
export function accountWords(account: PasswordAccount): string[] {
  const words = new Set<string>()
  for (const value of [...Object.values(account), config().COMPANY_NAME]) {
    const text = (value ?? '').normalize('NFKC').trim().toLowerCase()
    if (!text) continue
    words.add(text)
    const parts = text
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, 12)
    for (let from = 0; from < parts.length; from++) {
      for (let to = from + 1; to <= parts.length; to++) {
        const word = parts.slice(from, to).join('')
        if (word.length >= 3) words.add(word)
      }
    }
  }
  return [...words]
}

/**
 * Why a password someone sets (a new account, a new password) is refused beyond its length, or
 * null: only spaces, one of the most common passwords (case and surrounding spaces ignored), or
 * scored below PASSWORD_MIN_SCORE by zxcvbn, which is given the account's words (accountWords).
 * Every path that sets a password calls it (commands/users.ts for the users admin,
 * db/queries/users.ts checkUserInput for user:create). Server-side only: the dictionaries are large.
 */
export function newPasswordProblem(password: string, account: PasswordAccount = {}): string | null {
  if (isBlankPassword(password)) return USER_MESSAGES.passwordBlank
  common ??= new Set(dictionary['passwords-common'])
  if (common.has(password.normalize('NFKC').trim().toLowerCase())) return USER_MESSAGES.passwordCommon
  // only the first 100 characters are scored: the matching's time grows fast with the length (a
  // 256-character one took 0.6 s here), and 100 characters that pass are a strong password already
  scorer ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: 100 })
  const result = scorer.check(password, accountWords(account))
  if (result.score >= PASSWORD_MIN_SCORE) return null
  return USER_MESSAGES.passwordWeak((result.feedback.warning && WEAKNESS[result.feedback.warning]) || 'it is too short or too predictable.')
}
