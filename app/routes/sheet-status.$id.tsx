// One sheet in a modal over the Service Sheet Tracker: where each review level stands (who
// approved it and when), then the sheet itself. Own URL under whichever tracker path was opened.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { requirePermission } from '#app/auth/guard.server.ts'
import { Modal } from '#app/components/modal.tsx'
import { ReviewLevels, ServiceSheetDetailView } from '#app/components/service-sheet-detail.tsx'
import { formatDate } from '#core/formats.ts'
import { REVIEW_PERMISSIONS } from '#core/permissions.ts'
import { getDb } from '#db/client.server.ts'
import { serviceSheetDetail } from '#db/queries/service-sheet-detail.ts'
import { sheetImageUrl } from '#app/sheet-images.server.ts'

export const meta: MetaFunction = () => [{ title: 'Service Sheet Status' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, REVIEW_PERMISSIONS)
  const id = Number(params.id)
  const sheet = Number.isSafeInteger(id) && id > 0 ? await serviceSheetDetail(getDb(), id, sheetImageUrl) : undefined
  if (!sheet) throw new Response('Not Found', { status: 404 })
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
