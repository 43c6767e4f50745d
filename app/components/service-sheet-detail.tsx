// A service sheet on screen, shared by Completed Service Sheets (/view-service), the Service
// Sheet Tracker and the review editor:
// - ServiceSheetDetailView: the detail modal's body (fields, hours, parts table, images);
// - ReviewLevels: where each review level stands, who approved it and when;
// - serviceText, DoneMark, oneLine: how a sheet's service, a done/not-done mark and an unbroken cell read.
import { formatDate } from '#core/formats.ts'
import type { ServiceSheetDetail } from '#db/queries/service-sheet-detail.ts'
import { Icon } from './icons.tsx'
import { RecordImages, type ShownImage } from './record-images.tsx'

/** The service column: the types joined with ', ', 'Other' as 'Other: {other_service}'; 'N/A' for a job sheet without types. */
export function serviceText(sheet: { service_rendered: readonly string[]; other_service: string; job_id?: number | null; job_name?: string | null }): string {
  const text = sheet.service_rendered.map((s) => (s === 'Other' ? `Other: ${sheet.other_service}` : s)).join(', ')
  return text || (sheet.job_id != null || sheet.job_name ? 'N/A' : '')
}

const hours = (n: number) => n.toFixed(2)

const PART_CELL = { padding: '6px 4px', textAlign: 'left', verticalAlign: 'top', borderBottom: '1px solid var(--c-border)' } as const
const PART_TEXT = { ...PART_CELL, overflowWrap: 'anywhere' } as const

/** Dates and job numbers keep to one line in the tables (the cells otherwise break anywhere). */
export const oneLine = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>

/** ✓ or ✗, read as 'Done' or 'Not done'. */
export function DoneMark({ done }: { done: boolean }) {
  // the text is for screen readers and for copying the table; the mark is what eyes read
  return (
    <span className="done-mark">
      <Icon name={done ? 'check' : 'cross'} width={20} height={20} style={{ color: done ? '#1b5e20' : 'var(--c-danger)', verticalAlign: 'middle' }} />
      <span className="visually-hidden">{done ? 'Done' : 'Not done'}</span>
    </span>
  )
}

type Detail = Omit<ServiceSheetDetail, 'called_in_at' | 'submitted_at' | 'levels' | 'images'> & {
  images: (ShownImage & { url: string })[]
  called_in_at: Date | string | null
  submitted_at: Date | string | null
  levels: (Omit<ServiceSheetDetail['levels'][number], 'reviewed_at'> & { reviewed_at: Date | string | null })[]
}

export function ServiceSheetDetailView({ sheet }: { sheet: Detail }) {
  return (
    <>
      <dl className="detail-list">
        <dt>Customer</dt>
        <dd>{sheet.company_name}</dd>
        <dt>Requested by</dt>
        <dd>{sheet.requested_by}</dd>
        <dt>Storage</dt>
        <dd>{sheet.storage_name}</dd>
        <dt>Job</dt>
        <dd>{sheet.job_name ?? 'None'}</dd>
        <dt>Date</dt>
        <dd>{formatDate(sheet.service_date)}</dd>
        <dt>Tech</dt>
        <dd>{sheet.created_by_name}</dd>
        <dt>Sheet #</dt>
        <dd>{sheet.service_sheet_number}</dd>
        <dt>Service</dt>
        <dd>{serviceText(sheet)}</dd>
        <dt>Travel</dt>
        <dd>{hours(sheet.hours.travel)}</dd>
        <dt>Labor</dt>
        <dd>{hours(sheet.hours.labor)}</dd>
        <dt>NC Travel</dt>
        <dd>{hours(sheet.hours.ncTravel)}</dd>
        <dt>NC Labor</dt>
        <dd>{hours(sheet.hours.ncLabor)}</dd>
        <dt>Description</dt>
        <dd>{sheet.description}</dd>
        <dt>Notes</dt>
        <dd>{sheet.notes}</dd>
      </dl>

      <h3>Parts</h3>
      {sheet.parts.length === 0 ? (
        <p className="muted">No parts used.</p>
      ) : (
        // a compact table that fits a phone's modal: headers and long part numbers may wrap
        <div style={{ overflowX: 'auto' }}>
          <table style={{ width: '100%', borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                {['Part Number', 'Description', 'Quantity', 'NC'].map((label) => (
                  <th key={label} scope="col" style={{ ...PART_CELL, color: 'var(--c-muted)', fontSize: 'var(--font-size-sm)' }}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sheet.parts.map((part) => {
                // a line the reviewers removed stays visible, struck through (<del> is read as deleted)
                const Cell = part.removed ? 'del' : 'span'
                return (
                  <tr key={part.id} className={part.removed ? 'muted' : undefined}>
                    <td style={PART_TEXT}>
                      <Cell>{part.part_number}</Cell>
                      {part.removed ? <span className="visually-hidden"> (removed)</span> : null}
                    </td>
                    <td style={PART_TEXT}>
                      <Cell>{part.description}</Cell>
                    </td>
                    <td style={PART_CELL}>
                      <Cell>{part.quantity}</Cell>
                    </td>
                    <td style={PART_CELL}>{part.nc ? 'Yes' : 'No'}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}

      <RecordImages images={sheet.images} />
    </>
  )
}

const LEVEL_TEXT = { approved: 'Approved', open: 'Waiting for review', returned: 'Sent back to its author' } as const

/** Each review level and the final submission: done or not, and by whom and when. */
export function ReviewLevels({ sheet }: { sheet: Detail }) {
  return (
    <dl className="detail-list">
      {sheet.levels.map((l) => (
        <div key={l.level} style={{ display: 'contents' }}>
          <dt>Review {l.level}</dt>
          <dd>
            <DoneMark done={l.status === 'approved'} /> {l.status ? LEVEL_TEXT[l.status] : 'Not started'}
            {l.status === 'approved' ? ` by ${l.reviewed_by_name ?? 'unknown'} on ${formatDate(l.reviewed_at)}` : ''}
          </dd>
        </div>
      ))}
      <dt>Submitted</dt>
      <dd>
        <DoneMark done={sheet.submitted_completed} /> {formatDate(sheet.submitted_at)}
      </dd>
    </dl>
  )
}
