// The return path after sign-in: the app's own addresses come back whole (a drive folder's
// encoded ?p= included), and nothing a browser could follow to another site gets through.
import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from './return-path.ts'

describe('return paths after sign-in', () => {
  it('keep a path on this site with its query, encoded as the app encodes it', () => {
    for (const path of [
      '/view-calls?page_size=20&filter_value=Snake+River%20Farms',
      '/review-editor/12',
      '/sheet-status?from=2026-01-01#top',
      // a drive folder and a file opened in it: the folder's slashes are %2F in the query
      '/auditing?p=Audits%2F2026%2F',
      '/auditing?p=Audits%2FH%C3%A4user%2F&open=Audits%2FH%C3%A4user%2Freport.pdf&sort_by=name',
      '/auditing?q=back%5Cslash',
      '/view-storage/4?tab=timeline&season=2025%E2%80%932026',
    ]) {
      expect(safeRedirectPath(path)).toBe(path)
    }
  })

  it('turn anything that could lead off the site into the fallback', () => {
    const hostile = [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\\evil.example',
      '/x/..\\..\\/evil.example',
      '/%2f/evil.example',
      '/%2F%2Fevil.example',
      '/%5C/evil.example',
      '/%5cevil.example',
      '/%252f%252fevil.example', // decoded once more: //evil.example
      '/%25252F/evil.example',
      '/%09/evil.example',
      '/x\r\nSet-Cookie: a=b',
      '/\u0000',
      '/\u00a0/evil.example',
      '//evil.example',
      '///evil.example',
      '/\\/evil.example',
      'https://evil.example',
      'http:/evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      null,
      undefined,
      // encoded control characters, in the query too
      '/auditing?p=%0d%0aSet-Cookie:%20a=b',
      '/auditing?p=a%00',
    ]
    expect(hostile.map((value) => safeRedirectPath(value))).toEqual(hostile.map(() => '/'))
    expect(safeRedirectPath('//evil.example', '/home')).toBe('/home')
  })
})
