// GET /outgoing-mail/{id}.eml: a report written as a .eml file in the file store (no SMTP_URL),
// downloaded as it is, for those who may open Outgoing Mail. 404 when the report has no file, its
// name is not one the mailer makes, or the store no longer has it.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { notFound } from '#app/http-errors.server.ts'
import { requireId } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { reportById } from '#db/queries/grower-reports.ts'
import { EML_TYPE, readMailFile } from '#mail/mailer.server.ts'
import { getBlobStore } from '#storage/index.server.ts'

export const access = ACCESS['/outgoing-mail']

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const report = await reportById(getDb(), requireId(params))
  const bytes = report?.eml_file ? await readMailFile(getBlobStore(), report.eml_file) : null
  if (!report || !bytes) throw notFound()
  return new Response(new Uint8Array(bytes), {
    headers: { 'Content-Type': EML_TYPE, 'Content-Disposition': `attachment; filename="${report.eml_file}"`, 'Cache-Control': 'private, no-store' },
  })
}
