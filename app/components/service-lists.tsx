// The two review lists' screen: Available Reviews (/review-sheets) and Completed Reviews
// (/completed-reviews) show the same columns, cards and filters on the list screen kit; a row opens
// the review editor (a page of its own, not a modal). REVIEW_COLUMNS are also their CSV's columns.
import type { Column } from '#app/lists/columns.ts'
import { ListScreen, type CardLayout, type ListScreenProps } from '#app/components/list/list-screen.tsx'
import { formatDate } from '#core/formats.ts'

export interface ReviewListRowView {
  id: number
  service_date: string
  review_level: number
  company_name: string
  storage_name: string
  job_name: string | null
}

export const REVIEW_COLUMNS: Column<ReviewListRowView>[] = [
  { key: 'service_date', label: 'Date', text: (r) => formatDate(r.service_date), firstOrder: 'desc', className: 'cell-nowrap' },
  { key: 'review_level', label: 'Level' },
  { key: 'company', label: 'Company', text: (r) => r.company_name },
  { key: 'storage', label: 'Storage', text: (r) => r.storage_name },
  { key: 'job', label: 'Job', text: (r) => r.job_name, className: 'cell-nowrap' },
]

const REVIEW_CARD: CardLayout<ReviewListRowView> = {
  title: (r) => `${formatDate(r.service_date)} · Level ${r.review_level}`,
  fields: [
    { label: 'Company', value: (r) => r.company_name },
    { label: 'Storage', value: (r) => r.storage_name },
    { label: 'Job', value: (r) => r.job_name ?? '—' },
  ],
}

const REVIEW_FILTERS = [
  { key: 'company', label: 'Company' },
  { key: 'storage', label: 'Storage' },
  { key: 'job', label: 'Job' },
]

type ReviewListProps = Pick<ListScreenProps<ReviewListRowView>, 'title' | 'list' | 'choices' | 'exportTo'>

export function ReviewList(props: ReviewListProps) {
  return <ListScreen {...props} columns={REVIEW_COLUMNS} card={REVIEW_CARD} filters={REVIEW_FILTERS} empty="No reviews available." rowHref={(r) => `/review-editor/${r.id}`} />
}
