// /manage-product.csv: Products as a CSV download, the current filter and sort, with the screen's
// columns, streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { products } from '#app/lists/product-list.server.ts'
import { access, COLUMNS } from './manage-product.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, products, { columns: COLUMNS, name: 'Products' })
