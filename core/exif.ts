// A small EXIF reader for JPEG photos (issue 40, decision 0096), shared by the browser (a photo
// chosen in a field form) and the server (a photo posted without JavaScript): the orientation, the
// capture time and the GPS position, from the APP1 segment's TIFF structure. Nothing else is read;
// anything malformed reads as "not there", never as an error.

export interface ExifFacts {
  /** 1–8 (TIFF Orientation); 1 when not given */
  orientation: number
  /** DateTimeOriginal as written, 'YYYY-MM-DDTHH:MM:SS' (the camera's local time), or null */
  takenLocal: string | null
  /** OffsetTimeOriginal, '+01:00', when the camera wrote it */
  takenOffset: string | null
  latitude: number | null
  longitude: number | null
}

const NONE: ExifFacts = { orientation: 1, takenLocal: null, takenOffset: null, latitude: null, longitude: null }

const TAG = {
  orientation: 0x0112,
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  dateTimeOriginal: 0x9003,
  offsetTimeOriginal: 0x9011,
  latitudeRef: 0x0001,
  latitude: 0x0002,
  longitudeRef: 0x0003,
  longitude: 0x0004,
} as const

/** bytes per value of each TIFF type (1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL, 7 UNDEFINED, 9 SLONG, 10 SRATIONAL) */
const TYPE_BYTES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 }

/** The EXIF facts of a JPEG's first bytes (the APP1 segment sits near the start: 128 KiB is plenty). */
export function readExif(bytes: Uint8Array): ExifFacts {
  const tiff = exifSegment(bytes)
  if (!tiff) return NONE
  try {
    return readTiff(tiff)
  } catch {
    return NONE // a value pointing outside the segment
  }
}

/** Whether the bytes start like a JPEG (SOI then a marker). */
export const isJpeg = (bytes: Uint8Array): boolean => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff

/** The TIFF structure inside the first APP1 'Exif' segment, or null. */
function exifSegment(bytes: Uint8Array): DataView | null {
  if (!isJpeg(bytes)) return null
  let at = 2
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1]!
    if (marker === 0xff) {
      at += 1 // fill byte
      continue
    }
    if (marker === 0xda || marker === 0xd9) return null // image data: no metadata after it
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!
    const start = at + 4
    const end = Math.min(at + 2 + length, bytes.length)
    if (marker === 0xe1 && end - start > 14 && String.fromCharCode(...bytes.subarray(start, start + 6)) === 'Exif\0\0') {
      return new DataView(bytes.buffer, bytes.byteOffset + start + 6, end - start - 6)
    }
    at += 2 + length
  }
  return null
}

interface Entry {
  type: number
  count: number
  /** where the value sits in the TIFF structure */
  at: number
}

function readTiff(view: DataView): ExifFacts {
  const order = view.getUint16(0)
  if (order !== 0x4949 && order !== 0x4d4d) return NONE
  const little = order === 0x4949
  const u16 = (at: number) => view.getUint16(at, little)
  const u32 = (at: number) => view.getUint32(at, little)
  if (u16(2) !== 42) return NONE

  const entries = (offset: number): Map<number, Entry> => {
    const found = new Map<number, Entry>()
    const count = u16(offset)
    for (let i = 0; i < count; i++) {
      const at = offset + 2 + i * 12
      const type = u16(at + 2)
      const n = u32(at + 4)
      const size = (TYPE_BYTES[type] ?? 0) * n
      if (size === 0) continue
      found.set(u16(at), { type, count: n, at: size <= 4 ? at + 8 : u32(at + 8) })
    }
    return found
  }
  const ascii = (entry: Entry | undefined): string | null => {
    if (!entry || entry.type !== 2) return null
    let text = ''
    for (let i = 0; i < entry.count; i++) {
      const c = view.getUint8(entry.at + i)
      if (c === 0) break
      text += String.fromCharCode(c)
    }
    return text
  }
  const number = (entry: Entry | undefined): number | null => {
    if (!entry) return null
    if (entry.type === 3) return u16(entry.at)
    if (entry.type === 4) return u32(entry.at)
    return null
  }
  const degrees = (entry: Entry | undefined): number | null => {
    if (!entry || entry.type !== 5 || entry.count < 3) return null
    const [d, m, s] = [0, 1, 2].map((k) => u32(entry.at + k * 8) / u32(entry.at + k * 8 + 4))
    const value = d! + m! / 60 + s! / 3600
    return Number.isFinite(value) ? value : null
  }

  const ifd0 = entries(u32(4))
  const orientation = number(ifd0.get(TAG.orientation))
  const exifAt = number(ifd0.get(TAG.exifIfd))
  const exif = exifAt ? entries(exifAt) : new Map<number, Entry>()
  const gpsAt = number(ifd0.get(TAG.gpsIfd))
  const gps = gpsAt ? entries(gpsAt) : new Map<number, Entry>()

  const written = ascii(exif.get(TAG.dateTimeOriginal))
  const time = written ? /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(written) : null
  const offset = ascii(exif.get(TAG.offsetTimeOriginal))
  const signed = (value: number | null, ref: string | null, negative: string) => (value === null ? null : ref === negative ? -value : value)
  const latitude = signed(degrees(gps.get(TAG.latitude)), ascii(gps.get(TAG.latitudeRef)), 'S')
  const longitude = signed(degrees(gps.get(TAG.longitude)), ascii(gps.get(TAG.longitudeRef)), 'W')
  const placed = latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
  return {
    orientation: orientation !== null && orientation >= 1 && orientation <= 8 ? orientation : 1,
    takenLocal: time ? `${time[1]}-${time[2]}-${time[3]}T${time[4]}:${time[5]}:${time[6]}` : null,
    takenOffset: offset && /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : null,
    latitude: placed ? latitude : null,
    longitude: placed ? longitude : null,
  }
}
