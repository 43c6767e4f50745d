// Object keys are made by the server, never taken from the browser:
//   <area>/<yyyy>/<mm>/<uuid>-<safe name>
// and uploaded images get the spec's name 'username_code_timestamp_index.extension'.
import type { BlobArea } from '#core/enums.ts'

/** Areas that hold form images: they accept image files only. */
export const IMAGE_AREAS = ['receipts', 'service', 'storage_checks', 'storages'] as const satisfies readonly BlobArea[]

export function isImageArea(area: BlobArea): boolean {
  return (IMAGE_AREAS as readonly string[]).includes(area)
}

/** The 'code' part of an image's name: what kind of record it belongs to. */
export const AREA_CODES: Record<BlobArea, string> = {
  drive: 'drive',
  receipts: 'receipt',
  service: 'service',
  storage_checks: 'check',
  storages: 'storage',
  documents: 'document',
}

/**
 * A name that is safe in a key, a path and a header: the last path segment only, accents removed,
 * anything but letters, digits, '.', '_' and '-' replaced by '-', no leading dot, at most
 * `maxLength` characters with the extension kept.
 */
export function safeName(name: string, maxLength = 100): string {
  const base = String(name).split(/[/\\]/).pop() ?? ''
  const cleaned = base
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._-]+|[.-]+$/g, '')
  const dot = cleaned.lastIndexOf('.')
  const hasExtension = dot > 0 && /^[A-Za-z0-9]{1,10}$/.test(cleaned.slice(dot + 1))
  const extension = hasExtension ? cleaned.slice(dot).toLowerCase() : ''
  let stem = (hasExtension ? cleaned.slice(0, dot) : cleaned).replace(/[.-]+$/g, '')
  stem = stem.slice(0, Math.max(1, maxLength - extension.length)).replace(/[.-]+$/g, '')
  return `${stem || 'file'}${extension}`
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** `<area>/<yyyy>/<mm>/<uuid>-<safe name>` (UTC year and month). */
export function objectKey(area: BlobArea, name: string, now: Date = new Date(), id: string = crypto.randomUUID()): string {
  return `${area}/${now.getUTCFullYear()}/${pad(now.getUTCMonth() + 1)}/${id}-${safeName(name)}`
}

/** 'yyyyMMddHHmmss' in UTC. */
export function compactTimestamp(at: Date): string {
  return `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`
}

/**
 * The spec's name for an uploaded image: 'username_code_timestamp_index.extension', e.g.
 * 'jsmith_receipt_20260105143000_0.jpg'. `index` tells apart the user's images of that second (from 0);
 * `extension` comes from the detected type, not from the browser's file name.
 */
export function imageFileName(options: { username: string; area: BlobArea; at: Date; index: number; extension: string }): string {
  const user = safeName(options.username, 40).replace(/\./g, '-')
  const extension = options.extension.replace(/[^A-Za-z0-9]/g, '').toLowerCase() || 'bin'
  return `${user}_${AREA_CODES[options.area]}_${compactTimestamp(options.at)}_${options.index}.${extension}`
}

/** A name fit to show and to offer as a download name: path, control characters and excess length removed. */
export function displayName(name: string, maxLength = 255): string {
  const base = (String(name).split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim()
  if (!base) return 'file'
  if (base.length <= maxLength) return base
  const dot = base.lastIndexOf('.')
  const extension = dot > 0 && base.length - dot <= 11 ? base.slice(dot) : ''
  return base.slice(0, maxLength - extension.length) + extension
}
