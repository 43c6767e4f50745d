// One service sheet, in a modal over Completed Service Sheets: the model record modal. A record
// route has its own URL (bookmarkable, works without JavaScript): its loader is loadRecord (rule,
// id, read, 404) and its component a RecordModal, whose Close goes back to the list as it was.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { RecordModal } from '#app/components/modal.tsx'
import { ServiceSheetDetailView } from '#app/components/service-sheet-detail.tsx'
import { loadRecord } from '#app/records.server.ts'
import { sheetImageUrl } from '#app/sheet-images.server.ts'
import { getDb } from '#db/client.server.ts'
import { serviceSheetDetail } from '#db/queries/service-sheet-detail.ts'

export const access = ACCESS['/view-service']
export const meta: MetaFunction = () => [{ title: 'Service Sheet Details' }]

export const loader = async (args: LoaderFunctionArgs) => ({ sheet: await loadRecord(args, access, (id) => serviceSheetDetail(getDb(), id, sheetImageUrl)) })

export default function ServiceSheetModal() {
  const { sheet } = useLoaderData<typeof loader>()
  return (
    <RecordModal title="Service Sheet Details">
      <ServiceSheetDetailView sheet={sheet} />
    </RecordModal>
  )
}
