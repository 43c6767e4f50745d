// /completed-reviews.csv: Completed Reviews as a CSV download: the current filter, date range and sort, streamed.
// The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { REVIEW_COLUMNS } from '#app/components/service-lists.tsx'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { completedReviews } from '#app/lists/review-list.server.ts'
import { access } from './completed-reviews.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, completedReviews, { columns: REVIEW_COLUMNS, name: 'Completed Reviews' })
