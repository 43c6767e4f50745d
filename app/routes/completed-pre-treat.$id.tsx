// One completed pre-treat, read-only, in a modal over Completed Pre-Treats (spec §2: "a completed row
// opens a read-only modal sheet"; issue 12): every section, the pricing, the final checklist and the
// restart info.
// Its own URL (works without JavaScript); Close goes back to the list with its sort, filter and
// page. A pre-treat not completed yet is not here (404): its review sheet is /review-pre-treat/{id}.
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
import { restartOfPretreat } from '#db/queries/restarts.ts'
import { recordNotices } from '#db/queries/notices.ts'
import { RecordNotices } from '#app/features/notices/notices.tsx'

export const access = ACCESS['/completed-pre-treat/:id']
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Pre-Treat ${data.view.sheet.number}` : 'Pre-Treat' }]
export const links = () => [{ rel: 'stylesheet', href: sheetCss }]

export async function loader(args: LoaderFunctionArgs) {
  const read = await loadRecord(args, access, async (id, user) => {
    const [view, restart, notices] = await Promise.all([readReviewView(getDb(), id), restartOfPretreat(getDb(), id), recordNotices(getDb(), 'pretreat', id, user.id)])
    return view?.row.status === 'completed' ? { view, restart, notices } : null
  })
  const { sheet, values, checklist, trucks, prices, expectedCwt } = read.view
  return { view: { sheet, values, checklist, trucks, prices, expectedCwt }, restart: read.restart ?? null, notices: read.notices }
}

export default function CompletedPretreatModal() {
  const { view, restart, notices } = useLoaderData<typeof loader>()
  return (
    <RecordModal title={`Pre-Treat ${view.sheet.number}`}>
      <RecordNotices notices={notices} entity="pretreat" recordId={view.sheet.id} sentBack={false} />
      <PretreatReadOnly data={view}>{restart ? <RestartInfo restart={restart} /> : null}</PretreatReadOnly>
    </RecordModal>
  )
}
