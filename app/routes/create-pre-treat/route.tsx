// New Pre-Treat (/create-pre-treat): the company, then the pre-treat form; saved, it is staged
// (app/features/pretreat-form/pretreat-form.tsx; decision 0035).
import type { MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { PretreatFormPage } from '#app/features/pretreat-form/pretreat-form.tsx'
import { keepPageAfterPost } from '#app/components/form/form-result.ts'

export { action, loader } from './data.server.ts'
export const access = ACCESS['/create-pre-treat']
export const meta: MetaFunction = () => [{ title: 'New Pre-Treat' }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'New Pre-Treat', to: '/create-pre-treat' },
  ],
}

// After a POST (a refused save, with JavaScript) the form stays as it is: reloading would only read it again.
export const shouldRevalidate = keepPageAfterPost

export const clientAction = clientActionCatchingNetworkErrors

export default PretreatFormPage

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/create-pre-treat" />
}
