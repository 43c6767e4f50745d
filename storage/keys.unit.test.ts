import { describe, expect, it } from 'vitest'
import { assertSafeKey } from './blob-store.ts'
import { compactTimestamp, displayName, imageFileName, isImageArea, objectKey, safeName } from './keys.ts'

describe('safeName', () => {
  it.each([
    ['photo.JPG', 'photo.jpg'],
    ['Récépissé été.pdf', 'Recepisse-ete.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\ann\\scan 1.png', 'scan-1.png'],
    ['.htaccess', 'htaccess'],
    ['...', 'file'],
    ['', 'file'],
    ['a<b>&"c" (1).html', 'a-b-c-1.html'],
    ['report..final..docx', 'report.final.docx'],
  ])('%j → %j', (input, expected) => {
    expect(safeName(input)).toBe(expected)
  })

  it('keeps the extension when it shortens a long name', () => {
    const name = safeName(`${'a'.repeat(300)}.jpeg`)
    expect(name.length).toBeLessThanOrEqual(100)
    expect(name.endsWith('.jpeg')).toBe(true)
  })
})

describe('objectKey', () => {
  it('is <area>/<yyyy>/<mm>/<uuid>-<safe name> and always a safe key', () => {
    const key = objectKey('receipts', '../My Receipt.jpg', new Date('2026-03-09T23:30:00Z'), '0b7e3a52-6f0e-4c89-9a39-6e3b1a0f2c11')
    expect(key).toBe('receipts/2026/03/0b7e3a52-6f0e-4c89-9a39-6e3b1a0f2c11-My-Receipt.jpg')
    expect(() => assertSafeKey(key)).not.toThrow()
  })

  it('is different for every upload of the same name', () => {
    expect(objectKey('drive', 'a.pdf')).not.toBe(objectKey('drive', 'a.pdf'))
    expect(objectKey('drive', 'a.pdf')).toMatch(/^drive\/\d{4}\/\d{2}\/[0-9a-f-]{36}-a\.pdf$/)
  })
})

describe('imageFileName', () => {
  it("combines username, type code, timestamp and index: 'username_code_timestamp_index.extension'", () => {
    const at = new Date('2026-01-05T14:30:07Z')
    expect(imageFileName({ username: 'jsmith', area: 'receipts', at, index: 0, extension: 'jpg' })).toBe('jsmith_receipt_20260105143007_0.jpg')
    expect(imageFileName({ username: 'jsmith', area: 'storage_checks', at, index: 2, extension: 'png' })).toBe('jsmith_check_20260105143007_2.png')
    expect(imageFileName({ username: 'ann.lee', area: 'service', at, index: 1, extension: 'HEIC' })).toBe('ann-lee_service_20260105143007_1.heic')
    expect(imageFileName({ username: 'bob', area: 'storages', at, index: 0, extension: 'webp' })).toBe('bob_storage_20260105143007_0.webp')
  })

  it('uses UTC for the timestamp', () => {
    expect(compactTimestamp(new Date('2025-12-31T23:59:59-05:00'))).toBe('20260101045959')
  })
})

describe('displayName', () => {
  it('drops paths and control characters but keeps the rest of what the user called the file', () => {
    expect(displayName('C:\\scans\\Crop report (final).pdf')).toBe('Crop report (final).pdf')
    expect(displayName('a\u0000b\nc.txt')).toBe('abc.txt')
    expect(displayName('   ')).toBe('file')
    expect(displayName(`${'x'.repeat(300)}.docx`)).toHaveLength(255)
  })
})

describe('areas', () => {
  it('makes the form image areas image-only and leaves the drive open', () => {
    expect(['receipts', 'service', 'storage_checks', 'storages'].every((a) => isImageArea(a as never))).toBe(true)
    expect(isImageArea('drive')).toBe(false)
    expect(isImageArea('documents')).toBe(false)
  })
})

describe('assertSafeKey', () => {
  it.each(['../x', 'a/../b', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', '.multipart/x', 'a/.tmp/b', '', 'a\u0000b'])('refuses %j', (key) => {
    expect(() => assertSafeKey(key)).toThrow(/Refused storage key/)
  })
})
