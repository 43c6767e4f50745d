// GET /outgoing-mail/{id}.eml: a report written as a .eml file (no SMTP_URL), downloaded as it is,
// for those who may open Outgoing Mail. 404 when the report has no file, or the file is gone.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { notFound } from '#app/http-errors.server.ts'
import { requireId } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { reportById } from '#db/queries/grower-reports.ts'
import { readMailFile } from '#mail/mailer.server.ts'

export const access = ACCESS['/outgoing-mail']

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const report = await reportById(getDb(), requireId(params))
  const bytes = report?.eml_file ? await readMailFile(report.eml_file) : null
  if (!report || !bytes) throw notFound()
  return new Response(new Uint8Array(bytes), {
    headers: { 'Content-Type': 'message/rfc822', 'Content-Disposition': `attachment; filename="${report.eml_file}"`, 'Cache-Control': 'private, no-store' },
  })
}
