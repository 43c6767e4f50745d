import { describe, expect, it } from 'vitest'
import { csvField, csvFileName, csvLine } from './csv.ts'

describe('csvField', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('Snake River Farms')).toBe('Snake River Farms')
    expect(csvField(42)).toBe('42')
    expect(csvField(-1.5)).toBe('-1.5')
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
    expect(csvField('')).toBe('')
  })

  it('quotes commas, quotes, line breaks and edge spaces, doubling the quotes', () => {
    expect(csvField('Fan 2, north wall')).toBe('"Fan 2, north wall"')
    expect(csvField('The "big" door')).toBe('"The ""big"" door"')
    expect(csvField('line one\nline two')).toBe('"line one\nline two"')
    expect(csvField('a\r\nb')).toBe('"a\r\nb"')
    expect(csvField(' padded ')).toBe('" padded "')
  })

  it('turns text a spreadsheet would run as a formula into quoted plain text', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")"`)
    expect(csvField('+1 555 0100')).toBe(`"'+1 555 0100"`)
    expect(csvField('-2 degrees in cell 4')).toBe(`"'-2 degrees in cell 4"`)
    expect(csvField('@SUM(A1:A9)')).toBe(`"'@SUM(A1:A9)"`)
    expect(csvField('\t=1+1')).toBe(`"'\t=1+1"`)
    expect(csvField('\nnext')).toBe(`"'\nnext"`)
    expect(csvField(' =1+1')).toBe(`"' =1+1"`)
    expect(csvField('a=b')).toBe('a=b')
  })

  it('neutralises a formula that would start a cell once a separator (, or ;) or a quote splits the field (OWASP)', () => {
    // a spreadsheet of a locale that splits on ';' would read '=1+1' as a cell of its own
    expect(csvField('x;=1+1')).toBe(`"'x;=1+1"`)
    expect(csvField('Door, -2 in pile 3')).toBe(`"'Door, -2 in pile 3"`)
    expect(csvField('a; @SUM(A1)')).toBe(`"'a; @SUM(A1)"`)
    expect(csvField('x"+1')).toBe(`"'x""+1"`)
    // OWASP's own two examples
    expect(csvField('=1+2";=1+2')).toBe(`"'=1+2"";=1+2"`)
    expect(csvField(`=1+2'" ;,=1+2`)).toBe(`"'=1+2'"" ;,=1+2"`)
    // a ';' is quoted, so no reader splits the field there; harmless text keeps no apostrophe
    expect(csvField('Fan 2; north wall')).toBe('"Fan 2; north wall"')
    expect(csvField('Smith, John')).toBe('"Smith, John"')
  })
})

describe('csvLine', () => {
  it('joins the fields with commas and ends with CRLF', () => {
    expect(csvLine(['2026-11-01', 'Bravo Ag', null, 'Door, stuck'])).toBe('2026-11-01,Bravo Ag,,"Door, stuck"\r\n')
  })
})

describe('csvFileName', () => {
  it('is the list’s name and the day, in safe characters', () => {
    expect(csvFileName('Pending Calls', new Date('2026-11-22T10:00:00Z'))).toBe('pending-calls-2026-11-22.csv')
    expect(csvFileName('Completed Service Sheets – Cellar "3"', new Date('2026-11-22T10:00:00Z'))).toBe('completed-service-sheets-cellar-3-2026-11-22.csv')
    expect(csvFileName('…', new Date('2026-11-22T10:00:00Z'))).toBe('list-2026-11-22.csv')
  })
})
