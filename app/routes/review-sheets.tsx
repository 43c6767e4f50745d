// Review Service Sheets (Available Reviews): the open reviews of the levels the user holds
// (superusers: all). A row opens the review editor. A failed load shows 'Error fetching reviews'.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { useLoaderData } from '@remix-run/react'
import { requireAccess } from '#app/auth/guard.server.ts'
import { ListErrorBoundary, ReviewList } from '#app/components/service-lists.tsx'
import { cachedFilterChoices } from '#app/lists/filter-choices.server.ts'
import { availableReviewList, loadAvailableReviews } from '#app/lists/review-list.server.ts'
import { getDb } from '#db/client.server.ts'
import { reviewerLevels } from '#workflows/service-review.server.ts'

export const access = ACCESS['/review-sheets']
export const meta: MetaFunction = () => [{ title: 'Review Service Sheets' }]
export const handle = { crumbs: [{ label: 'Service', to: '/service' }, { label: 'Available Reviews', to: '/review-sheets' }] }

const filterChoices = cachedFilterChoices(availableReviewList, ['company', 'storage', 'job'])

export async function loader({ request }: LoaderFunctionArgs) {
  // Which reviews show depends on the user's levels, so the check comes before the read here.
  const user = await requireAccess(request, access)
  const db = getDb()
  const [list, choices] = await Promise.all([loadAvailableReviews(db, new URL(request.url).searchParams, reviewerLevels(user)), filterChoices(db)])
  return { list, choices }
}

export default function AvailableReviews() {
  const { list, choices } = useLoaderData<typeof loader>()
  return <ReviewList heading="Available Reviews" list={list} choices={choices} />
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching reviews" />
}
