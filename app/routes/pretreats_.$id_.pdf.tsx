// GET /pretreats/{id}/pdf: the pre-treat sheet's PDF without JavaScript (the completed lists' PDF
// column links here; with JavaScript the same link opens the light box). 303 to the PDF (a signed
// inline URL named after the pre-treat), or "PDF not ready — try again" (a page, 200: nothing is
// broken, the answer is only late) with a link to ask again. A GET may fill the PDF cache
// (docs/decisions/0025, 0040): it changes no record.
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { PdfPage } from '#app/components/pdf-not-ready.tsx'
import { settlePdf } from '#app/documents/pdf-answer.server.ts'
import { askPretreatPdf } from '#app/features/pretreat-pdf/pretreat-pdf.server.ts'
import { asHttpError } from '#app/command-answer.server.ts'
import { notFound } from '#app/http-errors.server.ts'
import { getDb } from '#db/client.server.ts'
import { parseId } from '#core/ids.ts'

export const access = ACCESS['/pretreats/:id/pdf']
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.number} PDF` : 'Pre-Treat PDF' }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Completed', to: '/completed-pre-treat' },
  ],
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const id = parseId(params.id)
  if (id === null) throw notFound('That pre-treat does not exist.')
  const db = getDb()
  const asked = await askPretreatPdf(db, id).catch((error: unknown) => {
    throw asHttpError(error)
  })
  const answer = await settlePdf(db, asked.state, asked.number)
  if (answer.ready) throw redirect(answer.url, 303)
  return json({ number: asked.number, id, message: answer.message }, { headers: { 'Cache-Control': 'no-store' } })
}

export default function PretreatPdfNotReady() {
  const { number, id, message } = useLoaderData<typeof loader>()
  return <PdfPage title={`${number} PDF`} message={message} retryTo={`/pretreats/${id}/pdf`} backTo="/completed-pre-treat" backLabel="Back to Completed Pre-Treats" />
}

export function ErrorBoundary() {
  return <FormErrorBoundary notFoundText="That pre-treat does not exist." />
}
