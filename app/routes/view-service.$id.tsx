// One service sheet, in a modal over Completed Service Sheets. It has its own URL (bookmarkable,
// works without JavaScript); closing goes back to the list with the same parameters.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { requirePermission } from '#app/auth/guard.server.ts'
import { Modal } from '#app/components/modal.tsx'
import { ServiceSheetDetailView } from '#app/components/service-sheet-detail.tsx'
import { getDb } from '#db/client.server.ts'
import { serviceSheetDetail } from '#db/queries/service-sheet-detail.ts'
import { sheetImageUrl } from '#app/sheet-images.server.ts'

export const meta: MetaFunction = () => [{ title: 'Service Sheet Details' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'api.view_servicesheet')
  const id = Number(params.id)
  const sheet = Number.isSafeInteger(id) && id > 0 ? await serviceSheetDetail(getDb(), id, sheetImageUrl) : undefined
  if (!sheet) throw new Response('Not Found', { status: 404 })
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
