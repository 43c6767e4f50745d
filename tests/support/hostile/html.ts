// Reading a page's HTML the way a browser without JavaScript would submit it: its links, its
// forms and the controls each would send, the values a person would fill in, and a form's body
// with one field set to a hostile value (tests/e2e/hostile-*.test.ts).
import { randomUUID } from 'node:crypto'
import type { Hostile } from './values.ts'

/** Percent-decoding into bytes, as a server does it (a broken escape stays as it is). */
export function bytesOf(encoded: string): Buffer {
  const bytes: number[] = []
  for (let i = 0; i < encoded.length; i++) {
    const hex = encoded.slice(i + 1, i + 3)
    if (encoded[i] === '%' && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(encoded[i]!))
  }
  return Buffer.from(bytes)
}

export interface Control {
  tag: 'input' | 'select' | 'textarea' | 'button'
  name: string
  type: string
  value: string
  checked: boolean
  /** a select's options, or the datalist of an input with `list` */
  options: string[]
}
export interface ParsedForm {
  method: 'get' | 'post'
  action: URL
  multipart: boolean
  controls: Control[]
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') return String.fromCodePoint(/^#x/i.test(code) ? parseInt(code.slice(2), 16) : Number(code.slice(1)))
    return ENTITIES[code.toLowerCase()] ?? whole
  })
}

interface Tag {
  name: string
  closing: boolean
  attrs: Record<string, string>
  start: number
  end: number
}
function tagsOf(html: string): Tag[] {
  const page = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, (m) => ' '.repeat(m.length))
  return [...page.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>/g)].map((m) => {
    const attrs: Record<string, string> = {}
    for (const a of m[3]!.matchAll(/([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) attrs[a[1]!.toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '')
    return { name: m[2]!.toLowerCase(), closing: m[1] === '/', attrs, start: m.index, end: m.index + m[0].length }
  })
}

/** Same-origin addresses the page links to (a href, img src). */
export function linksOf(html: string, page: URL): URL[] {
  const found: URL[] = []
  for (const { name, attrs } of tagsOf(html)) {
    const target = name === 'a' ? attrs.href : name === 'img' ? attrs.src : undefined
    if (target === undefined || target.startsWith('mailto:')) continue
    const url = new URL(target, page)
    if (url.origin === page.origin) found.push(url)
  }
  return found
}

/** The forms and the controls they would submit (disabled ones and those in disabled fieldsets left out). */
export function formsOf(html: string, page: URL): ParsedForm[] {
  const tags = tagsOf(html)
  const datalists = new Map<string, string[]>()
  let list: string[] | null = null
  for (const tag of tags) {
    if (tag.name === 'datalist') {
      list = tag.closing ? null : []
      if (list) datalists.set(tag.attrs.id ?? '', list)
    } else if (tag.name === 'option' && !tag.closing && list) list.push(tag.attrs.value ?? '')
  }
  const forms: ParsedForm[] = []
  let form: ParsedForm | null = null
  let select: Control | null = null
  const fieldsets: boolean[] = []
  for (const [i, tag] of tags.entries()) {
    const { attrs } = tag
    if (tag.name === 'form') {
      form = tag.closing
        ? null
        : { method: attrs.method?.toLowerCase() === 'post' ? 'post' : 'get', action: new URL(attrs.action || page.href, page), multipart: attrs.enctype === 'multipart/form-data', controls: [] }
      if (form) forms.push(form)
      continue
    }
    if (tag.name === 'fieldset') {
      if (tag.closing) fieldsets.pop()
      else fieldsets.push(attrs.disabled !== undefined)
      continue
    }
    if (!form || tag.closing) {
      if (tag.name === 'select') select = null
      continue
    }
    const enabled = attrs.disabled === undefined && !fieldsets.includes(true)
    if (tag.name === 'select') {
      select = { tag: 'select', name: attrs.name ?? '', type: 'select', value: '', checked: false, options: [] }
      if (enabled && attrs.name !== undefined) form.controls.push(select)
    } else if (tag.name === 'option' && select) {
      const next = tags.slice(i + 1).find((t) => t.name === 'option' || t.name === 'select')
      const value = attrs.value ?? decodeEntities(html.slice(tag.end, next?.start ?? tag.end)).trim()
      select.options.push(value)
      if (attrs.selected !== undefined) select.value = value
    } else if (tag.name === 'textarea' && enabled && attrs.name !== undefined) {
      const close = tags.slice(i + 1).find((t) => t.name === 'textarea' && t.closing)
      form.controls.push({ tag: 'textarea', name: attrs.name, type: 'textarea', value: decodeEntities(html.slice(tag.end, close?.start ?? tag.end)).replace(/^\n/, ''), checked: false, options: [] })
    } else if ((tag.name === 'input' || tag.name === 'button') && enabled) {
      const type = (attrs.type ?? (tag.name === 'button' ? 'submit' : 'text')).toLowerCase()
      if (tag.name === 'button' && type !== 'submit') continue
      if (attrs.name === undefined && type !== 'submit') continue
      form.controls.push({ tag: tag.name, name: attrs.name ?? '', type, value: attrs.value ?? '', checked: attrs.checked !== undefined, options: attrs.list ? (datalists.get(attrs.list) ?? []) : [] })
    }
  }
  return forms
}

export const isSubmitter = (c: Control) => c.type === 'submit' || c.type === 'image'
const TODAY = new Date().toISOString().slice(0, 10)
/** what a person types into a text field the page left empty */
export const FILLER_TEXT = 'Test text'
const FILLER: Record<string, string> = { date: TODAY, number: '1', email: 'someone@example.com', tel: '2085550100', url: 'https://example.com/' }

/**
 * Values a person could send: what the page filled in, else the first choice offered, else a
 * plausible text; one box of each checkbox group ticked. `clear` empties these fields.
 */
export function baselineOf(form: ParsedForm, clear: ReadonlySet<string> = new Set()): [string, string][] {
  const pairs: [string, string][] = []
  const ticked = new Set(form.controls.filter((c) => (c.type === 'checkbox' || c.type === 'radio') && c.checked).map((c) => c.name))
  for (const c of form.controls) {
    if (isSubmitter(c) || c.type === 'file') continue
    if (c.type === 'checkbox' || c.type === 'radio') {
      if (c.checked || !ticked.has(c.name)) pairs.push([c.name, c.value || 'on'])
      ticked.add(c.name)
    } else if (clear.has(c.name)) pairs.push([c.name, ''])
    else if (c.tag === 'select') pairs.push([c.name, c.value || c.options.find((o) => o !== '') || ''])
    else if (c.value !== '' || c.type === 'hidden') pairs.push([c.name, c.value])
    else pairs.push([c.name, c.options[0] ?? FILLER[c.type] ?? FILLER_TEXT])
  }
  return pairs
}

export const fieldNames = (form: ParsedForm) => [...new Set(form.controls.filter((c) => c.name && !isSubmitter(c)).map((c) => c.name))]

/** A form's body with `fields` set to the hostile value (bytes exactly as given, in either encoding). */
export function bodyOf(form: ParsedForm, pairs: [string, string][], fields: string[], value: Hostile): { body: string | Buffer; type: string } {
  const rest = pairs.filter(([k]) => !fields.includes(k))
  if (!form.multipart) {
    const body = [...rest.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`), ...fields.map((field) => `${encodeURIComponent(field)}=${value.encoded}`)].join('&')
    return { body, type: 'application/x-www-form-urlencoded' }
  }
  const boundary = `----hostile${randomUUID()}`
  const parts: Buffer[] = []
  const part = (name: string, content: Buffer, filename?: string) => {
    const file = filename === undefined ? '' : `; filename="${filename}"\r\nContent-Type: application/octet-stream`
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n`), content, Buffer.from('\r\n'))
  }
  for (const [k, v] of rest) part(k, Buffer.from(v))
  for (const field of fields) {
    const isFile = form.controls.some((c) => c.name === field && c.type === 'file')
    part(field, bytesOf(value.encoded), isFile ? value.label : undefined)
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` }
}
