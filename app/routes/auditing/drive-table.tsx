// The folder's table: Select, Name, Size, File Type, Last Modified; folders first; each header
// sorts (again: the other way); a folder's name goes into it; a pdf, docx, png or jpeg name opens
// the viewer right under its row (one row at a time); other types have no link. The checkboxes
// belong to the selection form (selection-bar.tsx), so the table needs no form of its own.
import { Link } from '@remix-run/react'
import { FileViewer } from '#app/components/drive/file-viewer.tsx'
import { SortHeader } from '#app/components/list/sort-header.tsx'
import { toSearch, toSearchParams, type ListState } from '#app/lists/list-params.ts'
import { formatFileSize } from '#core/formats.ts'
import type { EntryRow, LoaderData } from './data.server.ts'

export const SELECTION_FORM = 'drive-selection'

const COLUMNS = [
  { key: 'name', label: 'Name' },
  { key: 'size', label: 'Size' },
  { key: 'type', label: 'File Type' },
  { key: 'modified', label: 'Last Modified' },
] as const

/** Date and time in UTC, e.g. '2026-11-22 14:05'. */
export function formatModified(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`
}

export function DriveTable({ data }: { data: LoaderData }) {
  const { state, entries, opened, prefix } = data
  const openKey = opened?.key ?? null
  // the folder rides in state.keep, so this is the page as shown, without `open`
  const closeHref = toSearch(state)
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
            {COLUMNS.map((column) => (
              <SortHeader key={column.key} column={column} state={state} />
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 ? (
            <tr className="drive-empty">
              <td colSpan={5} className="muted">
                This folder is empty.
              </td>
            </tr>
          ) : null}
          {openElsewhere ? <ViewerRow file={openElsewhere} closeHref={closeHref} /> : null}
          {entries.map((entry) => (
            <EntryRows key={entry.key} entry={entry} state={state} open={entry.key === openKey ? opened : null} closeHref={closeHref} />
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

function EntryRows({ entry, state, open, closeHref }: { entry: EntryRow; state: ListState; open: LoaderData['opened']; closeHref: string }) {
  return (
    <>
      <tr className={open ? 'drive-row is-open' : 'drive-row'}>
        <td className="drive-select">{entry.is_folder ? null : <input type="checkbox" name="k" value={entry.key} form={SELECTION_FORM} aria-label={`Select ${entry.name}`} />}</td>
        <td className="drive-name">
          <EntryName entry={entry} state={state} open={!!open} />
        </td>
        <td className="cell-nowrap drive-size" data-label="Size">
          {entry.is_folder ? '—' : formatFileSize(entry.size_bytes)}
        </td>
        <td className="drive-type" data-label="File Type">
          {entry.file_type}
        </td>
        <td className="cell-nowrap drive-modified" data-label="Last Modified">
          {formatModified(entry.modified_at)}
        </td>
      </tr>
      {open ? <ViewerRow file={open} closeHref={closeHref} /> : null}
    </>
  )
}

function EntryName({ entry, state, open }: { entry: EntryRow; state: ListState; open: boolean }) {
  if (entry.is_folder) {
    return (
      <Link to={entry.key ? `?${new URLSearchParams({ p: entry.key })}` : '?'} className="drive-folder">
        {entry.name}
      </Link>
    )
  }
  if (!entry.openable) return <span>{entry.name}</span>
  const params = toSearchParams(state)
  if (!open) params.set('open', entry.key)
  return (
    <Link to={`?${params}`} preventScrollReset aria-expanded={open}>
      {entry.name}
    </Link>
  )
}
