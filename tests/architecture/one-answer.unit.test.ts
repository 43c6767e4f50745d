// One answer, one transport (decision 0088), read from the source:
//  (a) a refusal (core/errors.ts) becomes an HTTP answer only in app/command-answer.server.ts: no
//      other file of app/ tests an error class of core/errors.ts with instanceof, or turns a
//      refusal's kind into a status;
//  (b) the outbox sends only to a command's JSON face: every POST made from app/offline/ (or a
//      module it imports) goes through sendCommand (app/offline/send-command.ts), which asks for
//      JSON and names the item's key — save the photos' chunked upload, a JSON protocol of its own.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const MODULE = 'app/command-answer.server.ts'
const SEND = 'app/offline/send-command.ts'
/** POSTs from the outbox's reach that are not a command's: each with why. */
const OWN_PROTOCOL: Record<string, string> = {
  'app/components/upload/chunked-upload.ts': "the photos' chunked upload (start, signed parts, complete): its own JSON protocol, resumed part by part",
  'app/offline/sw/sign-out.ts': 'a Log out made with no signal, sent by the service worker when the signal returns: the end of a session, not a command',
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')
const code = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .join('\n')

/** How a file maps a refusal itself: instanceof on an error class of core/errors.ts, or a refusal kind made a status. */
export function refusalMapping(text: string): string[] {
  const found: string[] = []
  const body = code(text)
  const imported = [...body.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[^']*core\/errors\.ts'/g)].flatMap(([, names = '']) =>
    names
      .split(',')
      .map((n) =>
        n
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
      )
      .filter((n) => n && !n.startsWith('type ')),
  )
  for (const name of imported) if (new RegExp(`instanceof\\s+${name}\\b`).test(body)) found.push(`instanceof ${name}`)
  if (/\bRefusalKind\b/.test(body)) found.push('RefusalKind')
  if (imported.length > 0 && /\.kind\s*===?\s*'(input|forbidden|conflict|not_found)'/.test(body)) found.push('a refusal kind compared')
  return found
}

/** The sends a file makes with fetch: a call naming a method other than GET, or one held in a variable (its first 400 characters). */
export function posts(text: string): string[] {
  const body = code(text)
  return [...body.matchAll(/\bfetch\(/g)].map((m) => body.slice(m.index, m.index + 400)).filter((call) => /\bmethod(\s*,|:\s*(?!'GET')[\w'"`])/i.test(call))
}

/** app/offline's files and the app/ files they import (relative or #app/), as paths from the root. */
function outboxReach(): string[] {
  const offline = (fs.readdirSync(path.join(ROOT, 'app/offline'), { recursive: true, encoding: 'utf8' }) as string[])
    .map((f) => `app/offline/${f.split(path.sep).join('/')}`)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  const reach = new Set(offline)
  for (const file of offline) {
    for (const [, from = ''] of read(file).matchAll(/from\s*'([^']+)'/g)) {
      const target = from.startsWith('#app/') ? `app/${from.slice(5)}` : from.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), from)) : null
      if (target && fs.existsSync(path.join(ROOT, target))) reach.add(target)
    }
  }
  return [...reach]
}

describe('one answer: a refusal is mapped to HTTP in one module', () => {
  const files = (fs.readdirSync(path.join(ROOT, 'app'), { recursive: true, encoding: 'utf8' }) as string[])
    .map((f) => `app/${f.split(path.sep).join('/')}`)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))

  it('finds a file that maps a refusal itself (the check itself works)', () => {
    expect(refusalMapping(read(MODULE))).not.toEqual([]) // the one place that does
    const byHand = "import { ConflictError, InputError } from '#core/errors.ts'\n  if (error instanceof ConflictError) return data({ error: error.message }, { status: 409 })"
    expect(refusalMapping(byHand)).toEqual(['instanceof ConflictError'])
    expect(refusalMapping("import { Refusal } from '#core/errors.ts'\nif (e.kind === 'not_found') return 404")).toEqual(['a refusal kind compared'])
    // throwing one is what commands and checks do: not an answer
    expect(refusalMapping("import { InputError } from '#core/errors.ts'\nthrow new InputError({ company: 'Choose one.' })")).toEqual([])
  })

  it(`no file of app/ but ${MODULE} maps a refusal to an answer`, () => {
    const mapping = files.filter((f) => f !== MODULE).flatMap((f) => refusalMapping(read(f)).map((how) => `${f}: ${how}`))
    expect(mapping).toEqual([])
  })
})

describe('one transport: the outbox sends only to a command’s JSON face', () => {
  it('finds a POST (the check itself works)', () => {
    expect(posts("await fetch(entry.url, { method: 'POST', body, credentials: 'same-origin' })")).toHaveLength(1)
    expect(posts('await fetch(options.endpoint, {\n    method,\n    body })')).toHaveLength(1)
    expect(posts("await fetch('/api/ping', { cache: 'no-store' })")).toEqual([])
    expect(posts("await fetch('/api/ping', { method: 'GET' })")).toEqual([])
  })

  it(`every POST from app/offline/ and what it imports is ${SEND}'s, or a protocol of its own named here`, () => {
    const posting = outboxReach().filter((f) => posts(read(f)).length > 0)
    expect(posting.filter((f) => f !== SEND && !(f in OWN_PROTOCOL))).toEqual([])
    expect(posting).toContain(SEND)
    expect(posting.filter((f) => f in OWN_PROTOCOL).sort()).toEqual(Object.keys(OWN_PROTOCOL).sort()) // each allowance is still needed
    expect(posts(read(SEND))).toHaveLength(1)
  })

  it('the one send asks for the command’s JSON answer and names the item’s key', () => {
    const send = code(read(SEND))
    expect(send).toMatch(/Accept:\s*'application\/json'/)
    expect(send).toMatch(/\[IDEMPOTENCY_HEADER\]:\s*key/)
    expect(send).toMatch(/isCommandAnswer\(/) // the answer read is the typed one, never a page
    expect(send).not.toMatch(/\.text\(\)|DOMParser/)
  })
})
