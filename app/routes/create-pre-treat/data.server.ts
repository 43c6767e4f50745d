// New pre-treat: what the page reads and what its posts do (shared with the edit, in
// app/features/pretreat-form/pretreat-form.server.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { loadPretreatForm, pretreatFormAction } from '#app/features/pretreat-form/pretreat-form.server.ts'

export const loader = ({ request }: LoaderFunctionArgs) => loadPretreatForm(request)
export const action = ({ request }: ActionFunctionArgs) => pretreatFormAction(request)
