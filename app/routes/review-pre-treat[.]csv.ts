// /review-pre-treat.csv: Review Pre-Treats as a CSV download (the current filter, date range and sort, every
// page), with the screen's columns without its controls, streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { textColumns, LIST_TEXTS } from '#app/features/pretreat-lists/pretreat-list.tsx'
import { PRETREAT_LIST_SCREENS } from '#app/lists/pretreat-lists.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access } from './review-pre-treat.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, PRETREAT_LIST_SCREENS.review, { columns: textColumns('review'), name: LIST_TEXTS.review.csv })
