// What the sheet's two pages (the applicator's /pretreats/{id}, the reviewers' /review-pre-treat/{id})
// share besides their parts: reading a refused post back into the inputs, and the Next/Back toggle.
import { useState, type MouseEvent } from 'react'
import { useHydrated } from '#app/components/use-hydrated.ts'

/** conform's nested copy of a posted form → its inputs' names ('chemicals[0].quantity_used', 'prices[0].cwt_share'). */
export function flatten(value: unknown, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(value)) value.forEach((item, i) => flatten(item, `${prefix}[${i}]`, into))
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into)
  else if (prefix) into[prefix] = value === undefined || value === null ? '' : String(value)
  return into
}

export type SheetPart = 'sheet' | 'checklist'

/**
 * Next/Back between the sheet and its final checklist: with JavaScript the page swaps them in
 * place; without it the links load `?view=checklist` (the loader's `initial`).
 */
export function useSheetPart(initial: SheetPart) {
  const hydrated = useHydrated()
  const [part, setPart] = useState<SheetPart>(initial)
  const show = (to: SheetPart) => (event: MouseEvent) => {
    if (!hydrated) return
    event.preventDefault()
    setPart(to)
    window.scrollTo({ top: 0 })
  }
  return { part, show }
}
