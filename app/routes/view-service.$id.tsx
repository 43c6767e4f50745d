// One service sheet, in a modal over Completed Service Sheets. It has its own URL (bookmarkable,
// works without JavaScript); closing goes back to the list with the same parameters.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { useLoaderData, useLocation } from '@remix-run/react'
import { requireAccess } from '#app/auth/guard.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { Modal } from '#app/components/modal.tsx'
import { ServiceSheetDetailView } from '#app/components/service-sheet-detail.tsx'
import { getDb } from '#db/client.server.ts'
import { serviceSheetDetail } from '#db/queries/service-sheet-detail.ts'
import { sheetImageUrl } from '#app/sheet-images.server.ts'

export const access = ACCESS['/view-service']
export const meta: MetaFunction = () => [{ title: 'Service Sheet Details' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const sheet = requireRecord(await serviceSheetDetail(getDb(), requireId(params), sheetImageUrl))
  return { sheet }
}

export default function ServiceSheetModal() {
  const { sheet } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <Modal title="Service Sheet Details" closeTo={`/view-service${search}`}>
      <ServiceSheetDetailView sheet={sheet} />
    </Modal>
  )
}
