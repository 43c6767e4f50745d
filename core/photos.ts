// Photos made to travel (issue 40, decision 0096): the size rule and the facts kept of the original,
// one definition for the device (app/components/upload/travel-copy.ts) and the server's
// no-JavaScript path (storage/photo-copy.server.ts). Plain TypeScript: the browser loads it.
import type { ExifFacts } from './exif.ts'
import { DATE_WINDOW } from './formats.ts'

export interface PhotoSettings {
  /** the travelling copy's long side, in pixels (PHOTO_MAX_EDGE) */
  maxEdge: number
  /** its JPEG quality, 0–1 */
  quality: number
  /** PHOTO_KEEP_ORIGINAL: photos travel as they were taken, not resized */
  keepOriginal: boolean
}

export const DEFAULT_PHOTO_SETTINGS: PhotoSettings = { maxEdge: 1600, quality: 0.8, keepOriginal: false }

/** What a photo's record keeps of its original: when and where it was taken, when the camera said. */
export interface PhotoFacts {
  /** ISO instant */
  takenAt: string | null
  latitude: number | null
  longitude: number | null
}

export const NO_PHOTO_FACTS: PhotoFacts = { takenAt: null, latitude: null, longitude: null }

/**
 * The facts of an original's EXIF. A capture time written without its offset is the camera's local
 * time: read in `zone` ('local': the device's own zone, where the photo was just taken; 'UTC' on
 * the server, which cannot know the camera's zone).
 */
export function photoFactsOf(exif: ExifFacts, zone: 'local' | 'UTC'): PhotoFacts {
  let takenAt: string | null = null
  if (exif.takenLocal) {
    const at = new Date(exif.takenLocal + (exif.takenOffset ?? (zone === 'UTC' ? 'Z' : '')))
    const day = Number.isNaN(at.getTime()) ? '' : at.toISOString().slice(0, 10)
    if (day >= DATE_WINDOW.min && day <= DATE_WINDOW.max) takenAt = at.toISOString()
  }
  return { takenAt, latitude: exif.latitude, longitude: exif.longitude }
}

/** The size of the travelling copy of a `width` × `height` picture: its long side at most `maxEdge`. */
export function travelSize(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** A JPEG already within the size travels as it is (no second loss of quality); anything else is made a copy. */
export const travelsAsItIs = (jpeg: boolean, width: number, height: number, maxEdge: number): boolean => jpeg && Math.max(width, height) <= maxEdge

/** Where a photo was taken, on a map anyone can open. */
export const mapLink = (latitude: number, longitude: number): string =>
  `https://www.openstreetmap.org/?mlat=${latitude.toFixed(6)}&mlon=${longitude.toFixed(6)}#map=17/${latitude.toFixed(6)}/${longitude.toFixed(6)}`
