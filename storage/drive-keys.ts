// The drive's keys (pure; shared by the server and its tests). A folder is a key prefix: '' is the
// root, 'a/b/' a folder; a file's key is its folder's prefix plus its name ('a/b/report.pdf').
// Every name is checked here, so no key the drive builds can leave its root or hide as a dot-file.
// The spec's /api/download/ takes its key and prefix as base64 of the URL-encoded text.
import { invisibleCharacter } from '#core/invisible-characters.ts'

export const MAX_NAME_LENGTH = 255
export const MAX_KEY_LENGTH = 1024
/** Deepest folder nesting accepted. */
export const MAX_DEPTH = 32

export const FOLDER_NAME_REQUIRED = 'Please enter a folder name!'

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string }

const ok = <T>(value: T): Checked<T> => ({ ok: true, value })
const no = <T>(error: string): Checked<T> => ({ ok: false, error })

/** Why `name` cannot name a file or folder, or null when it can. `what` words the message. */
export function nameProblem(name: string, what: 'folder' | 'file' = 'folder'): string | null {
  if (typeof name !== 'string' || name.trim() === '') return what === 'folder' ? FOLDER_NAME_REQUIRED : 'A file needs a name.'
  if (name !== name.trim()) return `A ${what} name cannot start or end with a space.`
  if (/[\u0000-\u001f\u007f]/.test(name)) return `A ${what} name cannot contain control characters.`
  const invisible = invisibleCharacter(name)
  if (invisible) return `A ${what} name cannot contain invisible or text-direction characters (${invisible} found).`
  if (name.includes('/') || name.includes('\\')) return `A ${what} name cannot contain / or \\.`
  if (name === '.' || name === '..') return `A ${what} cannot be named . or ..`
  if (name.startsWith('.')) return `A ${what} name cannot start with a dot.`
  if (name.length > MAX_NAME_LENGTH) return `A ${what} name can be at most ${MAX_NAME_LENGTH} characters.`
  return null
}

/** A folder name typed by a user: trimmed, then checked. */
export function checkFolderName(input: unknown): Checked<string> {
  const name = typeof input === 'string' ? input.trim() : ''
  const problem = nameProblem(name, 'folder')
  return problem ? no(problem) : ok(name)
}

/**
 * A folder prefix: '' (the root) or 'a/b/'. Accepts it with or without the trailing slash
 * ('a/b' → 'a/b/'); refuses a leading slash, empty, dot and '..' segments.
 */
export function parsePrefix(input: unknown): Checked<string> {
  if (input === undefined || input === null || input === '' || input === '/') return ok('')
  if (typeof input !== 'string') return no('The folder is not valid.')
  if (input.length > MAX_KEY_LENGTH) return no('The folder path is too long.')
  if (input.startsWith('/')) return no('The folder is not valid.')
  const trimmed = input.endsWith('/') ? input.slice(0, -1) : input
  const segments = trimmed.split('/')
  if (segments.length > MAX_DEPTH) return no('The folder is nested too deeply.')
  for (const segment of segments) {
    const problem = nameProblem(segment, 'folder')
    if (problem) return no(problem === FOLDER_NAME_REQUIRED ? 'The folder is not valid.' : problem)
  }
  return ok(`${trimmed}/`)
}

/** A key's folder and name: 'a/b/c.pdf' → { parent: 'a/b/', name: 'c.pdf' }; a folder key 'a/b/' → { parent: 'a/', name: 'b' }. */
export function splitKey(key: string): { parent: string; name: string } {
  const bare = key.endsWith('/') ? key.slice(0, -1) : key
  const slash = bare.lastIndexOf('/')
  return { parent: bare.slice(0, slash + 1), name: bare.slice(slash + 1) }
}

/** A file's key ('a/b/c.pdf'): its folder must be valid and its name a valid file name. */
export function parseFileKey(input: unknown): Checked<{ parent: string; name: string; key: string }> {
  if (typeof input !== 'string' || input === '' || input.startsWith('/') || input.endsWith('/')) return no('The file key is not valid.')
  if (input.length > MAX_KEY_LENGTH) return no('The file key is too long.')
  const { parent, name } = splitKey(input)
  const folder = parsePrefix(parent)
  if (!folder.ok) return no(folder.error)
  const problem = nameProblem(name, 'file')
  if (problem) return no(problem)
  return ok({ parent: folder.value, name, key: folder.value + name })
}

/** A folder's key ('a/b/', the slash optional): not the root. */
export function parseFolderKey(input: unknown): Checked<string> {
  const folder = parsePrefix(input)
  if (!folder.ok) return folder
  if (folder.value === '') return no('The drive itself cannot be deleted.')
  return folder
}

/**
 * Where a file of an upload lands: the relative path the browser gave ('report.pdf', or
 * 'sub/dir/report.pdf' for a folder upload) under the current folder. Each segment is checked.
 */
export function uploadTarget(prefix: string, relativePath: unknown): Checked<{ parent: string; name: string }> {
  if (typeof relativePath !== 'string' || relativePath.trim() === '') return no('Every file needs a name.')
  const segments = relativePath
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '')
  const name = segments.pop() ?? ''
  const problem = nameProblem(name.trim(), 'file')
  if (problem) return no(problem)
  const folder = parsePrefix(prefix + segments.map((s) => `${s}/`).join(''))
  if (!folder.ok) return no(folder.error)
  return ok({ parent: folder.value, name: name.trim() })
}

/** The folders a key sits in, outermost first: 'a/b/c.pdf' → ['a/', 'a/b/']. */
export function ancestorsOf(parent: string): string[] {
  const out: string[] = []
  let at = 0
  for (let slash = parent.indexOf('/'); slash !== -1; slash = parent.indexOf('/', at)) {
    out.push(parent.slice(0, slash + 1))
    at = slash + 1
  }
  return out
}

/** A name made unique in its folder: 'report.pdf' → 'report (2).pdf' for n = 2. */
export function numberedName(name: string, n: number): string {
  if (n <= 1) return name
  const dot = name.lastIndexOf('.')
  const hasExtension = dot > 0 && name.length - dot <= 11
  const stem = hasExtension ? name.slice(0, dot) : name
  const extension = hasExtension ? name.slice(dot) : ''
  const suffix = ` (${n})`
  return `${stem.slice(0, MAX_NAME_LENGTH - suffix.length - extension.length)}${suffix}${extension}`
}

/** The spec's encoding of /api/download/'s k and p: base64 of the URL-encoded text. */
export function encodeParam(text: string): string {
  return btoa(encodeURIComponent(text))
}

/** Undoes encodeParam; null when it is not that encoding. */
export function decodeParam(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 4 * MAX_KEY_LENGTH * 3) return null
  try {
    return decodeURIComponent(atob(value))
  } catch {
    return null
  }
}

/** The file type label shown in the table, from the detected type's label or, failing that, the name's extension. */
export function fileTypeLabel(detected: string, name: string): string {
  if (detected !== 'file' && detected !== 'text') return detected
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name)
  return match ? match[1]!.toLowerCase() : detected
}
