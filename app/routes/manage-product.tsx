// Products (/manage-product): every chemical with its quantity inputs and label limits, on the list
// kit (copied from view-calls.tsx; decision 0017). A row opens /edit-product/{id} for those who may
// edit (for the others it opens nothing: no link leads to a 403); Add Product shows to those who may
// add. manage-product[.]csv.ts exports the current filter and sort with these columns.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, type CardLayout } from '#app/components/list/list-screen.tsx'
import { activeText, REGISTRIES, registryHandle, RegistryList } from '#app/components/admin/registry.tsx'
import { products, type ProductListRow } from '#app/lists/product-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'

export const access = ACCESS['/manage-product']
export const meta: MetaFunction = () => [{ title: 'Products' }]
export const handle = registryHandle(REGISTRIES.product)

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, products)

type Row = ProductListRow

const orNone = (value: string | number | null) => (value === null ? '' : String(value))

export const COLUMNS: Column<Row>[] = [
  { key: 'product', label: 'Product', text: (r) => r.product_name, className: 'cell-nowrap' },
  { key: 'registration', label: 'EPA Reg. No.', text: (r) => r.registration },
  { key: 'units', label: 'Units', text: (r) => r.units },
  { key: 'ppm', label: 'PPM', text: (r) => orNone(r.ppm), sortable: false, className: 'cell-nowrap' },
  { key: 'ppm_constant', label: 'PPM Constant', text: (r) => orNone(r.ppm_constant), sortable: false, className: 'cell-nowrap' },
  { key: 'per', label: 'Per', text: (r) => orNone(r.per), sortable: false, className: 'cell-nowrap' },
  { key: 'converter', label: 'Converter', text: (r) => orNone(r.converter), sortable: false, className: 'cell-nowrap' },
  { key: 'min_qty', label: 'Min Qty', text: (r) => orNone(r.min_qty), sortable: false, className: 'cell-nowrap' },
  { key: 'max_ppm', label: 'Max PPM / Application', text: (r) => orNone(r.max_ppm_per_application), sortable: false, className: 'cell-nowrap' },
  { key: 'max_applications', label: 'Max Applications / Season', text: (r) => orNone(r.max_applications_per_season), sortable: false, className: 'cell-nowrap' },
  { key: 'active', label: 'Status', text: activeText },
]

const CARD: CardLayout<Row> = {
  title: (r) => r.product_name,
  fields: [
    { label: 'EPA Reg. No.', value: (r) => r.registration || '—' },
    { label: 'Units', value: (r) => r.units },
    {
      label: 'Label limits',
      value: (r) => (r.max_ppm_per_application || r.max_applications_per_season ? `${r.max_ppm_per_application ?? '—'} ppm, ${r.max_applications_per_season ?? '—'} per season` : 'None'),
    },
    { label: 'Status', value: activeText },
  ],
}

const FILTERS = [
  { key: 'product', label: 'Product' },
  { key: 'registration', label: 'EPA Reg. No.' },
  { key: 'units', label: 'Units' },
]

export default function Products() {
  const { list, choices } = useLoaderData<typeof loader>()
  return <RegistryList registry={REGISTRIES.product} add={ACCESS['/add-product']} edit={ACCESS['/edit-product']} list={list} columns={COLUMNS} card={CARD} filters={FILTERS} choices={choices} />
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching products" />
}
