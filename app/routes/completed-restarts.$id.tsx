// One completed restart in a modal over Completed Restarts (its own URL, works without JavaScript;
// docs/decisions/0041): the pre-treat's sheet read-only, its final checklist, and the restart info.
// Close goes back to the list with the same sort, filter and page.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { RecordModal } from '#app/components/modal.tsx'
import { ChecklistFields } from '#app/components/pretreat-sheet/checklist.tsx'
import { SheetConditions } from '#app/components/pretreat-sheet/conditions.tsx'
import { ApplicationInfo, ChemicalInfo } from '#app/components/pretreat-sheet/info.tsx'
import type { FieldContext } from '#app/components/pretreat-sheet/sheet-fields.tsx'
import sheetCss from '#app/components/pretreat-sheet/sheet.css?url'
import { readSheet, sheetValues, sheetView } from '#app/components/pretreat-sheet/sheet-view.server.ts'
import { RestartInfo } from '#app/components/restarts/restart-info.tsx'
import { loadRecord } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { restartById } from '#db/queries/restarts.ts'

export const access = ACCESS['/completed-restarts']
export const meta: MetaFunction = () => [{ title: 'Completed Restart' }]
export const links = () => [{ rel: 'stylesheet', href: sheetCss }]

export const loader = (args: LoaderFunctionArgs) =>
  loadRecord(args, access, async (id) => {
    const restart = await restartById(getDb(), id)
    // only a completed restart is on this list; a pending one opens its form instead
    if (!restart?.completed_at) return null
    const read = await readSheet(getDb(), restart.pretreat_id)
    if (!read) return null
    const { values, checklist } = sheetValues(read.row)
    return { restart, sheet: sheetView(read.row), values, checklist, trucks: read.trucks }
  })

export default function CompletedRestartModal() {
  const { restart, sheet, values, checklist, trucks } = useLoaderData<typeof loader>()
  const sheetCtx: FieldContext = { values, errors: {}, readOnly: true, prefix: 'pt' }
  return (
    <RecordModal title={`Restart ${restart.pre_treat_number}`}>
      <div className="pretreat-sheet">
        <RestartInfo restart={restart} />
        <ApplicationInfo sheet={sheet} />
        <ChemicalInfo sheet={sheet} ctx={sheetCtx} withUsed />
        <SheetConditions ctx={sheetCtx} trucks={trucks} />
        <section className="sheet-section" aria-labelledby="pt-final-checklist">
          <h2 id="pt-final-checklist">Final Checklist</h2>
          <ChecklistFields ctx={{ values: checklist, errors: {}, readOnly: true, prefix: 'fc' }} />
        </section>
      </div>
    </RecordModal>
  )
}
