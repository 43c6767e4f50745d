// When people may go in again after an application (issue 23): its stop time plus the longest
// re-entry interval of its products' labels, on the sheet's own wall time.

export interface Reentry {
  /** 'yyyy-mm-dd hh:mm', the sheet's own wall time */
  from: string
  hours: number
  /** the product whose label sets it */
  product: string
}

export function reentryOf(date: string | null, stopTime: string | null, products: readonly { product_name: string; reentry_hours: number | null }[]): Reentry | null {
  const longest = products.filter((p) => p.reentry_hours !== null).sort((a, b) => b.reentry_hours! - a.reentry_hours!)[0]
  const from = reentryFrom(date, stopTime, longest?.reentry_hours ?? null)
  return longest && from ? { from: from.replace('T', ' '), hours: longest.reentry_hours!, product: longest.product_name } : null
}

/** 'Re-entry from 2025-11-21 16:00 (48 h after the stop time, 1,4SIGHT's label)' without its first words. */
export const reentryText = (r: Reentry) => `${r.from} (${r.hours} h after the stop time, ${r.product}'s label)`

/** 'yyyy-mm-dd' + 'hh:mm' + hours → 'yyyy-mm-ddThh:mm' (local wall time, as the sheet's times are). */
export function reentryFrom(date: string | null, stopTime: string | null, hours: number | null): string | null {
  if (date === null || stopTime === null || hours === null) return null
  const at = new Date(`${date}T${stopTime.slice(0, 5)}:00Z`)
  if (Number.isNaN(at.getTime())) return null
  at.setUTCMinutes(at.getUTCMinutes() + Math.round(hours * 60))
  return at.toISOString().slice(0, 16)
}
