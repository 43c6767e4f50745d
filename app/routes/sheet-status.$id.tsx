// One sheet in a modal over the Service Sheet Tracker: where each review level stands (who
// approved it and when), then the sheet itself. Own URL under whichever tracker path was opened.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { useLoaderData, useLocation } from '@remix-run/react'
import { requireAccess } from '#app/auth/guard.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { Modal } from '#app/components/modal.tsx'
import { ReviewLevels, ServiceSheetDetailView } from '#app/components/service-sheet-detail.tsx'
import { formatDate } from '#core/formats.ts'
import { getDb } from '#db/client.server.ts'
import { serviceSheetDetail } from '#db/queries/service-sheet-detail.ts'
import { sheetImageUrl } from '#app/sheet-images.server.ts'

export const access = ACCESS['/sheet-status']
export const meta: MetaFunction = () => [{ title: 'Service Sheet Status' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const sheet = requireRecord(await serviceSheetDetail(getDb(), requireId(params), sheetImageUrl))
  return { sheet }
}

export default function SheetStatusModal() {
  const { sheet } = useLoaderData<typeof loader>()
  const { pathname, search } = useLocation()
  return (
    <Modal title={`Service Sheet #${sheet.service_sheet_number}`} closeTo={`/${pathname.split('/')[1]}${search}`}>
      <h3>Status</h3>
      <dl className="detail-list">
        <dt>Call-in date</dt>
        <dd>{formatDate(sheet.called_in_at)}</dd>
      </dl>
      <ReviewLevels sheet={sheet} />
      <h3>Sheet</h3>
      <ServiceSheetDetailView sheet={sheet} />
    </Modal>
  )
}
