// The spec's upload protocol (operations.md §7 Drive, Images):
//   POST /api/upload/ {data:{files:[{key,size,chunk_count}]},bucket,prefix}
//        → {data:[{key,upload_id,urls}]}     one signed part URL per 5 MiB chunk
//   PUT  /api/upload/ {data:{files:[{key,size,uploadId,chunks:[{part,chunkRecord}]}]},bucket,prefix}
//        → {data:{results:[{success,id}]}}   chunkRecord is the part's ETag
// `bucket` names the area (drive, receipts, service, storage_checks, storages). Signed in, the
// X-CSRF-Token header, and the area's add permission are required. In the drive, `prefix` is the
// folder ('' or 'a/b/') and a file's key may be a relative path (a folder upload keeps its tree);
// each completed drive file's result also carries its drive key.
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireApiUser, verifyCsrfHeader } from '#app/auth/guard.server.ts'
import { DATE_WINDOW_TEXT, isInDateWindow } from '#core/formats.ts'
import { hasAnyPermission, type Permission } from '#core/permissions.ts'
import { getDb } from '#db/client.server.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { MAX_FILES_PER_REQUEST, UploadError, completeUploads, startUploads } from '#storage/uploads.server.ts'
import { documentsUploaded } from '#jobs/documents/conversions.server.ts'
import type { BlobArea } from '#core/enums.ts'

const MAX_BODY_BYTES = 1024 * 1024

const error = (status: number, message: string, headers?: HeadersInit) => Response.json({ error: message }, { status, headers })

export async function loader() {
  return error(405, 'Use POST to start an upload and PUT to complete it.', { Allow: 'POST, PUT' })
}

/** Which permissions let a user upload into each area. */
const UPLOAD_PERMISSIONS: Record<Exclude<BlobArea, 'documents'>, readonly Permission[]> = {
  drive: ['api.add_s3bucket'],
  receipts: ['api.add_receipt'],
  service: ['api.add_servicesheet'],
  storage_checks: ['api.add_storagecheck'],
  storages: ['api.add_storage', 'api.change_storage'],
}

const AREA_ALIASES: Record<string, keyof typeof UPLOAD_PERMISSIONS> = {
  drive: 'drive',
  auditing: 'drive',
  receipts: 'receipts',
  receipt: 'receipts',
  service: 'service',
  service_images: 'service',
  servicesheet: 'service',
  storage_checks: 'storage_checks',
  storage_check: 'storage_checks',
  checks: 'storage_checks',
  storages: 'storages',
  storage: 'storages',
}

/** 'receipts', 'receipts/', 'Storage-Checks' … → the area, or null. */
function areaOf(bucket: string): keyof typeof UPLOAD_PERMISSIONS | null {
  const name = bucket
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase()
    .replace(/-/g, '_')
  return Object.hasOwn(AREA_ALIASES, name) ? AREA_ALIASES[name]! : null
}

const envelope = {
  bucket: z.string({ error: 'bucket is required.' }).min(1, 'bucket is required.').max(100),
  prefix: z.string().max(1024).nullish(),
}

const StartSchema = z.object({
  data: z.object({
    files: z
      .array(
        z.object({
          key: z.string().min(1, 'Every file needs a name.').max(1024),
          size: z.number().int().nonnegative(),
          chunk_count: z.number().int().nonnegative(), // 0 for an empty file, refused below as 'File is empty.'
        }),
      )
      .min(1, 'No files to upload.')
      .max(MAX_FILES_PER_REQUEST, `Too many files at once (max ${MAX_FILES_PER_REQUEST}).`),
  }),
  ...envelope,
})

/** What the device read of a resized photo's original (core/photos.ts PhotoFacts): a time in the app's window, a position on Earth. */
const PhotoFactsSchema = z
  .object({
    takenAt: z.iso
      .datetime({ offset: true })
      .refine((at) => isInDateWindow(new Date(at).toISOString().slice(0, 10)), `takenAt must be ${DATE_WINDOW_TEXT}.`)
      .nullable(),
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
  })
  .refine((p) => (p.latitude === null) === (p.longitude === null), 'A position needs both latitude and longitude.')

const CompleteSchema = z.object({
  data: z.object({
    files: z
      .array(
        z.object({
          key: z.string().min(1).max(1024),
          size: z.number().int().nonnegative(),
          uploadId: z.string().min(1).max(200),
          chunks: z
            .array(
              z.object({
                part: z.number().int().positive(),
                chunkRecord: z.union([z.string().max(200), z.record(z.string(), z.unknown())]),
              }),
            )
            .min(1)
            .max(10_000),
          sha256: z
            .string()
            .regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 lowercase hex digits.')
            .optional(),
          photo: PhotoFactsSchema.optional(),
        }),
      )
      .min(1, 'No files to upload.')
      .max(MAX_FILES_PER_REQUEST, `Too many files at once (max ${MAX_FILES_PER_REQUEST}).`),
  }),
  ...envelope,
})

function describe(issues: z.core.$ZodIssue[]): string {
  const issue = issues[0]
  if (!issue) return 'The request is not valid.'
  const where = issue.path.length ? `${issue.path.join('.')}: ` : ''
  return `${where}${issue.message}`
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST' && request.method !== 'PUT') {
    return error(405, 'Use POST to start an upload and PUT to complete it.', { Allow: 'POST, PUT' })
  }
  const user = await requireApiUser(request)
  await verifyCsrfHeader(request)

  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return error(413, 'The request is too large.')
  let body: unknown
  try {
    const text = await request.text()
    if (text.length > MAX_BODY_BYTES) return error(413, 'The request is too large.')
    body = JSON.parse(text)
  } catch {
    return error(400, 'The request body must be JSON.')
  }

  const db = getDb()
  const store = getBlobStore()
  const areaFor = (bucket: string): keyof typeof UPLOAD_PERMISSIONS | Response => {
    const area = areaOf(bucket)
    if (!area) return error(400, 'Unknown upload area.')
    if (!hasAnyPermission(user, UPLOAD_PERMISSIONS[area])) return error(403, 'You do not have permission to upload here.')
    return area
  }
  try {
    if (request.method === 'POST') {
      const parsed = StartSchema.safeParse(body)
      if (!parsed.success) return error(400, describe(parsed.error.issues))
      const area = areaFor(parsed.data.bucket)
      if (area instanceof Response) return area
      return Response.json({ data: await startUploads(db, store, user, area, parsed.data.data.files, { prefix: parsed.data.prefix ?? '' }) })
    }
    const parsed = CompleteSchema.safeParse(body)
    if (!parsed.success) return error(400, describe(parsed.error.issues))
    const area = areaFor(parsed.data.bucket)
    if (area instanceof Response) return area
    const completed = await completeUploads(db, store, user, area, parsed.data.data.files, { prefix: parsed.data.prefix ?? '' })
    if (area === 'drive') {
      const ids = completed.results.flatMap((r) => (r.success && r.id ? [r.id] : []))
      // the files are saved; queuing their conversion or indexing must not turn that into an error
      await documentsUploaded(db, ids).catch((e) => console.error('documentsUploaded failed', e))
    }
    return Response.json({ data: completed })
  } catch (e) {
    if (e instanceof UploadError) return error(e.status, e.message)
    throw e
  }
}
