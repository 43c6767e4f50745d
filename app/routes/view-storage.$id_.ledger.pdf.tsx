// GET /view-storage/{id}/ledger/pdf?season=2025: the storage's season ledger as a PDF, through
// settlePdf: a 303 to the signed inline URL, or "PDF not ready — try again" with a link to ask again.
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { PdfPage } from '#app/components/pdf-not-ready.tsx'
import { settlePdf } from '#app/documents/pdf-answer.server.ts'
import { queueSeasonLedgerPdf } from '#app/documents/season-ledger-pdf.server.tsx'
import { readLedger } from '#app/features/storage-detail/ledger.server.ts'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/view-storage/:id']
export const meta: MetaFunction = () => [{ title: 'Chemical Ledger PDF' }]
export const handle = {
  crumbs: [
    { label: 'Growers', to: '/storage' },
    { label: 'Chemical Ledger PDF', to: '.' },
  ],
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const read = await readLedger(request, params)
  const backTo = `/view-storage/${read.storageId}?tab=ledger`
  if (read.error !== null) return json({ message: read.error, retryTo: null, backTo }, { status: 400 })
  const { storage, ledger } = read
  const db = getDb()
  const state = await queueSeasonLedgerPdf(db, { name: storage.name, grower: storage.grower_name ?? storage.owner_name, seed: storage.seed, planned_removal: storage.planned_removal }, ledger)
  const answer = await settlePdf(db, state, `ledger-${storage.name}-${ledger.season.year}`)
  if (answer.ready) return redirect(answer.url, 303)
  return json({ message: answer.message, retryTo: `/view-storage/${read.storageId}/ledger/pdf?season=${ledger.season.year}`, backTo: `${backTo}&season=${ledger.season.year}` })
}

export default function SeasonLedgerPdf() {
  const { message, retryTo, backTo } = useLoaderData<typeof loader>()
  return <PdfPage title="Chemical Ledger" message={message} retryTo={retryTo} backTo={backTo} backLabel="Back to the ledger" />
}
