// Completed Reviews: the approved reviews of every level, for level-3 reviewers, on the list screen
// kit. A row opens the review read-only in the review editor. A failed load shows 'Error fetching reviews'.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { ListErrorBoundary } from '#app/components/list/list-screen.tsx'
import { ReviewList } from '#app/components/service-lists.tsx'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { completedReviews } from '#app/lists/review-list.server.ts'

export const access = ACCESS['/completed-reviews']
export const meta: MetaFunction = () => [{ title: 'Completed Reviews' }]
export const handle = {
  crumbs: [
    { label: 'Service', to: '/service' },
    { label: 'Completed Reviews', to: '/completed-reviews' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, completedReviews)

export default function CompletedReviews() {
  const { list, choices } = useLoaderData<typeof loader>()
  return <ReviewList title="Completed Reviews" list={list} choices={choices} exportTo="/completed-reviews.csv" />
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching reviews" />
}
