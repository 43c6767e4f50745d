// Completed Service Sheets: every submitted sheet on the list engine, everything in the URL (works
// without JavaScript). A row opens the sheet in a modal with its own URL (view-service.$id.tsx).
// With ?i={storage id} (spec §7: plain or base64) it is one storage's list: the storage is named
// in the heading and the company and storage columns are left out.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { readWithAccess } from '#app/auth/guard.server.ts'
import { ServiceSheetList, type ServiceSheetListRowView } from '#app/components/service-lists.tsx'
import { cachedFilterChoices } from '#app/lists/filter-choices.server.ts'
import { loadServiceSheetList, serviceSheetList, storageHeading, storageIdParam } from '#app/lists/service-sheet-list.server.ts'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/view-service']
export const meta: MetaFunction = () => [{ title: 'Completed Service Sheets' }]
export const handle = { crumbs: [{ label: 'Service', to: '/service' }, { label: 'Completed Service Sheets', to: '/view-service' }] }

const filterChoices = cachedFilterChoices(serviceSheetList, ['company', 'storage', 'job'])

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb()
  const params = new URL(request.url).searchParams
  const storageId = storageIdParam(params)
  const { data } = await readWithAccess(request, access, () =>
    Promise.all([
      storageId === undefined ? null : loadServiceSheetList(db, params, { storageId: storageId ?? undefined }),
      filterChoices(db),
      storageId ? storageHeading(db, storageId) : null,
    ]),
  )
  const [list, choices, storage] = data
  if (!list || (storageId && !storage)) throw new Response('Not Found', { status: 404 })
  return { list, choices, storage }
}

export default function CompletedServiceSheets() {
  const { list, choices, storage } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <>
      <h1>{storage ? `Completed Service Sheets – ${storage.name}` : 'Completed Service Sheets'}</h1>
      {storage ? <p className="muted">{storage.company_name}</p> : null}
      <ServiceSheetList list={list} choices={choices} forStorage={Boolean(storage)} rowHref={(row: ServiceSheetListRowView) => `/view-service/${row.id}${search}`} />
      <Outlet />
    </>
  )
}
