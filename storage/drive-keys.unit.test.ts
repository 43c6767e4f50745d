import { describe, expect, it } from 'vitest'
import { FOLDER_NAME_REQUIRED, ancestorsOf, checkFolderName, decodeParam, encodeParam, numberedName, parseFileKey, parseFolderKey, parsePrefix, splitKey, uploadTarget } from './drive-keys.ts'

const refused = (result: { ok: boolean }) => expect(result.ok).toBe(false)

describe('folder names', () => {
  it('asks for a name when blank', () => {
    expect(checkFolderName('   ')).toEqual({ ok: false, error: FOLDER_NAME_REQUIRED })
    expect(checkFolderName(undefined)).toEqual({ ok: false, error: 'Please enter a folder name!' })
  })
  it('refuses slashes, control characters, dot names and a leading dot', () => {
    for (const name of ['../etc', 'a/b', 'a\\b', '..', '.', '.hidden', 'tab\there', 'nul\u0000', 'x'.repeat(256)]) refused(checkFolderName(name))
    expect(checkFolderName('../etc')).toMatchObject({ error: 'A folder name cannot contain / or \\.' })
  })
  it('refuses invisible and text-direction characters in new names, folder and upload paths alike, naming the one found', () => {
    expect(checkFolderName('invoice\u202Efdp.exe')).toEqual({ ok: false, error: 'A folder name cannot contain invisible or text-direction characters (U+202E found).' })
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C', '\u200B', '\uFEFF', '\u2060', '\u00AD', '\u2028', '\u{E0041}']) {
      refused(checkFolderName(`report${c}2026`))
      refused(uploadTarget('', `report${c}fdp.exe`))
      refused(uploadTarget('', `sub${c}dir/report.pdf`))
      refused(parsePrefix(`Audits/a${c}b/`))
    }
    expect(uploadTarget('', 'photo\u202Egpj.exe')).toEqual({ ok: false, error: 'A file name cannot contain invisible or text-direction characters (U+202E found).' })
    // joiners stay: Persian words and emoji need them; so do right-to-left letters themselves
    expect(checkFolderName('می\u200Cخواهم')).toMatchObject({ ok: true })
    expect(uploadTarget('', '👩\u200D🌾 שלום.pdf')).toMatchObject({ ok: true })
  })
  it('accepts and trims a plain name', () => {
    expect(checkFolderName('  Audits 2026 ')).toEqual({ ok: true, value: 'Audits 2026' })
  })
})

describe('prefixes and keys', () => {
  it('normalises a folder prefix', () => {
    expect(parsePrefix('')).toEqual({ ok: true, value: '' })
    expect(parsePrefix(null)).toEqual({ ok: true, value: '' })
    expect(parsePrefix('a/b')).toEqual({ ok: true, value: 'a/b/' })
    expect(parsePrefix('a/b/')).toEqual({ ok: true, value: 'a/b/' })
  })
  it('refuses prefixes that could leave the root', () => {
    for (const p of ['/etc/', 'a/../b/', '../', 'a//b/', './a/', 'a/.git/', 42]) refused(parsePrefix(p))
  })
  it('splits and checks file and folder keys', () => {
    expect(splitKey('a/b/c.pdf')).toEqual({ parent: 'a/b/', name: 'c.pdf' })
    expect(splitKey('a/b/')).toEqual({ parent: 'a/', name: 'b' })
    expect(parseFileKey('a/c.pdf')).toEqual({ ok: true, value: { parent: 'a/', name: 'c.pdf', key: 'a/c.pdf' } })
    for (const k of ['a/', '', '../c.pdf', 'a/../c.pdf', '/c.pdf']) refused(parseFileKey(k))
    expect(parseFolderKey('a/b')).toEqual({ ok: true, value: 'a/b/' })
    refused(parseFolderKey(''))
  })
  it('lists the folders a key sits in', () => {
    expect(ancestorsOf('a/b/c/')).toEqual(['a/', 'a/b/', 'a/b/c/'])
    expect(ancestorsOf('')).toEqual([])
  })
})

describe('upload targets', () => {
  it('keeps a folder upload’s tree under the current folder', () => {
    expect(uploadTarget('audits/', 'tree/sub/a.pdf')).toEqual({ ok: true, value: { parent: 'audits/tree/sub/', name: 'a.pdf' } })
    expect(uploadTarget('', 'a.pdf')).toEqual({ ok: true, value: { parent: '', name: 'a.pdf' } })
  })
  it('refuses a relative path that climbs out', () => {
    refused(uploadTarget('audits/', '../../x.pdf'))
    refused(uploadTarget('', '.env'))
    refused(uploadTarget('', ''))
  })
})

describe('names and parameters', () => {
  it('numbers a taken name before its extension', () => {
    expect(numberedName('report.pdf', 1)).toBe('report.pdf')
    expect(numberedName('report.pdf', 2)).toBe('report (2).pdf')
    expect(numberedName('README', 3)).toBe('README (3)')
  })
  it('round-trips the base64 of the URL-encoded text, and refuses what is not', () => {
    const key = 'Audits 2026/Été report.pdf'
    expect(decodeParam(encodeParam(key))).toBe(key)
    expect(decodeParam('%%%')).toBeNull()
    expect(decodeParam(null)).toBeNull()
  })
})
