// One customer note, in a modal over its grower's Company Interactions (a record route with its own
// URL, copied from view-receipt.$id.tsx; issue 24): the contact, the notes, who wrote it and when,
// who changed it last; its delete mark, its corrections, and Correct for those who may (decision
// 0067). The note must be the grower's in the address (else 404).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { CorrectionHistory, DeletedNotice } from '#app/components/record-corrections.tsx'
import { RecordModal } from '#app/components/modal.tsx'
import { readCorrections } from '#app/corrections.server.ts'
import { loadRecord, requireId } from '#app/records.server.ts'
import { formatDateTime } from '#core/formats.ts'
import { getDb } from '#db/client.server.ts'
import { interactionDetail } from '#db/queries/interactions.ts'

export const access = ACCESS['/view-interaction']
export const meta: MetaFunction = () => [{ title: 'Customer Note' }]

export const loader = async (args: LoaderFunctionArgs) => {
  const read = await loadRecord({ ...args, params: { id: args.params.note } }, access, async (id, user) => {
    const [note, corrections] = await Promise.all([interactionDetail(getDb(), requireId(args.params), id), readCorrections(getDb(), 'interaction', id, user)])
    return note && corrections ? { note, corrections } : undefined
  })
  const { note, corrections } = read
  return {
    note: { ...note, created_at: formatDateTime(note.created_at), last_modified_at: formatDateTime(note.last_modified_at) },
    corrections,
  }
}

export default function CustomerNoteModal() {
  const { note, corrections } = useLoaderData<typeof loader>()
  return (
    <RecordModal title="Customer Note">
      <DeletedNotice corrections={corrections} noun="customer note" />
      <dl className="detail-list">
        <dt>Contact</dt>
        <dd>{note.contact_name}</dd>
        <dt>Written</dt>
        <dd>
          {note.created_at} by {note.created_by_name}
        </dd>
        <dt>Last Modified</dt>
        <dd>
          {note.last_modified_at} by {note.last_modified_by_name}
        </dd>
      </dl>
      <h3>Notes</h3>
      <p style={{ whiteSpace: 'pre-wrap' }}>{note.notes}</p>
      <p>
        <Link to={`/view-interaction/${note.company_id}?${new URLSearchParams({ filter_by: 'contact', filter_value: note.contact_name })}`}>All notes with {note.contact_name}</Link>
      </p>
      <CorrectionHistory corrections={corrections} correctTo={`/interaction-form/${note.company_id}?correct=${note.id}`} noun="customer note" />
    </RecordModal>
  )
}
