// A record's photos as its detail draws them: when and where each was taken, from its original's
// EXIF (decision 0096), and nothing where the original said nothing.
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RecordImages } from './record-images.tsx'

describe('a record’s photos', () => {
  it('show their capture time and a map link to where they were taken', () => {
    const html = renderToString(<RecordImages images={[{ id: 'a1', filename: 'tech_check_1.jpg', taken_at: '2026-10-03T13:05:09.000Z', latitude: '46.408500', longitude: '-116.010000' }]} />)
    expect(html).toContain('2026-10-03 13:05 UTC')
    expect(html).toContain('href="https://www.openstreetmap.org/?mlat=46.408500&amp;mlon=-116.010000')
    expect(html).toContain('aria-label="Where tech_check_1.jpg was taken, on a map"')
  })

  it('show neither when the original had no EXIF', () => {
    const html = renderToString(<RecordImages images={[{ id: 'a1', filename: 'scan.png', taken_at: null, latitude: null, longitude: null }]} />)
    expect(html).not.toContain('Taken')
    expect(html).not.toContain('openstreetmap')
  })
})
