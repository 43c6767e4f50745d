// One receipt, read-only, in a modal over Receipts (copied from view-service.$id.tsx): every field
// and its images, each through the image route (/images/:id), which checks the viewer's right to
// the receipt on every request; its delete mark, its corrections, and Correct for those who may
// (decision 0067).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Fragment } from 'react'
import { ACCESS } from '#app/access.ts'
import { RecordModal } from '#app/components/modal.tsx'
import { RecordImages } from '#app/components/record-images.tsx'
import { CorrectionHistory, DeletedNotice } from '#app/components/record-corrections.tsx'
import { readCorrections } from '#app/corrections.server.ts'
import { loadRecord } from '#app/records.server.ts'
import { formatDate } from '#core/formats.ts'
import { getDb } from '#db/client.server.ts'
import { receiptDetail } from '#db/queries/receipts.ts'

export const access = ACCESS['/view-receipt']
export const meta: MetaFunction = () => [{ title: 'Receipt Details' }]

export const loader = async (args: LoaderFunctionArgs) =>
  loadRecord(args, access, async (id, user) => {
    const [receipt, corrections] = await Promise.all([receiptDetail(getDb(), id), readCorrections(getDb(), 'receipt', id, user)])
    return receipt && corrections ? { receipt, corrections } : undefined
  })

type Field = readonly [label: string, value: string | null]

export default function ReceiptModal() {
  const { receipt, corrections } = useLoaderData<typeof loader>()
  // each type shows its own block; a field of another type's block is left out rather than shown empty
  const block: Record<typeof receipt.type, Field[]> = {
    Fuel: [
      ['Truck', receipt.truck],
      ['Mileage', receipt.mileage === null ? null : String(Number(receipt.mileage))],
    ],
    Expenses: [
      ['Category', receipt.category],
      ['Customer', receipt.customer_name],
      ['Event', receipt.event],
    ],
    Parts: [
      ['Customer', receipt.customer_name ?? 'None'],
      ['Job', receipt.job_name ?? 'None'],
      ['Service Sheet', receipt.service_sheet_number === null ? 'None' : `#${receipt.service_sheet_number}`],
    ],
  }
  const fields: Field[] = [
    ['Type', receipt.type],
    ['Date', formatDate(receipt.date)],
    ['Location', receipt.location],
    ['Total', `$${receipt.total_amount}`],
    ...block[receipt.type],
    ['Created by', receipt.created_by_name],
  ]
  return (
    <RecordModal title="Receipt Details">
      <DeletedNotice corrections={corrections} noun="receipt" />
      <dl className="detail-list">
        {fields.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value ?? '—'}</dd>
          </Fragment>
        ))}
      </dl>
      <RecordImages images={receipt.images} />
      <CorrectionHistory corrections={corrections} correctTo={`/receipt-form?correct=${receipt.id}`} noun="receipt" />
    </RecordModal>
  )
}
