// Edit Pre-Treat: what the page reads and what its posts do (shared with the new form, in
// app/features/pretreat-form/pretreat-form.server.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { loadPretreatForm, pretreatFormAction } from '#app/features/pretreat-form/pretreat-form.server.ts'

export const loader = ({ request, params }: LoaderFunctionArgs) => loadPretreatForm(request, params.id ?? '')
export const action = ({ request, params }: ActionFunctionArgs) => pretreatFormAction(request, params.id ?? '')
