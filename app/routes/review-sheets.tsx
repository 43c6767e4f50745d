// Review Service Sheets (Available Reviews): the open reviews of the levels the user holds
// (superusers: all), on the list screen kit. A row opens the review editor. A failed load shows
// 'Error fetching reviews'.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { ListErrorBoundary } from '#app/components/list/list-screen.tsx'
import { ReviewList } from '#app/components/service-lists.tsx'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { availableReviews } from '#app/lists/review-list.server.ts'

export const access = ACCESS['/review-sheets']
export const meta: MetaFunction = () => [{ title: 'Review Service Sheets' }]
export const handle = {
  crumbs: [
    { label: 'Service', to: '/service' },
    { label: 'Available Reviews', to: '/review-sheets' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, availableReviews)

export default function AvailableReviews() {
  const { list, choices } = useLoaderData<typeof loader>()
  return <ReviewList title="Available Reviews" list={list} choices={choices} exportTo="/review-sheets.csv" />
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching reviews" />
}
