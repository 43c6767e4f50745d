// One completed restart in a modal over Completed Restarts (its own URL, works without JavaScript;
// docs/decisions/0041): the pre-treat's sheet read-only, its final checklist, and the restart info.
// Close goes back to the list with the same sort, filter and page.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { RecordModal } from '#app/components/modal.tsx'
import { PretreatReadOnly } from '#app/features/pretreat-sheet/read-only-sheet.tsx'
import { readReviewView } from '#app/features/pretreat-sheet/review-view.server.ts'
import sheetCss from '#app/features/pretreat-sheet/sheet.css?url'
import { RestartInfo } from '#app/features/restarts/restart-info.tsx'
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
    const read = await readReviewView(getDb(), restart.pretreat_id)
    if (!read) return null
    const { sheet, values, checklist, trucks, prices, expectedCwt } = read
    return { restart, view: { sheet, values, checklist, trucks, prices, expectedCwt } }
  })

export default function CompletedRestartModal() {
  const { restart, view } = useLoaderData<typeof loader>()
  return (
    <RecordModal title={`Restart ${restart.pre_treat_number}`}>
      <PretreatReadOnly data={view}>
        <RestartInfo restart={restart} />
      </PretreatReadOnly>
    </RecordModal>
  )
}
