// A pre-treat's sheet, every section read-only (the completed list's modal, and the completed
// restarts' modal, which adds its restart info as children): Application and Chemical Info,
// Pricing, the sheet's conditions, the final checklist, then whatever the caller adds.
import type { ReactNode } from 'react'
import { ChecklistFields } from './checklist.tsx'
import { SheetConditions } from './conditions.tsx'
import { ApplicationInfo, ChemicalInfo } from './info.tsx'
import { Pricing } from './pricing.tsx'
import type { ReviewView } from './review-view.server.ts'

export type ReadOnlySheetData = Pick<ReviewView, 'sheet' | 'values' | 'checklist' | 'trucks' | 'prices' | 'expectedCwt'>

export function PretreatReadOnly({ data, children }: { data: ReadOnlySheetData; children?: ReactNode }) {
  const ctx = { values: data.values, errors: {}, readOnly: true, prefix: 'ro' }
  return (
    <div className="pretreat-sheet pretreat-sheet--read">
      <ApplicationInfo sheet={data.sheet} />
      <ChemicalInfo sheet={data.sheet} ctx={ctx} withUsed />
      <Pricing lines={data.prices} expectedCwt={data.expectedCwt} readOnly />
      <SheetConditions ctx={ctx} trucks={data.trucks} />
      <section className="sheet-section" aria-labelledby="ro-final-checklist">
        <h2 id="ro-final-checklist">Final Checklist</h2>
        <ChecklistFields ctx={{ ...ctx, values: data.checklist, prefix: 'ro-fc' }} />
      </section>
      {children}
    </div>
  )
}
