// One service sheet, in a modal over Completed Service Sheets: the model record modal. A record
// route has its own URL (bookmarkable, works without JavaScript): its loader is loadRecord (rule,
// id, read, 404) and its component a RecordModal, whose Close goes back to the list as it was.
// Its author also sees here what reviewers did (decision 0069): the reason a sheet was sent back,
// with a form to fix its hours and description and submit it again, and Mark as seen.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { RecordModal } from '#app/components/modal.tsx'
import { FlashNotice } from '#app/components/form/flash-notice.tsx'
import { ServiceSheetDetailView } from '#app/components/service-sheet-detail.tsx'
import { RecordNotices } from '#app/features/notices/notices.tsx'
import { ResubmitSheetForm } from '#app/features/notices/resubmit-sheet-form.tsx'
import { submitCommand } from '#app/command-answer.server.ts'
import { loadRecord, requireId } from '#app/records.server.ts'
import { sheetImageUrl } from '#app/sheet-images.server.ts'
import { resubmitServiceSheet } from '#commands/notices.ts'
import { getDb } from '#db/client.server.ts'
import { recordNotices, sheetForAuthor } from '#db/queries/notices.ts'
import { serviceSheetDetail } from '#db/queries/service-sheet-detail.ts'

export const access = ACCESS['/view-service']
export const meta: MetaFunction = () => [{ title: 'Service Sheet Details' }]

export const loader = async (args: LoaderFunctionArgs) => {
  const read = await loadRecord(args, access, async (id, user) => {
    const db = getDb()
    const [sheet, own, notices] = await Promise.all([serviceSheetDetail(db, id, sheetImageUrl), sheetForAuthor(db, id), recordNotices(db, 'service_sheet', id, user.id)])
    return sheet && own ? { sheet, own, notices, userId: user.id } : null
  })
  const { own } = read
  // back with its author (sent back, not yet submitted again): they fix it here
  const sentBack = own.status === 'submitted' && read.notices.lastSendBack !== null
  const fix =
    sentBack && own.created_by === read.userId
      ? { version: own.version, travel_hours: own.travel_hours, labor_hours: own.labor_hours, description: own.description, submissionId: crypto.randomUUID() }
      : null
  return { sheet: read.sheet, notices: read.notices, sentBack, fix }
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireAccess(args.request, access)
  const id = requireId(args.params)
  const form = await readForm(args.request)
  return submitCommand({ request: args.request, form, command: resubmitServiceSheet, actor: user, fixed: { sheet_id: id }, redirectTo: `/view-service/${id}`, successFlash: 'resubmitted' })
}

export default function ServiceSheetModal() {
  const { sheet, notices, sentBack, fix } = useLoaderData<typeof loader>()
  return (
    <RecordModal title="Service Sheet Details">
      <FlashNotice />
      <RecordNotices notices={notices} entity="service_sheet" recordId={sheet.id} sentBack={sentBack} />
      {fix ? <ResubmitSheetForm fix={fix} /> : null}
      <ServiceSheetDetailView sheet={sheet} />
    </RecordModal>
  )
}
