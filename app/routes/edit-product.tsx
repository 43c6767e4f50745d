// Edit Product, its first step: /edit-product asks for a product by name (any, active or not; a GET
// form: ?name=… goes on to /edit-product/{id}); /edit-product/{id} is the child route with the form
// (edit-product.$id.tsx).
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { REGISTRIES, registryHandle, RegistryPickerPage } from '#app/components/admin/registry.tsx'
import { pickRecord } from '#app/components/admin/record-picker.tsx'
import { PRODUCT_MESSAGES } from '#core/schemas/product.ts'
import { getDb } from '#db/client.server.ts'
import { productOptions } from '#db/queries/products.ts'

export const access = ACCESS['/edit-product']
export const meta: MetaFunction = () => [{ title: 'Edit Product' }]
export const handle = registryHandle(REGISTRIES.product, 'Edit')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  if (params.id !== undefined) return { picker: null }
  const products = await productOptions(getDb(), { activeOnly: false })
  const options = products.map((p) => ({ id: p.id, name: p.product_name, detail: p.active ? undefined : 'inactive' }))
  const step = pickRecord(options, new URL(request.url).searchParams.get('name') ?? '', PRODUCT_MESSAGES.unknown)
  if ('chosen' in step) throw redirect(`/edit-product/${step.chosen}`)
  return step
}

export default function EditProductStep() {
  const { picker } = useLoaderData<typeof loader>()
  if (!picker) return <Outlet />
  return <RegistryPickerPage registry={REGISTRIES.product} picker={picker} label="Product" />
}
