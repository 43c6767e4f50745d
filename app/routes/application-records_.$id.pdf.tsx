// GET /application-records/{id}/pdf: the record's one-page PDF (decision 0042). The render-pdf job
// is asked for (or its earlier PDF reused), then settlePdf answers: a 303 to the signed inline URL,
// or "PDF not ready — try again" with a link to ask again (200: a page a person reads, never a 500).
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { PdfPage } from '#app/components/pdf-not-ready.tsx'
import { queueApplicationRecordPdf } from '#app/documents/application-record-pdf.server.tsx'
import { settlePdf } from '#app/documents/pdf-answer.server.ts'
import { loadRecord } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { applicationRecordById } from '#db/queries/application-records.ts'

export const access = ACCESS['/application-records']
export const meta: MetaFunction = () => [{ title: 'Application Record PDF' }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Application Records', to: '/application-records' },
  ],
}

export async function loader(args: LoaderFunctionArgs) {
  const record = await loadRecord(args, access, (id) => applicationRecordById(getDb(), id))
  const db = getDb()
  const answer = await settlePdf(db, await queueApplicationRecordPdf(db, record), `application-record-${record.pre_treat_number}`)
  if (answer.ready) return redirect(answer.url, 303)
  return json({ message: answer.message, retryTo: `/application-records/${record.id}/pdf` })
}

export default function ApplicationRecordPdf() {
  const { message, retryTo } = useLoaderData<typeof loader>()
  return <PdfPage title="Application Record" message={message} retryTo={retryTo} backTo="/application-records" backLabel="Back to Application Records" />
}
