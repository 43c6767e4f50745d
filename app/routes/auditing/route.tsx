// Auditing drive (operations.md §2 Auditing drive, §4, §6, §8, §9; docs/decisions/0024-auditing-drive.md):
// a folder and file browser over the BlobStore. The folder, sort, page, search, opened row and the
// selection's next step are all in the URL (data.server.ts), so every view can be bookmarked and
// works without JavaScript. Parts: drive-actions.tsx (create folder, uploads, delete folder),
// drive-table.tsx (the table and the opened row's viewer), selection-bar.tsx (download, delete).
import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import driveCss from '#app/styles/drive.css?url'
import { FlashNotice } from '#app/components/form/flash-notice.tsx'
import { Pager } from '#app/components/list/pager.tsx'
import { KeptParams, PageSizeField } from '#app/components/list/list-toolbar.tsx'
import { PARAM } from '#app/lists/list-params.ts'
import { formatFileSize } from '#core/formats.ts'
import { ancestorsOf, splitKey } from '#storage/drive-keys.ts'
import type { ActionData, LoaderData, loader } from './data.server.ts'
import { DELETED_PARAM, driveHref } from './drive-href.ts'
import { DriveActions } from './drive-actions.tsx'
import { DriveTable, formatModified } from './drive-table.tsx'
import { SelectionBar, SelectionStep } from './selection-bar.tsx'

export { action, loader } from './data.server.ts'
/** The rule the loader checks, for the menus (app/access.ts). */
export const access = ACCESS['/auditing']
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: driveCss }]
export const meta: MetaFunction = () => [{ title: 'Auditing' }]
export const handle = { crumbs: [{ label: 'Auditing', to: '/auditing' }] }

export default function AuditingDrive() {
  const data = useLoaderData<typeof loader>() as LoaderData
  const result = useActionData() as ActionData | undefined
  const { pathname, search } = useLocation()
  return (
    <div className="drive">
      <FlashNotice />
      <DeletedNotice />
      <h1>Auditing</h1>
      <div className="drive-bar">
        <FolderPath prefix={data.prefix} />
        <Link to={`${pathname}${search}`} className="button button-secondary" preventScrollReset>
          Refresh
        </Link>
      </div>
      <SearchBox data={data} />
      {data.search ? <SearchResults search={data.search} /> : null}
      <DriveActions data={data} result={result} />
      <SelectionStep data={data} />
      <SelectionBar data={data} />
      <DriveTable data={data} />
      <div className="drive-paging">
        <PageSize data={data} />
        <Pager state={data.state} totalPages={data.counts.totalPages} total={data.counts.total} label="Folder pages" />
      </div>
    </div>
  )
}

/** After a delete of files, the drive says what it did (the confirmation asked 'Delete these 2 files?'). */
function DeletedNotice() {
  const { search } = useLocation()
  const count = Number(new URLSearchParams(search).get(DELETED_PARAM))
  if (!Number.isSafeInteger(count) || count < 1) return null
  return (
    <p className="notice notice-success" role="status">
      {count === 1 ? 'Deleted 1 file.' : `Deleted ${count} files.`}
    </p>
  )
}

/** The folder path as links: Drive / a / b. */
function FolderPath({ prefix }: { prefix: string }) {
  const folders = ancestorsOf(prefix)
  return (
    <nav aria-label="Folder path" className="drive-path">
      <ol>
        <li>{prefix ? <Link to="/auditing">Drive</Link> : <span aria-current="page">Drive</span>}</li>
        {folders.map((key) => (
          <li key={key}>{key === prefix ? <span aria-current="page">{splitKey(key).name}</span> : <Link to={driveHref(key)}>{splitKey(key).name}</Link>}</li>
        ))}
      </ol>
    </nav>
  )
}

function SearchBox({ data }: { data: LoaderData }) {
  return (
    <Form method="get" action="/auditing" role="search" aria-label="Search the drive" className="drive-search">
      {data.prefix ? <input type="hidden" name="p" value={data.prefix} /> : null}
      <label htmlFor="drive-q">Search by name or words inside</label>
      <div className="drive-action-row">
        <input id="drive-q" name="q" type="search" maxLength={200} defaultValue={data.search?.q ?? ''} autoComplete="off" />
        <button type="submit" className="button">
          Search
        </button>
      </div>
    </Form>
  )
}

function SearchResults({ search }: { search: NonNullable<LoaderData['search']> }) {
  return (
    <section aria-label="Search results" className="drive-results">
      <h2>
        {search.hits.length === 0 ? 'No files found' : `${search.hits.length} file${search.hits.length === 1 ? '' : 's'} found`} for “{search.q}”
      </h2>
      {search.hits.length > 0 ? (
        <div className="drive-table-wrap">
          <table className="list-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Folder</th>
                <th scope="col">Size</th>
                <th scope="col">Last Modified</th>
              </tr>
            </thead>
            <tbody>
              {search.hits.map((hit) => (
                <tr key={hit.key}>
                  <td>
                    {hit.name}
                    {hit.match === 'content' ? <span className="muted"> (words inside)</span> : null}
                  </td>
                  <td>
                    <Link to={driveHref(hit.folder)}>{hit.folder || 'Drive'}</Link>
                  </td>
                  <td className="cell-nowrap">{formatFileSize(hit.size_bytes)}</td>
                  <td className="cell-nowrap">{formatModified(hit.modified_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}

/** The list engine's page size, as a GET form (a new size submits by itself with JavaScript). */
function PageSize({ data }: { data: LoaderData }) {
  const { state } = data
  return (
    <Form method="get" action="/auditing" className="list-toolbar drive-page-size" aria-label="Page size">
      <KeptParams state={state} />
      <input type="hidden" name={PARAM.sortBy} value={state.sortBy} />
      <input type="hidden" name={PARAM.order} value={state.order} />
      <PageSizeField id="drive-page-size" state={state} />
      <noscript>
        <button type="submit" className="button button-secondary">
          Show
        </button>
      </noscript>
    </Form>
  )
}
