// GET /api/files?p={base64 of the URL-encoded folder} (operations.md §7 Drive) → one page of the
// folder, folders first: {files, data} (the same list under the spec's name and the brief's), each
// a File entry (§3: key, type, size_bytes, modified_at_utc, created_at_utc), with total, total_pages
// and current_page. The list parameters sort_by (name, size, type, modified), order, page_size and
// current_page page it as the drive screen does.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { refusalResponse } from '#app/command-answer.server.ts'
import { jsonError, requireDriveUser } from '#app/drive-api.server.ts'
import { parseListParams } from '#app/lists/list-params.ts'
import { getDb } from '#db/client.server.ts'
import { decodeParam, parsePrefix } from '#storage/drive-keys.ts'
import { DRIVE_SORTS, folderExists, listFolder } from '#storage/drive.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireDriveUser(request, 'browse')
  const url = new URL(request.url)
  const raw = url.searchParams.get('p')
  const decoded = raw === null || raw === '' ? '' : decodeParam(raw)
  if (decoded === null) return jsonError(400, 'p must be the base64 of the URL-encoded folder.')
  const prefix = parsePrefix(decoded)
  if (!prefix.ok) return jsonError(400, prefix.error)
  const { state, errors } = parseListParams(url.searchParams, { sortable: DRIVE_SORTS, filterable: [], defaultSort: 'name', defaultOrder: 'asc' })
  const problem = Object.values(errors)[0]
  if (problem) return jsonError(400, problem)
  try {
    const db = getDb()
    if (!(await folderExists(db, prefix.value))) return jsonError(404, 'The folder does not exist.')
    const list = await listFolder(db, prefix.value, { sort: state.sortBy, order: state.order, page: state.currentPage, pageSize: state.pageSize })
    const files = list.entries.map((e) => ({
      key: e.key,
      type: e.file_type,
      size_bytes: e.size_bytes,
      modified_at_utc: e.modified_at.toISOString(),
      created_at_utc: e.created_at.toISOString(),
    }))
    return Response.json({ files, data: files, total: list.total, total_pages: list.totalPages, current_page: list.page }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return refusalResponse(error)
  }
}
