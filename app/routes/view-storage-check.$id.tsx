// One storage check, in a modal over the storage check list: a record route with its own URL
// (copy of view-service.$id.tsx). Readings with their units (°F, %, hours; '—' when not taken),
// the four pile temperatures, the notes and the images (through /images/:id, which checks the
// check's permission on every request); its delete mark, its corrections, and Correct for those
// who may (decision 0067).
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
import { storageCheckDetail } from '#db/queries/storage-checks.ts'

export const access = ACCESS['/view-storage-check']
export const meta: MetaFunction = () => [{ title: 'Storage Check Details' }]

export const loader = async (args: LoaderFunctionArgs) =>
  loadRecord(args, access, async (id, user) => {
    const [check, corrections] = await Promise.all([storageCheckDetail(getDb(), id), readCorrections(getDb(), 'storage_check', id, user)])
    return check && corrections ? { check, corrections } : undefined
  })

/** A stored reading (numeric text) with its unit, without trailing zeros; '—' when not taken. */
function reading(value: string | null, unit: string): string {
  return value === null ? '—' : `${Number(value)}${unit}`
}

export default function StorageCheckModal() {
  const { check, corrections } = useLoaderData<typeof loader>()
  const piles = [check.pile1, check.pile2, check.pile3, check.pile4]
  return (
    <RecordModal title="Storage Check Details">
      <DeletedNotice corrections={corrections} noun="storage check" />
      <dl className="detail-list">
        <dt>Date Inspected</dt>
        <dd>{formatDate(check.date_inspected)}</dd>
        <dt>Company</dt>
        <dd>{check.company_name}</dd>
        <dt>Storage</dt>
        <dd>{check.storage_name}</dd>
        <dt>Inspector</dt>
        <dd>{check.inspector_name}</dd>
        <dt>Variety</dt>
        <dd>{check.variety}</dd>
        <dt>Fill Status</dt>
        <dd>{check.fill_status}</dd>
      </dl>

      <h3>Readings</h3>
      <dl className="detail-list">
        <dt>Setpoint</dt>
        <dd>{reading(check.setpoint, ' °F')}</dd>
        <dt>Runtime</dt>
        <dd>{reading(check.runtime_hours, ' hours')}</dd>
        <dt>Plenum Temperature</dt>
        <dd>{reading(check.plenum, ' °F')}</dd>
        <dt>Humidity</dt>
        <dd>{reading(check.humidity, ' %')}</dd>
      </dl>

      <h3>Pile Readings</h3>
      <dl className="detail-list">
        {piles.map((value, i) => (
          <Fragment key={i}>
            <dt>Pile {i + 1}</dt>
            <dd>{reading(value, ' °F')}</dd>
          </Fragment>
        ))}
      </dl>

      <h3>Notes</h3>
      <p style={{ whiteSpace: 'pre-wrap' }}>{check.notes}</p>

      <RecordImages images={check.images} />
      <CorrectionHistory corrections={corrections} correctTo={`/storage-check-form?correct=${check.id}`} noun="storage check" />
    </RecordModal>
  )
}
