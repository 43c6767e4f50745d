// The receipt form's server half (route.tsx is its page): what the page reads (the type chosen in
// the first step, and the lists its block needs) and what a post does (store the images it brings,
// validate, save the receipt, or refuse it saving nothing).
import { photoSettings } from '#core/config.server.ts'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { data as respond } from '@remix-run/node'
import type { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import type { FormResult } from '#app/components/form/form-result.ts'
import { parseSubmission, refuseForm, submitCommand } from '#app/command-answer.server.ts'
import { correctParam, requireCorrectable } from '#app/corrections.server.ts'
import { notFound } from '#app/http-errors.server.ts'
import { correctReceipt, deleteRecord } from '#commands/corrections.ts'
import { createReceipt } from '#commands/receipts.ts'
import { DELETE_INTENT } from '#core/corrections.ts'
import { parseUploadForm } from '#app/upload-form.server.ts'
import { RECEIPT_TYPES, type ReceiptType } from '#core/enums.ts'
import { IMAGE_REQUIRED, ReceiptSchema, SHOW_JOBS_INTENT } from '#core/schemas/receipt.ts'
import { getDb } from '#db/client.server.ts'
import { receiptFormValues, truckOptions, type TruckOption } from '#db/queries/receipts.ts'
import { companyOptions, jobOptions, type NamedOption } from '#db/queries/registry.ts'

const access = ACCESS['/receipt-form']

/** The type the first step chose (?type=Fuel), or null: then only the first step shows. */
function typeParam(params: URLSearchParams): ReceiptType | null {
  const type = params.get('type')
  return (RECEIPT_TYPES as readonly string[]).includes(type ?? '') ? (type as ReceiptType) : null
}

/** ?correct={id}: the receipt to correct, checked for this user first (decision 0067); its values fill the form. */
async function correction(request: Request) {
  const id = correctParam(request)
  if (id === null) return null
  const db = getDb()
  const { user, version } = await requireCorrectable(request, db, 'receipt', id)
  const form = await receiptFormValues(db, id)
  if (!form) throw notFound()
  return { user, id, version, ...form }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const correcting = await correction(request)
  if (!correcting) await requireAccess(request, access)
  const db = getDb()
  const type = correcting ? correcting.type : typeParam(new URL(request.url).searchParams)
  // only the lists the type's block shows
  const [trucks, customers, jobs] = await Promise.all([
    type === 'Fuel' ? truckOptions(db) : ([] as TruckOption[]),
    type === 'Expenses' || type === 'Parts' ? companyOptions(db) : ([] as NamedOption[]),
    type === 'Parts' ? jobOptions(db) : [],
  ])
  return {
    type,
    trucks,
    customers,
    jobs: jobs.map((j) => ({ id: j.id, name: j.name, company_id: j.company_id, company_name: j.company_name })),
    today: new Date().toLocaleDateString('en-CA'),
    submissionId: crypto.randomUUID(),
    photoSettings: photoSettings(),
    correcting: correcting && { id: correcting.id, version: correcting.version, values: correcting.values, images: correcting.images, deleteSubmissionId: crypto.randomUUID() },
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const correcting = await correction(request)
  const user = correcting ? correcting.user : await requireAccess(request, access)
  // Without JavaScript the image comes in this post and is stored here (image files only); with
  // JavaScript it is already uploaded and the post carries its id. A refused post keeps none of
  // the files it brought (upload.settle).
  const upload = await parseUploadForm(request, { area: 'receipts', user })
  const { formData, errors } = upload
  if (errors.length > 0) {
    const details = errors.map((e) => (e.filename ? `${e.filename}: ${e.error}` : e.error))
    return upload.settle(refuseForm(request, parseSubmission(formData, ReceiptSchema), { images: [IMAGE_REQUIRED, ...details] }))
  }
  if (formData.get('intent') === SHOW_JOBS_INTENT) {
    // Without JavaScript: the same form back (its image kept), the Job list now the customer's; nothing saved.
    const values = parseSubmission(formData, ReceiptSchema).payload as FormResult['initialValue']
    return upload.settle(respond<FormResult>({ initialValue: values, error: {} }))
  }
  if (correcting && formData.get('intent') === DELETE_INTENT) {
    return upload.settle(
      await submitCommand({ request, form: formData, command: deleteRecord, actor: user, fixed: { kind: 'receipt', record_id: correcting.id }, redirectTo: `/view-receipt/${correcting.id}` }),
    )
  }
  return upload.settle(
    correcting
      ? await submitCommand({ request, form: formData, command: correctReceipt, actor: user, fixed: { record_id: correcting.id }, redirectTo: `/view-receipt/${correcting.id}` })
      : await submitCommand({ request, form: formData, command: createReceipt, actor: user, redirectTo: '/receipt' }),
  )
}

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
