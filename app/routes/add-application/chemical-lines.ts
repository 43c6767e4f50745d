// The chemicals of an application as a LineItemsField (app/components/form/line-items.tsx): a
// product picked by its whole name (case ignored) from the active products, one line each.
import type { LineKind } from '#app/components/form/line-rules.ts'
import { APPLICATION_MESSAGES, PRODUCT_MESSAGES } from '#core/schemas/product.ts'

export interface ChemicalOption {
  id: number
  product_name: string
  units: string
  active: boolean
}

export function chemicalLines(products: readonly ChemicalOption[], chosen: readonly string[] = []): LineKind {
  return {
    empty: { product: '' },
    toLine(pick) {
      const wanted = (pick.product ?? '').trim().toLowerCase()
      const product = products.find((p) => p.active && p.product_name.toLowerCase() === wanted)
      if (!product) return { problem: { field: 'product', message: PRODUCT_MESSAGES.unknown } }
      if (chosen.includes(String(product.id))) return { problem: { field: 'product', message: APPLICATION_MESSAGES.twice } }
      return { line: { product_id: String(product.id) } }
    },
  }
}
