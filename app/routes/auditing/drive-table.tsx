// The folder's table: Select, Name, Size, File Type, Last Modified; folders first; each header
// sorts (again: the other way); a folder's name goes into it; a pdf, docx, png or jpeg name opens
// the viewer right under its row (one row at a time); other types have no link. The checkboxes
// belong to the selection form (selection-bar.tsx), so the table needs no form of its own.
import { Link } from '@remix-run/react'
import { FileViewer } from '#app/components/drive/file-viewer.tsx'
import { toSearch, type ListState, type SortOrder } from '#app/lists/list-params.ts'
import { formatFileSize } from '#core/formats.ts'
import type { EntryRow, LoaderData } from './data.server.ts'

export const SELECTION_FORM = 'drive-selection'

const COLUMNS = [
  { key: 'name', label: 'Name' },
  { key: 'size', label: 'Size' },
  { key: 'type', label: 'File Type' },
  { key: 'modified', label: 'Last Modified' },
] as const

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

/** Date and time in UTC, e.g. '2026-11-22 14:05'. */
export function formatModified(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`
}

/** This page's URL without `open`: the folder, its sort and its page kept. */
function pageHref(state: ListState, prefix: string): string {
  const params = new URLSearchParams(toSearch(state).slice(1))
  if (prefix) params.set('p', prefix)
  return `?${params}`
}

export function DriveTable({ data }: { data: LoaderData }) {
  const { state, entries, opened, prefix } = data
  const openKey = opened?.key ?? null
  const closeHref = pageHref(state, prefix)
  // a bookmarked file on another page (or in another folder) still opens: above the rows
  const openElsewhere = opened && !entries.some((e) => e.key === openKey) ? opened : null
  return (
    <div className="drive-table-wrap">
      <table className="list-table drive-table">
        <caption className="visually-hidden">Files and folders in {prefix || 'the drive'}</caption>
        <thead>
          <tr>
            <th scope="col" className="drive-select">
              Select
            </th>
            {COLUMNS.map((column) => {
              const active = state.sortBy === column.key
              const next: SortOrder = active && state.order === 'asc' ? 'desc' : 'asc'
              return (
                <th key={column.key} scope="col" aria-sort={active ? ARIA_SORT[state.order] : 'none'}>
                  <Link to={toSearch(state, { sortBy: column.key, order: next, currentPage: 1 })} className="list-sort" preventScrollReset>
                    {column.label}
                    <span className="list-sort-icon" aria-hidden="true">
                      {active ? (state.order === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </Link>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 ? (
            <tr>
              <td colSpan={5} className="muted">
                This folder is empty.
              </td>
            </tr>
          ) : null}
          {openElsewhere ? <ViewerRow file={openElsewhere} closeHref={closeHref} /> : null}
          {entries.map((entry) => (
            <EntryRows key={entry.key} entry={entry} state={state} prefix={prefix} open={entry.key === openKey ? opened : null} closeHref={closeHref} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function ViewerRow({ file, closeHref }: { file: NonNullable<LoaderData['opened']>; closeHref: string }) {
  return (
    <tr className="drive-viewer-row">
      <td colSpan={5}>
        <FileViewer file={file} closeHref={closeHref} />
      </td>
    </tr>
  )
}

function EntryRows({ entry, state, prefix, open, closeHref }: { entry: EntryRow; state: ListState; prefix: string; open: LoaderData['opened']; closeHref: string }) {
  return (
    <>
      <tr className={open ? 'drive-row is-open' : 'drive-row'}>
        <td className="drive-select">
          {entry.is_folder ? null : <input type="checkbox" name="k" value={entry.key} form={SELECTION_FORM} aria-label={`Select ${entry.name}`} />}
        </td>
        <td className="drive-name">
          <EntryName entry={entry} state={state} prefix={prefix} open={!!open} />
        </td>
        <td className="cell-nowrap">{entry.is_folder ? '—' : formatFileSize(entry.size_bytes)}</td>
        <td>{entry.file_type}</td>
        <td className="cell-nowrap">{formatModified(entry.modified_at)}</td>
      </tr>
      {open ? <ViewerRow file={open} closeHref={closeHref} /> : null}
    </>
  )
}

function EntryName({ entry, state, prefix, open }: { entry: EntryRow; state: ListState; prefix: string; open: boolean }) {
  if (entry.is_folder) {
    return (
      <Link to={entry.key ? `?${new URLSearchParams({ p: entry.key })}` : '?'} className="drive-folder">
        {entry.name}
      </Link>
    )
  }
  if (!entry.openable) return <span>{entry.name}</span>
  const params = new URLSearchParams(pageHref(state, prefix).slice(1))
  if (!open) params.set('open', entry.key)
  return (
    <Link to={`?${params}`} preventScrollReset aria-expanded={open}>
      {entry.name}
    </Link>
  )
}
