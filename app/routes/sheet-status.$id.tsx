// One sheet in a modal over the Service Sheet Tracker: where each review level stands (who
// approved it and when), then the sheet itself. Own URL under whichever tracker path was opened
// (/sheet-status/{id} or /service-status/{id}); Close goes back to that list as it was.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { RecordModal } from '#app/components/modal.tsx'
import { ReviewLevels, ServiceSheetDetailView } from '#app/components/service-sheet-detail.tsx'
import { formatDate } from '#core/formats.ts'
import { loadRecord } from '#app/records.server.ts'
import { sheetImageUrl } from '#app/sheet-images.server.ts'
import { getDb } from '#db/client.server.ts'
import { serviceSheetDetail } from '#db/queries/service-sheet-detail.ts'

export const access = ACCESS['/sheet-status']
export const meta: MetaFunction = () => [{ title: 'Service Sheet Status' }]

export const loader = async (args: LoaderFunctionArgs) => ({ sheet: await loadRecord(args, access, (id) => serviceSheetDetail(getDb(), id, sheetImageUrl)) })

export default function SheetStatusModal() {
  const { sheet } = useLoaderData<typeof loader>()
  return (
    <RecordModal title={`Service Sheet #${sheet.service_sheet_number}`}>
      <h3>Status</h3>
      <dl className="detail-list">
        <dt>Call-in date</dt>
        <dd>{formatDate(sheet.called_in_at)}</dd>
      </dl>
      <ReviewLevels sheet={sheet} />
      <h3>Sheet</h3>
      <ServiceSheetDetailView sheet={sheet} />
    </RecordModal>
  )
}
