import { afterEach, describe, expect, it, vi } from 'vitest'
import { djangoHashProblem, hashPassword, needsRehash, newPasswordProblem, passwordHashKind, verifyPassword } from './password.server.ts'
import { USER_MESSAGES } from './schemas/user.ts'

// Django's own test vector: tests/auth_tests/test_hashers.py (Django 1.9),
//   make_password('lètmein', 'seasalt', 'pbkdf2_sha256') == DJANGO_LETMEIN
// and checked with an independent implementation, Python's hashlib:
//   base64.b64encode(hashlib.pbkdf2_hmac('sha256', 'lètmein'.encode(), b'seasalt', 20000))
const DJANGO_LETMEIN = 'pbkdf2_sha256$20000$seasalt$oBSd886ysm3AqYun62DOdin8YcfbU1z9cksZSuLP9r0='

describe('Django pbkdf2_sha256 hashes', () => {
  it("verify Django's published hash with its password, and nothing else", async () => {
    expect(await verifyPassword('lètmein', DJANGO_LETMEIN)).toBe(true)
    expect(await verifyPassword('lètmeinz', DJANGO_LETMEIN)).toBe(false)
    expect(await verifyPassword('letmein', DJANGO_LETMEIN)).toBe(false)
    expect(await verifyPassword('lètmein', DJANGO_LETMEIN.replace('seasalt', 'seasalu'))).toBe(false)
  })

  it('are known, taken over by the import, and re-hashed at sign-in', () => {
    expect(passwordHashKind(DJANGO_LETMEIN)).toBe('pbkdf2_sha256')
    expect(djangoHashProblem(DJANGO_LETMEIN)).toBeNull()
    expect(needsRehash(DJANGO_LETMEIN)).toBe(true)
  })

  it('other Django kinds are refused by name; unusable and malformed values too', () => {
    expect(djangoHashProblem('argon2$argon2id$v=19$m=102400,t=2,p=8$c29tZXNhbHQ$abc')).toMatch(/unknown kind \("argon2"\)/)
    expect(djangoHashProblem('bcrypt_sha256$$2b$12$abcdefghijklmnopqrstuv')).toMatch(/unknown kind \("bcrypt_sha256"\)/)
    expect(djangoHashProblem('md5$seasalt$f5531bef9f3687d0ccf0f617f0e25573')).toMatch(/unknown kind \("md5"\)/)
    expect(djangoHashProblem('!Xk3jdj2k3jd9')).toMatch(/unusable password/)
    expect(djangoHashProblem('')).toMatch(/unusable password/)
    expect(djangoHashProblem('pbkdf2_sha256$0$seasalt$oBSd886ysm3AqYun62DOdin8YcfbU1z9cksZSuLP9r0=')).toMatch(/not well-formed/)
    expect(djangoHashProblem('pbkdf2_sha256$999999999$seasalt$oBSd886ysm3AqYun62DOdin8YcfbU1z9cksZSuLP9r0=')).toMatch(/not well-formed/)
    for (const stored of ['argon2$x', '!x', 'pbkdf2_sha256$20000$seasalt$', 'garbage']) expect(passwordHashKind(stored)).toBeNull()
  })

  it('a malformed stored value never verifies and never throws', async () => {
    for (const stored of ['pbkdf2_sha256$', 'pbkdf2_sha256$20000$seasalt$!!!', 'pbkdf2_sha256$99999999999$s$oBSd886ysm3AqYun62DOdin8YcfbU1z9cksZSuLP9r0=', '!x', '']) {
      expect(await verifyPassword('lètmein', stored), stored).toBe(false)
    }
  })
})

describe('scrypt, the hash the app writes', () => {
  it('verifies its own hashes and needs no re-hash', async () => {
    const stored = await hashPassword('potato-cellar-7')
    expect(passwordHashKind(stored)).toBe('scrypt')
    expect(needsRehash(stored)).toBe(false)
    expect(await verifyPassword('potato-cellar-7', stored)).toBe(true)
    expect(await verifyPassword('potato-cellar-8', stored)).toBe(false)
  })

  describe('at its cost', () => {
    afterEach(() => {
      vi.unstubAllEnvs()
    })

    it('is written at the OWASP parameters, N=2^17, r=8, p=1; a hash at a lower cost is re-hashed at sign-in', async () => {
      const lowered = await hashPassword('potato-cellar-7') // this run's lowered cost (vitest.config.ts)
      vi.stubEnv('TEST_SCRYPT_LOG_N', undefined)
      const stored = await hashPassword('potato-cellar-7')
      expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/)
      expect(await verifyPassword('potato-cellar-7', stored)).toBe(true)
      expect(needsRehash(stored)).toBe(false)
      expect(lowered).toMatch(/^scrypt\$1024\$8\$1\$/)
      expect(needsRehash(lowered)).toBe(true)
      expect(await verifyPassword('potato-cellar-7', lowered)).toBe(true)
    })

    it('is lowered only where vitest runs: outside it the test setting is ignored', async () => {
      vi.stubEnv('VITEST', undefined)
      expect(await hashPassword('potato-cellar-7')).toMatch(/^scrypt\$131072\$/)
    })
  })
})

describe('a new password', () => {
  it('is refused when it is only spaces, or one of the most common passwords (case and surrounding spaces ignored)', () => {
    expect(newPasswordProblem('        ')).toBe(USER_MESSAGES.passwordBlank)
    expect(newPasswordProblem('\u00a0\u2003 \t ')).toBe(USER_MESSAGES.passwordBlank)
    for (const common of ['password', '12345678', 'PassWord', ' qwertyuiop ', 'iloveyou1', 'password1', 'baseball', 'trustno1']) {
      expect(newPasswordProblem(common), common).toBe(USER_MESSAGES.passwordCommon)
    }
  })

  it('is refused, saying why, when it is easy to guess: repeats, the account’s own words, the company’s name and a digit', () => {
    expect(newPasswordProblem('aaaaaaaa')).toBe(USER_MESSAGES.passwordWeak('repeated characters like “aaa” are easy to guess.'))
    const account = { username: 'jbaird42', firstName: 'Jill', lastName: 'Bairdsworth', email: 'jill.bairdsworth@example.com', company: 'Snake River Farms' }
    const own = USER_MESSAGES.passwordWeak('it contains a name, username or e-mail of the account, or the company’s name.')
    for (const guessable of ['jbaird42', 'Jbaird42!', 'bairdsworth1', 'Snake River Farms1', 'RiverFarms2026', 'KeystoneStorage1', 'KeystoneStorageServices1', 'Keystone Storage Services1']) {
      expect(newPasswordProblem(guessable, account), guessable).toBe(own)
    }
    expect(newPasswordProblem('abcdefgh1')).toMatch(/^This password is too easy to guess: /)
  })

  it('is accepted otherwise (the length rules are the schema’s), the demo’s published one too', () => {
    for (const fine of ['cellar-door-42', 'demo-pass-1', 'correct horse battery staple', 'Potato storage 2026!', '  spaced  inside  ']) {
      expect(newPasswordProblem(fine, { username: 'jbaird42', firstName: 'Jill', company: 'Snake River Farms' }), fine).toBeNull()
    }
    expect(newPasswordProblem('demo-pass-1', { username: 'admin' })).toBeNull()
  })
})
