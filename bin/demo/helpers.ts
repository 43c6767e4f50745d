// Small helpers of the demo data: stable ids, a deterministic random source and relative dates,
// so every run builds the same rows.
import { createHash } from 'node:crypto'

/** A stable UUID (v5 layout) for a seed row, so re-running finds the same submission_id. */
export function demoUuid(key: string): string {
  const h = createHash('sha1').update(`storage-field-ops-demo:${key}`).digest()
  h[6] = (h[6]! & 0x0f) | 0x50
  h[8] = (h[8]! & 0x3f) | 0x80
  const hex = h.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** mulberry32: a small deterministic PRNG, so every run builds the same data. */
export function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    round: (value: number, step: number) => Math.round(value / step) * step,
  }
}

function isoDate(d: Date): string {
  const y = d.getFullYear()
  const m = String(d.getMonth() + 1).padStart(2, '0')
  const day = String(d.getDate()).padStart(2, '0')
  return `${y}-${m}-${day}`
}

/** yyyy-mm-dd, `n` days before `today` (local time, as the seeds' dates are). */
export function daysAgo(today: Date, n: number): string {
  const d = new Date(today)
  d.setDate(d.getDate() - n)
  return isoDate(d)
}
