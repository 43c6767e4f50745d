// Edit Pre-Treat (/create-pre-treat/{id}): the same form as New Pre-Treat, with the record's values,
// its version, and the VOID box with its notes. A completed pre-treat is shown, not saved.
import type { MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { PretreatFormPage } from '#app/features/pretreat-form/pretreat-form.tsx'
import { keepPageAfterPost } from '#app/components/form/form-result.ts'

export { action, loader } from './data.server.ts'
export const access = ACCESS['/create-pre-treat']
export const meta: MetaFunction = () => [{ title: 'Edit Pre-Treat' }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Edit Pre-Treat', to: '/create-pre-treat' },
  ],
}

export const shouldRevalidate = keepPageAfterPost

export const clientAction = clientActionCatchingNetworkErrors

export default PretreatFormPage

export function ErrorBoundary() {
  return <FormErrorBoundary notFoundText="That pre-treat does not exist." />
}
