// Completed Reviews: the approved reviews of every level, for level-3 reviewers. A row opens the
// review read-only in the review editor. A failed load shows 'Error fetching reviews'.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { useLoaderData } from '@remix-run/react'
import { readWithAccess } from '#app/auth/guard.server.ts'
import { ListErrorBoundary, ReviewList } from '#app/components/service-lists.tsx'
import { cachedFilterChoices } from '#app/lists/filter-choices.server.ts'
import { completedReviewList } from '#app/lists/review-list.server.ts'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/completed-reviews']
export const meta: MetaFunction = () => [{ title: 'Completed Reviews' }]
export const handle = { crumbs: [{ label: 'Service', to: '/service' }, { label: 'Completed Reviews', to: '/completed-reviews' }] }

const filterChoices = cachedFilterChoices(completedReviewList, ['company', 'storage', 'job'])

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb()
  const { data } = await readWithAccess(request, access, () =>
    Promise.all([completedReviewList.load(db, new URL(request.url).searchParams), filterChoices(db)]),
  )
  const [list, choices] = data
  return { list, choices }
}

export default function CompletedReviews() {
  const { list, choices } = useLoaderData<typeof loader>()
  return <ReviewList heading="Completed Reviews" list={list} choices={choices} />
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching reviews" />
}
