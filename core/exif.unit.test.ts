import { describe, expect, it } from 'vitest'
import { readExif } from './exif.ts'
import { photoFactsOf, travelSize, travelsAsItIs } from './photos.ts'

type Value = { tag: number; type: 2 | 3 | 4 | 5; values: (number | string)[] }

/**
 * A JPEG's first bytes with an APP1 Exif segment written by hand: IFD0 (orientation, pointers),
 * the Exif IFD and the GPS IFD, in either byte order, as cameras write them.
 */
function jpegWithExif(
  facts: { orientation?: number; taken?: string; offset?: string; lat?: [number, number, number, 'N' | 'S']; lon?: [number, number, number, 'E' | 'W'] },
  little = true,
): Uint8Array {
  const bytes: number[] = []
  const u16 = (v: number) => (little ? [v & 255, v >> 8] : [v >> 8, v & 255])
  const u32 = (v: number) => (little ? [v & 255, (v >> 8) & 255, (v >> 16) & 255, v >>> 24] : [v >>> 24, (v >> 16) & 255, (v >> 8) & 255, v & 255])
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0)).concat(0)
  // each IFD: entries, then its values that do not fit in 4 bytes
  const ifd = (at: number, entries: Value[]): number[] => {
    const out: number[] = [...u16(entries.length)]
    const extra: number[] = []
    const extraAt = at + 2 + entries.length * 12 + 4
    for (const e of entries) {
      const data =
        e.type === 2
          ? ascii(String(e.values[0]))
          : e.type === 3
            ? e.values.flatMap((v) => u16(Number(v)))
            : e.type === 4
              ? e.values.flatMap((v) => u32(Number(v)))
              : e.values.flatMap((v) => [...u32(Math.round(Number(v) * 100)), ...u32(100)])
      const count = e.type === 2 ? data.length : e.values.length
      out.push(...u16(e.tag), ...u16(e.type), ...u32(count))
      if (data.length <= 4) out.push(...data, ...Array(4 - data.length).fill(0))
      else {
        out.push(...u32(extraAt + extra.length))
        extra.push(...data)
      }
    }
    return [...out, ...u32(0), ...extra]
  }
  const exifEntries: Value[] = []
  if (facts.taken) exifEntries.push({ tag: 0x9003, type: 2, values: [facts.taken] })
  if (facts.offset) exifEntries.push({ tag: 0x9011, type: 2, values: [facts.offset] })
  const gpsEntries: Value[] = []
  if (facts.lat) gpsEntries.push({ tag: 1, type: 2, values: [facts.lat[3]] }, { tag: 2, type: 5, values: facts.lat.slice(0, 3) as number[] })
  if (facts.lon) gpsEntries.push({ tag: 3, type: 2, values: [facts.lon[3]] }, { tag: 4, type: 5, values: facts.lon.slice(0, 3) as number[] })
  const ifd0Entries: Value[] = []
  if (facts.orientation) ifd0Entries.push({ tag: 0x0112, type: 3, values: [facts.orientation] })
  // IFD0 at 8; its pointers are filled once the sizes are known
  const ifd0Size = 2 + (ifd0Entries.length + 2) * 12 + 4
  const exifAt = 8 + ifd0Size
  const exifIfd = ifd(exifAt, exifEntries)
  const gpsAt = exifAt + exifIfd.length
  const ifd0 = ifd(8, [...ifd0Entries, { tag: 0x8769, type: 4, values: [exifAt] }, { tag: 0x8825, type: 4, values: [gpsAt] }])
  const tiff = [...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(8), ...ifd0, ...exifIfd, ...ifd(gpsAt, gpsEntries)]
  const app1 = [...ascii('Exif'), 0, ...tiff]
  const length = app1.length + 2
  bytes.push(0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xe1, length >> 8, length & 255, ...app1, 0xff, 0xda, 0, 2)
  return new Uint8Array(bytes)
}

describe('readExif', () => {
  const camera = { orientation: 6, taken: '2026:10:03 14:05:09', lat: [46, 24, 30.6, 'N'], lon: [116, 0, 36, 'W'] } as const

  it('reads the orientation, the capture time and the GPS position, in both byte orders', () => {
    for (const little of [true, false]) {
      const exif = readExif(jpegWithExif({ ...camera, lat: [...camera.lat], lon: [...camera.lon] }, little))
      expect(exif.orientation).toBe(6)
      expect(exif.takenLocal).toBe('2026-10-03T14:05:09')
      expect(exif.latitude).toBeCloseTo(46.4085, 6)
      expect(exif.longitude).toBeCloseTo(-116.01, 6)
    }
  })

  it('reads south and east, and the offset the camera wrote', () => {
    const exif = readExif(jpegWithExif({ taken: '2026:01:31 23:30:00', offset: '-07:00', lat: [33, 52, 0, 'S'], lon: [151, 12, 0, 'E'] }))
    expect(exif.latitude).toBeCloseTo(-33.866667, 5)
    expect(exif.longitude).toBeCloseTo(151.2, 5)
    expect(photoFactsOf(exif, 'UTC').takenAt).toBe('2026-02-01T06:30:00.000Z')
  })

  it('reads nothing from a photo without EXIF, a PNG or broken bytes, without throwing', () => {
    const none = { orientation: 1, takenLocal: null, takenOffset: null, latitude: null, longitude: null }
    expect(readExif(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toEqual(none)
    expect(readExif(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toEqual(none)
    const cut = jpegWithExif({ ...camera, lat: [...camera.lat], lon: [...camera.lon] }).slice(0, 60)
    expect(readExif(cut).latitude).toBeNull()
  })

  it('keeps no time outside the app’s date window and no position out of range', () => {
    const exif = readExif(jpegWithExif({ taken: '1970:01:01 00:00:00', lat: [95, 0, 0, 'N'], lon: [10, 0, 0, 'E'] }))
    expect(photoFactsOf(exif, 'UTC')).toEqual({ takenAt: null, latitude: null, longitude: null })
  })
})

describe('the travelling size', () => {
  it('fits the long side in the limit and keeps the proportions; never enlarges', () => {
    expect(travelSize(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 })
    expect(travelSize(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 })
    expect(travelSize(800, 600, 1600)).toEqual({ width: 800, height: 600 })
  })

  it('lets a JPEG already within the size travel as it is, and nothing else', () => {
    expect(travelsAsItIs(true, 1600, 1200, 1600)).toBe(true)
    expect(travelsAsItIs(true, 1601, 1200, 1600)).toBe(false)
    expect(travelsAsItIs(false, 800, 600, 1600)).toBe(false)
  })
})
