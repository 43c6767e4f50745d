// The four pre-treat lists' screen (docs/decisions/0036) on the shared ListScreen: the columns,
// the phone card, the Actions column (Edit and Stage / Schedule, for api.add_pretreat on the
// non-completed lists) and the Assigned To column, which is a small Assign form per row for
// assigners on the scheduled list and the applicator's name as text for everyone else. Every
// control is a plain POST form, so the list works without JavaScript; with it the page stays.
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { CsrfInput } from '#app/components/csrf.tsx'
import type { Column } from '#app/lists/columns.ts'
import { ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { MineSubtitle } from '#app/components/list/mine-subtitle.tsx'
import { useRootData } from '#app/components/shell/root-data.ts'
import { formatDate } from '#core/formats.ts'
import { inPretreatSet } from '#core/pretreat-states.ts'
import { pretreatActor } from '#core/pretreat-steps.ts'
import { formatCwt } from '#core/pretreat-quantities.ts'
import { licenceHoldsOn, licenseStatus } from '#core/licence.ts'
import { PRETREAT_STATUS_LABELS } from '#core/workflow-states.ts'
import type { PretreatListName } from '#db/queries/pretreat-lists.ts'
import { canPretreat } from '#workflows/pretreat.machine.ts'
import type { ApplicatorChoice } from '#db/queries/pretreat-form.ts'
import type { PretreatListRow } from '#app/lists/pretreat-lists.server.ts'
import type { PretreatListData, RowStepResult } from './list-data.server.ts'
import { ACCESS, mayOpen } from '#app/access.ts'
import { PdfForm, PdfLink } from '#app/components/pdf-lightbox.tsx'
import { SUMMARY_TITLE } from '#app/documents/titles.ts'

/** A row as the server reads it (the CSV) or as the page receives it (dates as text). */
type AnyRow = Omit<PretreatListRow, 'created_at'> & { created_at: string | Date }
type Row = PretreatListData['list']['rows'][number]

export const LIST_TEXTS: Record<PretreatListName, { path: string; crumb: string; empty: string; csv: string }> = {
  staged: { path: '/staged-pre-treat', crumb: 'Create & Staged', empty: 'No staged pre-treats available.', csv: 'Staged Pre-Treats' },
  scheduled: { path: '/scheduled-pre-treat', crumb: 'Scheduled', empty: 'No pending pre-treats available.', csv: 'Scheduled Pre-Treats' },
  review: { path: '/review-pre-treat', crumb: 'Reviews & Restarts', empty: 'No review pre-treats available.', csv: 'Review Pre-Treats' },
  completed: { path: '/completed-pre-treat', crumb: 'Completed', empty: 'No completed pre-treats available.', csv: 'Completed Pre-Treats' },
}

/** A list page's trail: Pre-Treats › the list. */
export const pretreatListHandle = (list: PretreatListName) => ({
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: LIST_TEXTS[list].crumb, to: LIST_TEXTS[list].path },
  ],
})

export const TITLE = 'Pre Treat Details'

export const statusText = (r: Pick<AnyRow, 'status' | 'void'>) => (r.void ? 'Void' : PRETREAT_STATUS_LABELS[r.status])
const cwtText = (r: Pick<AnyRow, 'cwt'>) => (r.cwt === null ? '' : formatCwt(Number(r.cwt)))

/** The columns every viewer and the CSV share (Assigned To left out on the staged list). */
export function textColumns<R extends AnyRow>(list: PretreatListName): Column<R>[] {
  const columns: Column<R>[] = [
    { key: 'created_at', label: 'Date Created', text: (r) => formatDate(r.created_at), firstOrder: 'desc', className: 'cell-nowrap' },
    { key: 'pre_treat_number', label: 'Pre-Treat #', className: 'cell-nowrap' },
    { key: 'company', label: 'Owner', text: (r) => r.company_name, className: 'pretreat-words' },
    { key: 'storage', label: 'Storage', text: (r) => r.storage_name, className: 'pretreat-words' },
    { key: 'status', label: 'Status', text: statusText, className: 'cell-nowrap' },
    { key: 'cwt', label: 'CWT', text: cwtText, sortable: false, className: 'cell-nowrap' },
    { key: 'chemicals', label: 'Chemical', text: (r) => r.chemicals ?? '', sortable: false, className: 'pretreat-words' },
  ]
  if (list !== 'staged') columns.push({ key: 'assigned_to', label: 'Assigned To', text: (r) => r.assigned_name ?? 'Unassigned', sortable: false, className: 'pretreat-assigned' })
  return columns
}

/** The applicators a row may be given: those whose licence holds on its application day (or today). */
function choicesFor(row: Row, applicators: readonly ApplicatorChoice[], today: string) {
  const day = row.application_date ?? today
  return applicators.flatMap((a) => (licenceHoldsOn(a, day) ? [{ id: a.id, label: licenseStatus(a.expiration, day) === 'Expires soon' ? `${a.name} (Expires soon)` : a.name }] : []))
}

/**
 * The select of applicators with its Assign button: one POST form per row (or in the assign modal,
 * whose `children`, the season reason field when one is asked, go in the same form).
 */
export function AssignForm({
  row,
  applicators,
  today,
  action,
  id,
  submissionId,
  children,
}: {
  row: Row
  applicators: readonly ApplicatorChoice[]
  today: string
  action: string
  id?: string
  submissionId: string
  children?: ReactNode
}) {
  const choices = choicesFor(row, applicators, today)
  const selectId = id ?? `assign-${row.id}`
  const by = pretreatActor(useRootData()?.user)
  const mayUnassign = canPretreat(row.status, row, { type: 'UNASSIGN', by }) || row.assigned_to === null
  return (
    <Form method="post" action={action} className="pretreat-row-form" preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="submission_id" value={submissionId} />
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="id" value={row.id} />
      {children}
      <label htmlFor={selectId} className="visually-hidden">
        Assign {row.pre_treat_number} to
      </label>
      <select id={selectId} name="applicator" defaultValue={row.assigned_to ?? 0}>
        {mayUnassign ? <option value={0}>Unassigned</option> : null}
        {row.assigned_to !== null && !choices.some((c) => c.id === row.assigned_to) ? <option value={row.assigned_to}>{row.assigned_name}</option> : null}
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-small" aria-label={`Assign ${row.pre_treat_number}`}>
        Assign
      </button>
    </Form>
  )
}

function RowActions({ row, action, edit, submissionId }: { row: Row; action: string; edit: boolean; submissionId: string }) {
  const flags = { void: row.void, upcoming: row.upcoming }
  const by = pretreatActor(useRootData()?.user)
  const step = row.upcoming ? ({ intent: 'schedule', label: 'Schedule', event: { type: 'SCHEDULE' } } as const) : ({ intent: 'stage', label: 'Stage', event: { type: 'STAGE' } } as const)
  return (
    <div className="pretreat-row-actions">
      {edit ? (
        <Link to={`/create-pre-treat/${row.id}`} className="button button-secondary button-small" aria-label={`Edit ${row.pre_treat_number}`}>
          Edit
        </Link>
      ) : null}
      {canPretreat(row.status, flags, { ...step.event, by }) ? (
        <Form method="post" action={action} className="pretreat-row-form" preventScrollReset>
          <CsrfInput />
          <input type="hidden" name="submission_id" value={submissionId} />
          <input type="hidden" name="id" value={row.id} />
          <button type="submit" name="intent" value={step.intent} className="button button-small" aria-label={`${step.label} ${row.pre_treat_number}`}>
            {step.label}
          </button>
        </Form>
      ) : null}
    </div>
  )
}

export function PretreatListScreen({ list, data }: { list: PretreatListName; data: PretreatListData }) {
  const user = useRootData()?.user
  const { search } = useLocation()
  const failed = useActionData<RowStepResult>()
  const navigation = useNavigation()
  const texts = LIST_TEXTS[list]
  const action = `${texts.path}${search}`
  const by = pretreatActor(user)
  const canAssign = by.steps.includes('ASSIGN')
  const canEdit = by.steps.includes('EDIT') && list !== 'completed'
  const assignHere = canAssign && list === 'scheduled'

  // the table and the cards are both in the page (CSS shows one): each select has its own id
  const assignCell = (r: Row, where: 'table' | 'card') =>
    assignHere && canPretreat(r.status, r, { type: 'ASSIGN', licenceValid: true, by }) ? (
      <div className="pretreat-row-actions">
        <AssignForm row={r} applicators={data.applicators} today={data.today} action={action} id={`assign-${where}-${r.id}`} submissionId={data.submissionId} />
        <Link to={`${texts.path}/assign/${r.id}${search}`} className="pretreat-assign-more" preventScrollReset aria-label={`More: assign ${r.pre_treat_number} in a window`}>
          More…
        </Link>
      </div>
    ) : (
      (r.assigned_name ?? 'Unassigned')
    )
  const columns: Column<Row>[] = textColumns<Row>(list).map((c) => (c.key === 'assigned_to' ? { ...c, text: c.text!, cell: (r: Row) => assignCell(r, 'table') } : c))
  if (canEdit) columns.push({ key: 'actions', label: 'Actions', sortable: false, text: () => '', cell: (r) => <RowActions row={r} action={action} edit submissionId={data.submissionId} /> })
  // issue 12 (docs/decisions/0040): the PDF column of the completed list, and the print summary of the scheduled one
  const pdfHere = list === 'completed' && !!user && mayOpen(user, ACCESS['/pretreats/:id/pdf'])
  const pdfCell = (r: Row) => (
    <PdfLink href={`/pretreats/${r.id}/pdf`} convertUrl={`/convert/${r.id}/?type=pretreat`} title={r.pre_treat_number} label={`PDF of ${r.pre_treat_number}`}>
      PDF
    </PdfLink>
  )
  if (pdfHere) columns.push({ key: 'pdf', label: 'PDF', sortable: false, text: () => '', cell: pdfCell })
  const summary =
    list === 'scheduled' && !!user && mayOpen(user, ACCESS['/convert']) ? (
      <PdfForm action={`/convert/?type=pt-summary${search.replace(/^\?/, '&')}`} title={SUMMARY_TITLE}>
        <button type="submit" className="button button-secondary">
          Print Summary
        </button>
      </PdfForm>
    ) : null

  const card: CardLayout<Row> = {
    title: (r) => r.pre_treat_number,
    fields: [
      { label: 'Date Created', value: (r) => formatDate(r.created_at) },
      { label: 'Owner', value: (r) => r.company_name },
      { label: 'Storage', value: (r) => r.storage_name },
      { label: 'Status', value: statusText },
      { label: 'CWT', value: cwtText },
      { label: 'Chemical', value: (r) => r.chemicals ?? '' },
      ...(list === 'staged' ? [] : [{ label: 'Assigned To', value: (r: Row) => assignCell(r, 'card') }]),
      ...(canEdit ? [{ label: 'Actions', value: (r: Row) => <RowActions row={r} action={action} edit submissionId={data.submissionId} /> }] : []),
      ...(pdfHere ? [{ label: 'PDF', value: pdfCell }] : []),
    ],
  }
  // A pre-treat's sheet opens only for assigners while it is unassigned (pending); a review row opens the review sheet, a
  // completed row its read-only modal over the list as it is (issue 12).
  const rowHref = (r: Row) =>
    list === 'review' ? `/review-pre-treat/${r.id}` : list === 'completed' ? `/completed-pre-treat/${r.id}${search}` : inPretreatSet('unassigned', r.status) && !canAssign ? null : `/pretreats/${r.id}`
  return (
    <>
      {failed?.error && navigation.state === 'idle' ? (
        <p className="notice notice-error" role="alert">
          {failed.error}
          {/* an Assign that needs a season reason: the window has the field (decision 0063) */}
          {failed.reasonAt ? (
            <>
              {' '}
              <Link to={failed.reasonAt} preventScrollReset>
                Give the reason in the Assign window
              </Link>
            </>
          ) : null}
          {/* an Assign that meets another booking that day: confirmed in the window */}
          {failed.confirmAt ? (
            <>
              {' '}
              <Link to={failed.confirmAt} preventScrollReset>
                Confirm it in the Assign window
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <ListScreen
        title={TITLE}
        subtitle={data.mine ? <MineSubtitle mine={data.mine} showAll={texts.path} /> : undefined}
        list={data.list}
        columns={columns}
        card={card}
        filters={FILTERS}
        choices={data.choices}
        empty={texts.empty}
        rowHref={rowHref}
        exportTo={`${texts.path}.csv`}
        actions={summary}
      />
    </>
  )
}

const FILTERS = [
  { key: 'pre_treat_number', label: 'Pre-Treat #' },
  { key: 'company', label: 'Owner' },
  { key: 'storage', label: 'Storage' },
]
